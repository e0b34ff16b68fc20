// npm run bench:pages — prints, for every public page, the first-load JavaScript (gzip) and
// script request count and the HTML size, then requests/s and p50/p99 latency of /, a blog
// post and /contact under load (autocannon, 64 connections): the server with the page cache
// warm, the same server with the cache off (PAGE_CACHE=0, every request rendered: "cold"),
// and nginx (Debian package; installed here when missing) serving the same HTML bytes from
// disk, side by side in one run, with the ratio to nginx. Starts the production build like
// `npm start` (run `npm run build` first) with a throwaway DATA_DIR and SQLite database.
//
// Visitor analytics (decision 0044): the cached pages again on a server with ANALYTICS=0 beside
// the default (on), and each page followed by its beacon (POST /api/collect) on both, as page
// views per second: the page path itself is untouched by counting, the beacon is its cost.
//
// Env: BENCH_DURATION (seconds per load test, default 10), BENCH_CONNECTIONS (default 64),
// BENCH_JS_ONLY=1 (print the first-load JavaScript table only, skip the load tests).
import os from "node:os";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { requireBuild, startServer } from "./lib/bench-server.mjs";
import { startNginx } from "./lib/nginx.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const JS_ONLY = process.env.BENCH_JS_ONLY === "1";
const TARGET_KB = 120;
const TARGET_SCRIPTS = 12;

requireBuild();

/**
 * The JS a first visit downloads: <script src>, <link rel=modulepreload>, the inline module's
 * static imports, and the modules the site scripts start script adds after the first paint (its
 * first argument, decision 0009).
 */
function scriptUrls(html) {
  const urls = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) urls.add(m[1]);
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const m of script[1].matchAll(/import\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  }
  for (const script of html.matchAll(/<script\b[^>]*\bdata-scripts-start\b[^>]*>([\s\S]*?)<\/script>/g)) {
    const preloads = /\}\)\((\[[^\]]*\])/.exec(script[1]);
    if (!preloads) throw new Error("bench:pages: the site scripts start script has no module list");
    for (const url of JSON.parse(preloads[1])) urls.add(url);
  }
  return [...urls].filter((u) => u.endsWith(".js"));
}

const gzipCache = new Map();
async function gzippedSize(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, {
      raw: body.length,
      gz: zlib.gzipSync(body, { level: 9 }).length,
      br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return gzipCache.get(url);
}

function pad(text, width, right = false) {
  const s = String(text);
  return right ? s.padStart(width) : s.padEnd(width);
}

async function load(url, requests) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, timeout: 10, requests });
  return result;
}

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** A page view as a browser makes it: the page, then its beacon (the page's script sends it). */
function pageWithBeacon(p) {
  const headers = { "user-agent": BROWSER_UA };
  return [
    { method: "GET", path: p, headers },
    {
      method: "POST",
      path: "/api/collect",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ type: "view", path: p, landing: "/?utm_source=bench", referrer: null, forms: [] }),
    },
  ];
}

/** nginx serving the pages' HTML, fetched once from the server (no Accept-Encoding), from disk. */
async function startNginxWith(serverUrl, pagePaths) {
  const pages = [];
  for (const p of pagePaths) {
    const res = await fetch(`${serverUrl}${p}`, { headers: { "accept-encoding": "identity" } });
    pages.push({ path: p, body: Buffer.from(await res.arrayBuffer()) });
  }
  return startNginx({ pages });
}

