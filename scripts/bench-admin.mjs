/**
 * Admin list benchmark: seeds 10,000 blog posts (mixed statuses, categories and dates) into
 * a fresh database, serves the real admin API router (server/content/api.ts) over HTTP, and
 * prints the server time (request in to response finished) p50/p95 of the list for the
 * first page, a deep page, a title search and a status filter. Runs on SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a server: each database
 * gets its own child process and a throwaway database. Target: p95 < 50 ms.
 * Usage: npm run bench:admin [-- --posts 10000 --requests 200]
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { freshPostgres } from "./lib/bench-server.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const POSTS = Number(opt("posts", 10_000));
const REQUESTS = Number(opt("requests", 200));
const TARGET_P95_MS = 50;
const self = fileURLToPath(import.meta.url);

if (opt("child", null)) await child(opt("child", "sqlite"));
else await parent();

async function parent() {
  const pgAdmin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  console.log(`Admin list API, ${POSTS.toLocaleString("en-US")} posts, ${REQUESTS} requests per case`);
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? ""}`);
  for (const kind of ["sqlite", "postgres"]) {
    if (kind === "postgres" && !pgAdmin) {
      console.log("\npostgres: skipped (set TEST_DATABASE_URL=postgres://… to include it)");
      continue;
    }
    const code = await new Promise((resolve) => {
      const p = spawn(
        process.execPath,
        [self, "--child", kind, "--posts", String(POSTS), "--requests", String(REQUESTS)],
        {
          stdio: "inherit",
          env: { ...process.env, LOG_LEVEL: "silent" },
        },
      );
      p.on("exit", resolve);
    });
    if (code !== 0) process.exitCode = 1;
  }
}

async function child(kind) {
  const { tsImport } = await import("tsx/esm/api");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-bench-admin-"));
  let dropPg;
  if (kind === "sqlite") {
    process.env.DATABASE_URL = `file:${path.join(dataDir, "bench.db")}`;
  } else {
    const database = await freshPostgres(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL);
    process.env.DATABASE_URL = database.url;
    dropPg = database.drop;
  }
  process.env.DATA_DIR = dataDir;
  const express = (await import("express")).default;
  const { getDb, migrateToLatest, closeDb } = await tsImport("../server/db/index.ts", import.meta.url);
  const { articlesApi } = await tsImport("../server/content/api.ts", import.meta.url);
  const { apiErrorHandler } = await tsImport("../server/http/api-errors.ts", import.meta.url);
  const db = getDb();
  try {
    await migrateToLatest(db);
    const seeded = performance.now();
    await seed(db, POSTS, kind);
    console.log(
      `\n${kind}: seeded ${POSTS.toLocaleString("en-US")} posts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const times = [];
    const app = express();
    app.use((req, res, next) => {
      const start = process.hrtime.bigint();
      res.on("finish", () => times.push(Number(process.hrtime.bigint() - start) / 1e6));
      res.locals.session = { user: { id: "bench", email: "bench@meritum.test", name: "Bench", role: "admin" } };
      res.locals.clientIp = "127.0.0.1";
      next();
    });
    app.use("/api/admin/blog-posts", express.json(), articlesApi("blog_posts")());
    app.use(apiErrorHandler());
    const server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${server.address().port}/api/admin/blog-posts`;
    const pages = Math.ceil(POSTS / 20);
    const cases = [
      ["first page", "/"],
      [`deep page (${Math.floor(pages * 0.9)} of ${pages})`, `/?page=${Math.floor(pages * 0.9)}`],
      ["title search", "/?q=terminal"],
      ["status filter", "/?status=scheduled"],
      ["status + sort by title", "/?status=published&sort=title&page=3"],
    ];
    console.log(`${"case".padEnd(30)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}  rows`);
    for (const [label, query] of cases) {
      let total = 0;
      for (let i = 0; i < 20; i++) await (await fetch(base + query)).arrayBuffer(); // warm up
      times.length = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const res = await fetch(base + query);
        const body = await res.json();
        if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
        total = body.total;
      }
      const sorted = [...times].sort((a, b) => a - b);
      const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
      const p95 = q(95);
      console.log(
        `${label.padEnd(30)} ${q(50).toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)} ` +
          `${sorted.at(-1).toFixed(2).padStart(8)}  ${total}${p95 > TARGET_P95_MS ? "  (over the 50 ms target)" : ""}`,
      );
    }
    await new Promise((resolve) => server.close(resolve));
  } finally {
    await closeDb();
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 10,000 posts: 70 % published, 10 % scheduled, 20 % drafts, over eight categories and three years. */
async function seed(db, count, kind) {
  let s = 0xad51;
  const rand = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const words = (
    "merchant statement chargeback terminal gateway pricing interchange contactless wallet settlement refund fraud " +
    "compliance invoice subscription deposit reserve lease equipment signature chip ecommerce"
  ).split(" ");
  const categories = ["Pricing", "Chargebacks", "Security", "Hardware", "Online", "Contracts", "Guides", "News"];
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const title = Array.from({ length: 4 + Math.floor(rand() * 6) }, () => pick(words)).join(" ");
    const r = rand();
    const status = r < 0.7 ? "published" : r < 0.8 ? "scheduled" : "draft";
    const at = status === "scheduled" ? now + rand() * 90 * 86_400_000 : now - rand() * 3 * 365 * 86_400_000;
    const updated = new Date(Math.min(now, at + rand() * 30 * 86_400_000)).toISOString();
    rows.push({
      id: crypto.randomUUID(),
      slug: `bench-${i}`,
      title: title.charAt(0).toUpperCase() + title.slice(1),
      excerpt: `${title}.`,
      body: Array.from({ length: 300 }, () => pick(words)).join(" "),
      author_name: "Bench",
      category: pick(categories),
      tags: "[]",
      status,
      published_at: status === "draft" ? null : new Date(at).toISOString(),
      reading_minutes: 2,
      version: 1,
      created_at: updated,
      updated_at: updated,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("blog_posts")
      .values(rows.slice(i, i + 500))
      .execute();
  // Fresh statistics and visibility map, as autovacuum leaves them after a bulk import.
  const { sql } = await import("kysely");
  await (kind === "postgres" ? sql`vacuum analyze` : sql`analyze`).execute(db);
}
