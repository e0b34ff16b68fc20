// npm run bench:lighthouse — Lighthouse (npm package) in its default mobile configuration
// (Moto G power emulation, simulated slow 4G, 4x CPU slowdown) against the production build,
// driving Debian's Chromium, entirely offline (the site runs on 127.0.0.1). Prints, for /, a
// service page, /contact, the blog list and a post: the four category scores and LCP, TBT, CLS.
// Run `npm run build` first.
//
// Env: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (runs per page, median shown; default 1).
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { requireBuild, startServer } from "./lib/bench-server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
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

const server = await startServer();
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
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.url}${page}`, {
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
    // A metric Lighthouse could not compute (e.g. NO_LCP on a starved machine) prints as n/a.
    const m = (key) => {
      const v = median(runs.map((r) => r[key]).filter((x) => Number.isFinite(x)));
      return { toFixed: (d) => (v === undefined ? "n/a" : v.toFixed(d)) };
    };
    console.log(
      [
        pad(page, 52),
        pad(m("perf").toFixed(0), 6, true),
        pad(m("a11y").toFixed(0), 6, true),
        pad(m("best").toFixed(0), 6, true),
        pad(m("seo").toFixed(0), 6, true),
        pad(m("lcp").toFixed(2), 8, true),
        pad(m("fcp").toFixed(2), 8, true),
        pad(m("tbt").toFixed(0), 8, true),
        pad(m("cls").toFixed(3), 7, true),
      ].join(""),
    );
    for (const e of new Set(runs.map((r) => r.error).filter(Boolean))) console.log(`${pad("", 4)}lighthouse: ${e}`);
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length) console.log(`${pad("", 4)}failing audits: ${failing.join(", ")}`);
  }
  console.log("\nTargets: performance ≥ 98, accessibility, best practices and SEO 100; hero text (LCP) < 1.5 s.");
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await chrome.kill();
  await server.stop();
}
process.exit(exitCode);