const server = await startServer();
let cold;
let quiet;
let nginx;
let exitCode = 0;
try {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, "&")).pathname);
  // The page column fits the longest path (and a space), so long blog slugs do not run into the figures.
  const pageWidth = Math.max(42, ...paths.map((p) => p.length + 2));
  console.log(
    `First-load JavaScript per public page (${paths.length} pages from /sitemap.xml; ` +
      "each file gzip -9 / brotli q11, summed over every script the HTML loads)\n",
  );
  console.log(
    [
      pad("page", pageWidth),
      pad("status", 8, true),
      pad("JS files", 10, true),
      pad("JS KB gz", 11, true),
      pad("JS KB br", 11, true),
      pad("JS KB raw", 11, true),
      pad("HTML bytes", 12, true),
      pad("HTML KB gz", 12, true),
    ].join(""),
  );
  let worst = { path: "", kb: 0 };
  let mostScripts = { path: "", count: 0 };
  for (const p of paths) {
    const res = await fetch(`${server.url}${p}`, { headers: { "accept-encoding": "identity" } });
    const html = await res.text();
    const scripts = scriptUrls(html).map((u) => new URL(u, server.url).toString());
    let gz = 0;
    let br = 0;
    let raw = 0;
    for (const s of scripts) {
      const size = await gzippedSize(s);
      gz += size.gz;
      br += size.br;
      raw += size.raw;
    }
    const kb = gz / 1024;
    if (kb > worst.kb) worst = { path: p, kb };
    if (scripts.length > mostScripts.count) mostScripts = { path: p, count: scripts.length };
    const htmlBytes = Buffer.byteLength(html);
    const htmlGz = zlib.gzipSync(html, { level: 9 }).length / 1024;
    console.log(
      [
        pad(p, pageWidth),
        pad(res.status, 8, true),
        pad(scripts.length, 10, true),
        pad(kb.toFixed(1), 11, true),
        pad((br / 1024).toFixed(1), 11, true),
        pad((raw / 1024).toFixed(1), 11, true),
        pad(htmlBytes, 12, true),
        pad(htmlGz.toFixed(1), 12, true),
      ].join(""),
    );
    if (res.status !== 200) exitCode = 1;
  }
  console.log(
    `\nLargest first-load JS: ${worst.kb.toFixed(1)} KB gz on ${worst.path} (target ≤ ${TARGET_KB} KB gz: ${worst.kb <= TARGET_KB ? "met" : "NOT met"})\n`,
  );

  console.log(
    `Most script requests: ${mostScripts.count} on ${mostScripts.path} ` +
      `(target ≤ ${TARGET_SCRIPTS}: ${mostScripts.count <= TARGET_SCRIPTS ? "met" : "NOT met"})\n`,
  );

  if (JS_ONLY) {
    await server.stop();
    process.exit(exitCode);
  }
  const post = paths.find((p) => p.startsWith("/resources/blog/")) ?? "/resources/blog";
  const loadPaths = ["/", post, "/contact"];
  cold = await startServer({ PAGE_CACHE: "0" });
  quiet = await startServer({ ANALYTICS: "0" });
  nginx = await startNginxWith(server.url, loadPaths);
  console.log(
    `Throughput (autocannon, ${CONNECTIONS} connections, ${DURATION} s each, SQLite, NODE_ENV=production, ` +
      "no Accept-Encoding: the same plain HTML bytes from each)\n",
  );
  console.log(
    [
      pad("page", pageWidth),
      pad("target", 14),
      pad("req/s", 10, true),
      pad("p50 ms", 9, true),
      pad("p99 ms", 9, true),
      pad("requests", 11, true),
      pad("non-2xx", 9, true),
      pad("errors", 8, true),
      pad("vs nginx", 10, true),
    ].join(""),
  );
  const analytics = [];
  for (const p of loadPaths) {
    // Fill the cache first; the warm run then measures answers from it.
    await fetch(`${server.url}${p}`);
    await fetch(`${quiet.url}${p}`);
    const results = [];
    for (const [target, base] of [
      ["nginx", nginx.url],
      ["cache warm", server.url],
      ["analytics off", quiet.url],
      ["cache off", cold.url],
    ]) {
      const r = await load(`${base}${p}`);
      results.push({ target, r });
    }
    const withBeacon = [];
    for (const [target, base] of [
      ["+beacon on", server.url],
      ["+beacon off", quiet.url],
    ]) {
      const r = await load(base, pageWithBeacon(p));
      withBeacon.push({ target, r });
    }
    analytics.push({
      page: p,
      on: results[1].r.requests.average,
      off: results[2].r.requests.average,
      // Two requests per view: the page and its beacon.
      viewsOn: withBeacon[0].r.requests.average / 2,
      viewsOff: withBeacon[1].r.requests.average / 2,
      beaconNon2xx: withBeacon[0].r.non2xx,
    });
    const nginxRate = results[0].r.requests.average;
    for (const { target, r } of results) {
      const ratio = target === "nginx" ? "" : `${((r.requests.average / nginxRate) * 100).toFixed(1)} %`;
      console.log(
        [
          pad(p, pageWidth),
          pad(target, 14),
          pad(r.requests.average.toFixed(0), 10, true),
          pad(r.latency.p50, 9, true),
          pad(r.latency.p99, 9, true),
          pad(r.requests.total, 11, true),
          pad(r.non2xx, 9, true),
          pad(r.errors + r.timeouts, 8, true),
          pad(ratio, 10, true),
        ].join(""),
      );
    }
  }
  console.log(
    "\nVisitor analytics (decision 0044): cached page req/s with counting on and off (ANALYTICS=0), target " +
      "within 5 %; then page views/s when every page is followed by its beacon (2 requests per view)\n",
  );
  console.log(
    [
      pad("page", pageWidth),
      pad("on req/s", 11, true),
      pad("off req/s", 11, true),
      pad("on vs off", 11, true),
      pad("target", 9, true),
      pad("views/s on", 12, true),
      pad("views/s off", 12, true),
      pad("on vs off", 11, true),
    ].join(""),
  );
  for (const a of analytics) {
    const diff = ((a.on / a.off - 1) * 100).toFixed(1);
    console.log(
      [
        pad(a.page, pageWidth),
        pad(a.on.toFixed(0), 11, true),
        pad(a.off.toFixed(0), 11, true),
        pad(`${diff} %`, 11, true),
        pad(Math.abs(a.on / a.off - 1) <= 0.05 ? "met" : "NOT met", 9, true),
        pad(a.viewsOn.toFixed(0), 12, true),
        pad(a.viewsOff.toFixed(0), 12, true),
        pad(`${((a.viewsOn / a.viewsOff - 1) * 100).toFixed(1)} %`, 11, true),
      ].join(""),
    );
    if (a.beaconNon2xx) console.log(`  (${a.beaconNon2xx} non-2xx answers with the beacon on ${a.page})`);
  }
  console.log(`\nMachine: ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? "unknown"}, Node ${process.version}`);
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await server.stop();
  await cold?.stop();
  await quiet?.stop();
  await nginx?.stop();
}
process.exit(exitCode);
