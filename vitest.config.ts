import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
  "@common": fileURLToPath(new URL("./common", import.meta.url)),
};

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
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own servers and databases and mostly waits on them: two at a time.
          maxWorkers: 2,
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // A page answers when the browser and the server get the CPU: on a loaded 2-core
          // machine that can take seconds. expect.poll waits for the state (it returns as soon
          // as it holds); only a failure takes the whole 15 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
    ],
  },
});
