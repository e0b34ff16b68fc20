/**
 * Leads benchmark: seeds 100,000 contacts and 200,000 submissions into a fresh database,
 * then times the contacts list (first page, a deep page, a search, a status filter), the
 * dashboard and two full CSV exports (every contact; every submission of the Free Analysis
 * form) through the real services (server/contacts, server/dashboard, server/forms/export.ts,
 * server/http/csv.ts), on SQLite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
 * PostgreSQL server, on PostgreSQL too. Prints server time p50/p95 per case (target p95 <
 * 100 ms) and each export's time and peak memory.
 * Usage: npm run bench:leads [-- --contacts 100000 --runs 40]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { tsImport } from "tsx/esm/api";
import { freshPostgres } from "./lib/bench-server.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CONTACTS = opt("contacts", 100_000);
const SUBMISSIONS = CONTACTS * 2;
const RUNS = opt("runs", 40);
const TARGET_P95_MS = 100;

const {
  createDatabase,
  migrateToLatest,
  contactSources,
  listContacts: listPage,
  contactCsvColumns,
  contactCsvRows,
  contactSubmissions,
  dashboardData,
  getFreeAnalysisForm,
  submissionCsvColumns,
  submissionCsvRows,
  csvChunks,
  sql,
} = await tsImport("./bench-leads.services.ts", import.meta.url);

/** What GET /api/admin/contacts reads: the page, and the sources for the filter menu. */
const listContacts = (db, query, me) => Promise.all([listPage(db, query, me), contactSources(db)]);

// Deterministic data (mulberry32).
let seed = 0x1ead5;
function rand() {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(rand() * list.length)];
const first =
  "Ana Ben Carla Dana Eli Farah Gus Hana Ivan Jo Kai Lena Marco Nia Omar Pia Quinn Rosa Sam Tara Uma Vic Wes Yara Zoë".split(
    " ",
  );
const last = (
  "Garcia Smith Nguyen Patel Kim Ruiz Brown Lopez Chen Martin Walker Young Hall Allen King Wright Scott Green Baker " +
  "Adams Nelson Hill Campbell Mitchell Roberts"
).split(" ");
const trade =
  "Auto Care|Dental|Bakery|Plumbing|Salon|Coffee|Fitness|Pet Spa|Florist|Tacos|Books|Bikes|Vet Clinic|Law Office|Boutique".split(
    "|",
  );
const statuses = ["new", "new", "new", "contacted", "contacted", "qualified", "customer", "lost"];
const sources = ["contact", "contact", "contact", "calculator", "calculator", "partner-referral", "manual"];
const volumes = ["under-10k", "10k-50k", "50k-100k", "100k-250k", "250k-plus"];
const SPAN_MS = 730 * 86_400_000;
const now = Date.now();

async function insertMany(db, table, rows, chunk) {
  for (let i = 0; i < rows.length; i += chunk)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .execute();
}

