// npm run bench:form-proof — how long the public forms' proof of work takes to solve
// (decision 0051): the solver the pages run (common/form-proof.ts, as the build bundles it)
// on challenges of the configured difficulty (FORM_PROOF_MAX_NUMBER, default 50,000), in Node
// and in Chromium (Debian's, CHROMIUM_PATH), there also at 4× and 6× CPU slowdown (DevTools'
// throttling) as a stand-in for a mid-range phone. Prints per solve the median, mean, p95 and
// worst, and the time per try. Each challenge's number is random, as the server draws it.
//
// Env: FORM_PROOF_MAX_NUMBER, BENCH_SOLVES (challenges per run, default 40).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const MAX_NUMBER = Number(process.env.FORM_PROOF_MAX_NUMBER ?? 50_000);
const SOLVES = Number(process.env.BENCH_SOLVES ?? 40);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const bundled = await build({
  entryPoints: [path.join(root, "common/form-proof.ts")],
  bundle: true,
  format: "esm",
  write: false,
  minify: true,
  target: "es2022",
});
const solverSource = bundled.outputFiles[0].text;
/** The module as a function body that returns its exports (for a page without a module loader). */
const functionBody = solverSource.replace(
  /export\s*\{([^}]*)\};?\s*$/,
  (_, list) =>
    `return {${list
      .split(",")
      .map((entry) => {
        const [local, exported = local] = entry.split(" as ").map((x) => x.trim());
        return `${exported}: ${local}`;
      })
      .join(", ")}};`,
);

/** Challenges as the server issues them (server/form-proof/challenge.ts), without the signature. */
const challenges = Array.from({ length: SOLVES }, () => {
  const salt = `${crypto.randomBytes(12).toString("hex")}?expires=${Math.floor(Date.now() / 1000) + 600}`;
  const number = crypto.randomInt(0, MAX_NUMBER + 1);
  return {
    algorithm: "SHA-256",
    challenge: crypto
      .createHash("sha256")
      .update(salt + number)
      .digest("hex"),
    maxNumber: MAX_NUMBER,
    salt,
    number,
  };
});

function summary(label, runs) {
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const tries = runs.reduce((sum, r) => sum + r.number + 1, 0);
  const total = times.reduce((a, b) => a + b, 0);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const f = (ms) => `${ms.toFixed(0).padStart(5)} ms`;
  console.log(
    `${label.padEnd(30)} median ${f(at(0.5))}  mean ${f(total / times.length)}  p95 ${f(at(0.95))}  worst ${f(times.at(-1))}  ` +
      `${((total * 1000) / tries).toFixed(2)} µs/try  (all ${MAX_NUMBER.toLocaleString("en-US")}: ${f((total / tries) * (MAX_NUMBER + 1))})`,
  );
}

console.log(`proof of work: ${SOLVES} challenges, FORM_PROOF_MAX_NUMBER=${MAX_NUMBER}`);

// Node: the solver module as bundled.
const moduleFile = path.join(root, ".tmp/bench-form-proof-solver.mjs");
fs.mkdirSync(path.dirname(moduleFile), { recursive: true });
fs.writeFileSync(moduleFile, solverSource);
const { solveChallenge } = await import(moduleFile);
solveChallenge({ ...challenges[0], maxNumber: MAX_NUMBER }); // warm-up
const nodeRuns = challenges.map((c) => {
  const t = performance.now();
  const found = solveChallenge(c);
  if (found !== c.number) throw new Error(`solver found ${found}, not ${c.number}`);
  return { ms: performance.now() - t, number: c.number };
});
summary(`node ${process.version}`, nodeRuns);

// Chromium: the same module in a page.
if (!fs.existsSync(CHROMIUM_PATH)) {
  console.log(`Chromium not found at ${CHROMIUM_PATH}: skipped`);
} else {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    for (const rate of [1, 4, 6]) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      // On the page's main thread: DevTools' CPU throttling slows the page's thread (a worker
      // runs the same code at the same speed unthrottled).
      const runs = await page.evaluate(
        ({ body, list }) => {
          const { solveChallenge: solve } = new Function(body)();
          solve({ ...list[0] }); // warm-up
          return list.map((c) => {
            const t = performance.now();
            const n = solve(c);
            if (n !== c.number) throw new Error(`solver found ${n}, not ${c.number}`);
            return { ms: performance.now() - t, number: c.number };
          });
        },
        { body: functionBody, list: challenges },
      );
      summary(`chromium, CPU ${rate}× slower`, runs);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
