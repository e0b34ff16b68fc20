// Reads Vitest's JSON report and prints the closing count. Fails when any test failed,
// when no test ran, and — in CI — when any test was skipped or left as a todo: CI must
// never pass by skipping PostgreSQL or browser tests.
import fs from "node:fs";

const file = process.argv[2] ?? ".tmp/vitest-report.json";
const report = JSON.parse(fs.readFileSync(file, "utf8"));
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);

if (skipped > 0 && process.env.CI) {
  const names = [];
  for (const suite of report.testResults ?? [])
    for (const t of suite.assertionResults ?? [])
      if (t.status === "pending" || t.status === "skipped" || t.status === "todo")
        names.push(`${suite.name}: ${t.fullName}`);
  console.error(`In CI no test may be skipped; ${skipped} were:\n  ${names.join("\n  ")}`);
}
// The 10 slowest files (wall time each, as Vitest timed it), for whoever wants the suite faster.
const files = (report.testResults ?? [])
  .filter((suite) => Number.isFinite(suite.startTime) && Number.isFinite(suite.endTime))
  .map((suite) => ({ name: suite.name.replace(`${process.cwd()}/`, ""), ms: suite.endTime - suite.startTime }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 10);
if (files.length) {
  console.log("\nSlowest test files:");
  for (const f of files) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name}`);
  console.log("");
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
// Vitest marks the run unsuccessful for a failed test too: only without one is it an error outside the tests.
if (report.success === false && failed === 0) console.error("Vitest reported errors outside the tests (see above).");
if (report.success === false || failed > 0 || passed === 0 || (skipped > 0 && process.env.CI)) process.exit(1);