async function seedDatabase(db, formId) {
  const users = Array.from({ length: 6 }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Staff ${i + 1}`,
    email: `staff${i + 1}@meritum.bench`,
    emailVerified: true,
    image: null,
    createdAt: new Date(now).toISOString(),
    updatedAt: new Date(now).toISOString(),
    twoFactorEnabled: false,
    role: i === 0 ? "admin" : "editor",
    banned: false,
    banReason: null,
    banExpires: null,
  }));
  await db.insertInto("user").values(users).execute();
  const started = performance.now();
  const contacts = [];
  for (let i = 0; i < CONTACTS; i++) {
    const created = new Date(now - Math.floor(rand() * SPAN_MS)).toISOString();
    const name = `${pick(first)} ${pick(last)}`;
    contacts.push({
      id: crypto.randomUUID(),
      email: `lead${i}@example${i % 997}.com`,
      name,
      business_name: `${name.split(" ")[1]} ${pick(trade)}`,
      phone: `(480) 555-${String(i % 10_000).padStart(4, "0")}`,
      website: null,
      status: pick(statuses),
      submission_count: 2,
      created_at: created,
      updated_at: created,
      last_submitted_at: created,
      lead_profile: JSON.stringify({
        monthlyVolume: pick(volumes),
        ...(rand() < 0.5 ? { currentProcessor: "Square" } : {}),
      }),
      source: pick(sources),
      first_landing_page: "/contact",
      first_referrer: null,
      first_utm_source: rand() < 0.3 ? "google" : null,
      first_utm_medium: null,
      first_utm_campaign: null,
      owner_id: rand() < 0.6 ? pick(users).id : null,
      lost_reason: null,
    });
  }
  await db.transaction().execute((trx) => insertMany(trx, "contacts", contacts, 500));
  const submissions = [];
  for (let i = 0; i < SUBMISSIONS; i++) {
    const c = contacts[i % CONTACTS];
    const profile = JSON.parse(c.lead_profile);
    // What the Free Analysis form stores (the export's field columns read these).
    const answers = [
      { key: "name", label: "Your name", type: "text", value: c.name },
      { key: "businessName", label: "Business name", type: "text", value: c.business_name },
      { key: "email", label: "E-mail", type: "email", value: c.email },
      { key: "phone", label: "Phone", type: "phone", value: c.phone },
      { key: "monthlyVolume", label: "Monthly card volume", type: "select", value: profile.monthlyVolume },
      { key: "paymentMethods", label: "How do you take payments?", type: "multiselect", value: ["In person"] },
      { key: "consent", label: "I agree to be contacted", type: "consent", value: true },
    ];
    submissions.push({
      id: crypto.randomUUID(),
      contact_id: c.id,
      name: c.name,
      business_name: c.business_name,
      email: c.email,
      phone: c.phone,
      website: null,
      consent: true,
      consent_version: "2025-01",
      source: c.source === "manual" ? "contact" : c.source,
      client_ip: null,
      user_agent: null,
      created_at: i < CONTACTS ? c.created_at : new Date(Date.parse(c.created_at) + 86_400_000).toISOString(),
      notify_status: rand() < 0.002 ? "failed" : "sent",
      notified_at: null,
      notify_attempts: 1,
      notify_last_attempt_at: null,
      notify_error: null,
      form_id: formId,
      answers: JSON.stringify(answers),
      landing_page: c.first_landing_page,
      utm_source: c.first_utm_source,
      read_at: rand() < 0.5 ? c.created_at : null,
    });
  }
  await db.transaction().execute((trx) => insertMany(trx, "submissions", submissions, 500));
  return { seconds: (performance.now() - started) / 1000, me: users[0].id };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => ms.toFixed(1).padStart(7);

async function time(name, fn) {
  for (let i = 0; i < 3; i++) await fn();
  const times = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const result = await fn();
    JSON.stringify(result); // what the API sends
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `${name.padEnd(28)} ${fmt(percentile(times, 50))} ${fmt(p95)} ${fmt(times.at(-1))} | ` +
      `${fmt(percentile(cpu, 50))} ${fmt(percentile(cpu, 95))}  ${p95 < TARGET_P95_MS ? "ok" : "OVER TARGET"}`,
  );
  return p95;
}

/** Streams one CSV export to nowhere and prints its rows, size, time and peak memory. */
async function exportAll(label, columns, rows) {
  global.gc?.();
  const base = process.memoryUsage();
  let peak = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const t = performance.now();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of csvChunks(columns, rows)) {
    bytes += Buffer.byteLength(chunk);
    lines += 1;
    if (lines % 1000 === 0) sample();
  }
  clearInterval(sampler);
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `${label.padEnd(29)} ${(lines - 1).toLocaleString("en-US")} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s; ` +
      `peak heap +${((peakHeap - base.heapUsed) / 1e6).toFixed(1)} MB, peak RSS +${((peak - base.rss) / 1e6).toFixed(0)} MB over the start`,
  );
}

async function run(kind, target) {
  const db = createDatabase(target);
  try {
    await migrateToLatest(db);
    const form = await getFreeAnalysisForm(db);
    const seeded = await seedDatabase(db, form.id);
    // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
    if (kind === "postgres") await sql`vacuum analyze`.execute(db);
    console.log(
      `\n${kind}: seeded ${CONTACTS.toLocaleString("en-US")} contacts and ${SUBMISSIONS.toLocaleString("en-US")} submissions in ${seeded.seconds.toFixed(1)} s`,
    );
    console.log(
      "case                          p50 ms  p95 ms  max ms | cpu p50 cpu p95  " +
        `(p95 target < ${TARGET_P95_MS} ms; cpu: this process${kind === "postgres" ? ", not the database server" : ""})`,
    );
    const me = seeded.me;
    const pages = Math.ceil(CONTACTS / 25);
    await time("list, first page", () => listContacts(db, {}, me));
    await time(`list, deep page (${Math.floor(pages * 0.75)})`, () =>
      listContacts(db, { page: String(Math.floor(pages * 0.75)) }, me),
    );
    await time("list, last page, oldest sort", () => listContacts(db, { page: String(pages), sort: "oldest" }, me));
    await time("list, search 'ruiz dental'", () => listContacts(db, { q: "Ruiz Dental" }, me));
    await time("list, search e-mail", () => listContacts(db, { q: "lead4242@" }, me));
    await time("list, status = qualified", () => listContacts(db, { status: "qualified" }, me));
    await time("list, owner me + 30 days", () =>
      listContacts(db, { owner: "me", from: new Date(now - 30 * 86_400_000).toISOString().slice(0, 10) }, me),
    );
    await time("dashboard", () => dashboardData(db, { withAudit: true }));
    await exportAll("CSV export, every contact", contactCsvColumns, contactCsvRows(db, {}, me, contactSubmissions));
    await exportAll(
      "CSV export, FA submissions",
      submissionCsvColumns(form),
      submissionCsvRows(db, form.id, { tab: "read" }),
    );
  } finally {
    await db.destroy();
  }
}

console.log(
  `load average (1 min): ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism()} CPUs; ${RUNS} runs a case after 3 warm-ups`,
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-bench-leads-"));
try {
  await run("sqlite", { kind: "sqlite", file: path.join(dir, "bench.db") });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const database = await freshPostgres(pgUrl);
  try {
    await run("postgres", { kind: "postgres", url: database.url });
  } finally {
    await database.drop();
  }
} else {
  console.log("\npostgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)");
}
