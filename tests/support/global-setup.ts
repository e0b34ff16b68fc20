import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { CHROMIUM_PATH } from "./browser";
import { dropRunTemplates } from "./db";

/**
 * Fails fast (never skips) when what the suite needs is missing. Afterwards, drops the run's
 * seeded database templates (tests/support/db.ts).
 */
export default async function setup() {
  const root = path.resolve(import.meta.dirname, "../..");
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`npm run test:setup\`.`);
  }
  if (process.env.CI && !process.env.TEST_DATABASE_URL) {
    throw new Error("CI must set TEST_DATABASE_URL: the suite runs against PostgreSQL too.");
  }
  if (process.env.TEST_DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    try {
      await client.connect();
      await client.query("select 1");
    } catch (err) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not reachable: ${(err as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  return async () => {
    const run = process.env.MERITUM_TEST_RUN;
    if (run) await dropRunTemplates(run);
  };
}
