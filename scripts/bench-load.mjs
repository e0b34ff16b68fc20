// npm run bench:load — 200 connections for 60 s over a mix of public pages, search and Free
// Analysis posts (the contact rate limit raised for the run), against the production build
// (run `npm run build` first) on a throwaway SQLite database, or on PostgreSQL when
// BENCH_DATABASE_URL is set. Prints requests/s, latency p50/p99, errors and non-2xx answers,
// the server's resident memory at the start (after a warm-up) and at the end, and per request of
// the mix: count, p50/p99/max, the timeouts (answers that took over 2 s, issue 24's limit), the
// answers that were not 2xx (the contact form's rate limit can be passed in a long run) and those
// that closed their connection (none should: decision 0052).
//
// Env: BENCH_DURATION (seconds, default 60), BENCH_CONNECTIONS (default 200), BENCH_WARMUP (seconds
// at full load before the memory baseline, default 15),
// BENCH_DATABASE_URL (postgres://… database to use; it gets migrated and seeded), BENCH_POSTS=0
// (leave the Free Analysis post out of the mix: issue 24's wrk scenario, pages and search only).
import fs from "node:fs";
import autocannon from "autocannon";
import { freshPostgres, requireBuild, startServer as startBenchServer } from "./lib/bench-server.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);

requireBuild();

const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
/** An answer slower than this counts as a timeout (a visitor has given up). */
const TIMEOUT_MS = 2000;

const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);

/** The production server on a throwaway database, with the contact form's limits lifted for the run. */
function startServer(databaseUrl) {
  return startBenchServer({
    DATABASE_URL: databaseUrl,
    CONTACT_RATE_LIMIT: "10000",
    CONTACT_MIN_SUBMIT_SECONDS: "0",
  });
}

function leadBody(token) {
  const boundary = "----meritumbench";
  const fields = {
    formToken: token,
    name: "Load Test",
    businessName: "Bench Shop",
    email: "bench@example.com",
    phone: "(480) 555-0199",
    monthlyVolume: "10k-50k",
    paymentMethods: "in-person",
    consent: "yes",
    source: "contact",
  };
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("") + `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// PostgreSQL: a new database next to the one BENCH_DATABASE_URL names, dropped afterwards.
const pgDatabase = process.env.BENCH_DATABASE_URL ? await freshPostgres(process.env.BENCH_DATABASE_URL) : undefined;
const server = await startServer(pgDatabase?.url ?? "");
try {
  const page = await (await fetch(`${server.url}/contact`)).text();
  const token =
    /name="formToken"[^>]*value="([^"]+)"/.exec(page)?.[1] ?? /value="([^"]+)"[^>]*name="formToken"/.exec(page)?.[1];
  if (!token) throw new Error("no form token on /contact");
  const lead = leadBody(token);
  const pages = [
    "/",
    "/about",
    "/services",
    "/industries",
    "/resources",
    "/resources/blog",
    "/resources/faq",
    "/contact",
  ];
  const requests = [
    ...pages.map((p) => ({ method: "GET", path: p })),
    { method: "GET", path: "/resources/search?q=interchange" },
    { method: "GET", path: "/resources/search?q=interchange+fees" },
    { method: "GET", path: "/resources/search?q=chargeback" },
    ...(process.env.BENCH_POSTS === "0"
      ? []
      : [{ method: "POST", path: "/contact", headers: { "content-type": lead.contentType }, body: lead.body }]),
  ];
  // Warm-up at the full load (caches, JIT, connection buffers and the heap reach their working
  // size), then the memory baseline: growth after it is what a leak would show.
  await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARMUP, requests, timeout: 30 });
  const startRss = rssMb(server.pid);
  // Latency per request of the mix: autocannon calls a request's onResponse, then (in the same
  // turn) emits "response" with the time it took.
  const latencies = new Map(requests.map((r) => [r, []]));
  // Per request of the mix: answers that were not 2xx, and answers that closed their connection
  // (a client then reconnects; autocannon also misattributes the next answers' times).
  const refused = new Map(requests.map((r) => [r, 0]));
  const closed = new Map(requests.map((r) => [r, 0]));
  let answered;
  const timed = requests.map((r) => ({
    ...r,
    onResponse: (status, _body, _context, headers) => {
      answered = latencies.get(r);
      if (status < 200 || status > 299) refused.set(r, refused.get(r) + 1);
      if (/\bclose\b/i.test(String(headers?.connection ?? headers?.Connection ?? ""))) closed.set(r, closed.get(r) + 1);
    },
  }));
  const run = autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: timed,
    timeout: 30,
  });
  run.on("response", (_client, _status, _bytes, ms) => {
    answered?.push(ms);
    answered = undefined;
  });
  const result = await run;
  const endRss = rssMb(server.pid);
  console.log(
    `bench:load — ${CONNECTIONS} connections, ${DURATION} s, mix: ${requests.length} requests (8 pages, 3 searches${requests.length > 11 ? ", 1 Free Analysis post" : ""})`,
  );
  console.log(`requests/s      ${Math.round(result.requests.average)} (total ${result.requests.total})`);
  console.log(
    `latency p50/p99 ${result.latency.p50} ms / ${result.latency.p99} ms (p99.9 ${result.latency.p99_9} ms, max ${result.latency.max} ms)`,
  );
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(", ");
  console.log(`errors          ${result.errors} (timeouts ${result.timeouts}), non-2xx ${result.non2xx} (${statuses})`);
  console.log(
    `server memory   ${startRss} MB at start, ${endRss} MB at end (${(((endRss - startRss) / startRss) * 100).toFixed(1)} %)`,
  );
  const over = [...latencies.values()].flat().filter((ms) => ms > TIMEOUT_MS).length;
  console.log(`timeouts        ${over} answers over ${TIMEOUT_MS / 1000} s\n`);
  const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));
  const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);
  console.log(
    [pad("request", 46), pad("answers", 9, true), pad("p50 ms", 9, true), pad("p99 ms", 9, true)]
      .concat([
        pad("max ms", 9, true),
        pad(`> ${TIMEOUT_MS / 1000} s`, 8, true),
        pad("non-2xx", 9, true),
        pad("closed", 8, true),
      ])
      .join(""),
  );
  for (const [r, list] of latencies) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      [
        pad(`${r.method} ${r.path}`, 46),
        pad(sorted.length, 9, true),
        pad(Math.round(pct(sorted, 0.5)), 9, true),
        pad(Math.round(pct(sorted, 0.99)), 9, true),
        pad(Math.round(sorted.at(-1) ?? NaN), 9, true),
        pad(sorted.filter((ms) => ms > TIMEOUT_MS).length, 8, true),
        pad(refused.get(r), 9, true),
        pad(closed.get(r), 8, true),
      ].join(""),
    );
  }
  console.log("\nTargets (issue 24): no answer over 2 s; p99 < 100 ms on cached pages, < 500 ms on search.");
} finally {
  await server.stop();
  await pgDatabase?.drop();
}
