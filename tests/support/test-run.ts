import crypto from "node:crypto";

/**
 * The name of one run of the suite: its start time in base 36, then a random part. vitest.config.ts
 * names the run once and every worker inherits it (MERITUM_TEST_RUN); the run's seeded database
 * templates carry it (tests/support/db.ts), and the teardown reads the start time back from it.
 */
export const newRunName = () => `${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;

/** When the run of this name started (ms since the epoch), or NaN for a name of another form. */
export const runStartedAt = (name: string) => parseInt(name.split("_")[0]!, 36);
