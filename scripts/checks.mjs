// The static checks `npm test` runs before the tests: format:check, lint and typecheck, side by
// side. Each is one single-threaded process (Prettier, ESLint, tsgo), so on 2 cores three at a
// time take about as long as the longest (lint) instead of the sum. Each one's output is printed
// whole when it ends, under its name; the exit code is 1 when any of them failed. `npm test` runs the
// production build beside them (`node scripts/checks.mjs format:check lint typecheck build`): it
// writes only build/, which none of the checks reads, and fills the core lint leaves idle at the end
// (2–4 s less on 2 cores than building after the checks).
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2).length ? process.argv.slice(2) : ["format:check", "lint", "typecheck"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(npm, ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (d) => (output += d));
        child.stderr.on("data", (d) => (output += d));
        child.on("error", (err) => resolve({ name, code: 1, output: `${output}${err.message}\n`, started }));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s\n`);
          if (output.trim()) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
          resolve({ name, code });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length) {
  console.error(`\nchecks failed: ${failed.join(", ")}`);
  process.exit(1);
}
