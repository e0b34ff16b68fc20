import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { PROCESS_STATE_FILES } from "./tests/support/process-state-files.ts";
import { newRunName } from "./tests/support/test-run.ts";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};

/**
 * This run's name, which every worker inherits: test servers start on this run's seeded database
 * templates (tests/support/db.ts), which the global teardown drops. Its start time comes first.
 */
process.env.MERITUM_TEST_RUN ??= newRunName();

/**
 * Test files at a time, in every project. With three at a time (each with its servers, Chromium
 * and PostgreSQL) both cores of a 2-core machine stay busy: the suite is then limited by CPU,
 * not by waiting, so a fourth would not help. VITEST_MAX_WORKERS (or --maxWorkers) overrides it.
 */
const maxWorkers = 3;

/**
 * unit: pure logic beside the code. integration: real databases (SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set) and real HTTP against the production build. e2e: the
 * production build in Debian Chromium. `npm test` builds first, then runs all three.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "common/**/*.test.ts", "tests/lint/**/*.test.ts"],
          environment: "node",
          // Unit files share no state that outlives a file (fake timers and stubbed globals are
          // restored after each test): one worker runs them all instead of one process per file.
          isolate: false,
          // Vitest runs projects of one `maxWorkers` side by side: unit files fill the gaps.
          maxWorkers,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: PROCESS_STATE_FILES,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own servers and databases. The server modules a file imports keep
          // no state between these files (tests/support/process-state-files.ts), so a worker runs
          // file after file with the modules it imported once, instead of a new process each.
          isolate: false,
          maxWorkers,
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration-isolated",
          include: PROCESS_STATE_FILES,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers,
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // The files drive a server and Chromium of their own and keep no state in this process:
          // a worker runs file after file, importing Playwright once.
          isolate: false,
          // A page answers when the browser and the server get the CPU: on a loaded 2-core
          // machine that can take seconds. expect.poll waits for the state (it returns as soon
          // as it holds); only a failure takes the whole 15 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers,
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
    ],
  },
});
