// npm run bench:lighthouse — Lighthouse (npm package) in its default mobile configuration
// (Moto G power emulation, simulated slow 4G, 4x CPU slowdown) against the production build,
// driving Debian's Chromium, entirely offline (the site runs on 127.0.0.1). Prints, for /, a
// service page, /contact, the blog list and a post: the four category scores and LCP, TBT, CLS,
// each the median of LIGHTHOUSE_RUNS runs. Then the controls: the same bytes of / served by
// nginx (Debian's package, installed when missing; assets proxied to the app) with no headers,
// with exactly the app's headers, and with those plus `Cross-Origin-Opener-Policy: same-origin`
// (what staff screens carry). A gap between the app and nginx with its headers is the app's
// own cost; a gap between nginx's rows is the cost of a header (issue 24: COOP on public pages
// cost / about 10 points on 2 cores, decision 0039). Run `npm run build` first.
//
// Env: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (runs per page, median shown;
// default 3), LIGHTHOUSE_CONTROLS=0 (skip the nginx rows).
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { requireBuild, startServer } from "./lib/bench-server.mjs";
import { startNginx } from "./lib/nginx.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CONTROLS = process.env.LIGHTHOUSE_CONTROLS !== "0";
/** The response headers nginx replays as "the app's headers" (what the browser acts on). */
const APP_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "strict-transport-security",
];
const PAGES = [
  "/",
  "/services/merchant-accounts",
  "/contact",
  "/resources/blog",
  "/resources/blog/how-to-read-a-merchant-statement",
];

requireBuild();
if (!fs.existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: run \`npm run test:setup\`.`);
  process.exit(1);
}

const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));
const score = (category) => (category?.score == null ? NaN : category.score * 100);
const value = (audit) => audit?.numericValue ?? NaN;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** LIGHTHOUSE_RUNS Lighthouse runs of one URL. */
async function measure(url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const { categories, audits } = result.lhr;
    runs.push({
      perf: score(categories.performance),
      a11y: score(categories.accessibility),
      best: score(categories["best-practices"]),
      seo: score(categories.seo),
      lcp: value(audits["largest-contentful-paint"]) / 1000,
      fcp: value(audits["first-contentful-paint"]) / 1000,
      tbt: value(audits["total-blocking-time"]),
      cls: value(audits["cumulative-layout-shift"]),
      error: result.lhr.runtimeError?.message ?? audits["largest-contentful-paint"]?.errorMessage,
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id),
    });
  }
  return runs;
}

/** One line of medians, then the performance score of each run, errors and failing audits. */
function printRow(label, runs) {
  // A metric Lighthouse could not compute (e.g. NO_LCP on a starved machine) prints as n/a.
  const m = (key) => {
    const v = median(runs.map((r) => r[key]).filter((x) => Number.isFinite(x)));
    return { toFixed: (d) => (v === undefined ? "n/a" : v.toFixed(d)) };
  };
  console.log(
    [
      pad(label, 52),
      pad(m("perf").toFixed(0), 6, true),
      pad(m("a11y").toFixed(0), 6, true),
      pad(m("best").toFixed(0), 6, true),
      pad(m("seo").toFixed(0), 6, true),
      pad(m("lcp").toFixed(2), 8, true),
      pad(m("fcp").toFixed(2), 8, true),
      pad(m("tbt").toFixed(0), 8, true),
      pad(m("cls").toFixed(3), 7, true),
      RUNS > 1 ? `   runs: ${runs.map((r) => r.perf.toFixed(0)).join(" ")}` : "",
    ].join(""),
  );
  for (const e of new Set(runs.map((r) => r.error).filter(Boolean))) console.log(`${pad("", 4)}lighthouse: ${e}`);
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`${pad("", 4)}failing audits: ${failing.join(", ")}`);
}

const server = await startServer();
let nginx;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
});
let exitCode = 0;
try {
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, ` +
      `mobile (simulated slow 4G), ${RUNS} run(s) per page, median\n`,
  );
  console.log(
    [
      pad("page", 52),
      pad("perf", 6, true),
      pad("a11y", 6, true),
      pad("best", 6, true),
      pad("seo", 6, true),
      pad("LCP s", 8, true),
      pad("FCP s", 8, true),
      pad("TBT ms", 8, true),
      pad("CLS", 7, true),
    ].join(""),
  );
  for (const page of PAGES) {
    // The first request fills the page cache; Lighthouse measures a visitor after that.
    await fetch(`${server.url}${page}`);
    printRow(page, await measure(`${server.url}${page}`));
  }
  if (CONTROLS) {
    // The same bytes of / from nginx, with assets, icons and the manifest proxied to the app.
    const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await res.arrayBuffer());
    const appHeaders = Object.fromEntries(
      APP_HEADERS.filter((name) => res.headers.has(name)).map((name) => [name, res.headers.get(name)]),
    );
    const controls = [
      ["nginx: / without headers", "/bare/", {}],
      ["nginx: / with the app's headers", "/app/", appHeaders],
      [
        "nginx: / with the app's headers + COOP",
        "/coop/",
        { ...appHeaders, "cross-origin-opener-policy": "same-origin" },
      ],
    ];
    nginx = await startNginx({
      pages: controls.map(([, path, headers]) => ({ path, body, headers })),
      proxyTo: server.url,
    });
    console.log("");
    for (const [label, path] of controls) printRow(label, await measure(`${nginx.url}${path}`));
  }
  console.log("\nTargets: performance ≥ 98, accessibility, best practices and SEO 100; hero text (LCP) < 1.5 s.");
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await chrome.kill();
  await nginx?.stop();
  await server.stop();
}
process.exit(exitCode);
