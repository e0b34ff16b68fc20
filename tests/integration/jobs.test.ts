import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DB } from "@server/db";
import { claimNextJob, enqueueJob, registerJob, runDueJobs } from "@server/jobs/jobs";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

describe.each(dbKinds())("background jobs on %s", (kind) => {
  let database: TestDatabase;
  let second: DB;
  const runs: string[] = [];
  let failNext = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A second, independent handle on the same database: another instance.
    second = createDatabase(database.target);
    registerJob<{ n: string }>(
      `test.${kind}`,
      async ({ n }) => {
        if (failNext > 0) {
          failNext -= 1;
          throw new Error("mail server down");
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
        runs.push(n);
      },
      { maxAttempts: 2, backoffMs: 60_000, leaseMs: 60_000 },
    );
  });
  afterAll(async () => {
    await second?.destroy();
    await database?.cleanup();
  });

  it("runs each job once when two instances claim at the same time", async () => {
    for (let i = 0; i < 30; i++) await enqueueJob(database.db, `test.${kind}`, { n: String(i) });
    const [a, b] = await Promise.all([runDueJobs(database.db), runDueJobs(second)]);
    expect(a + b).toBe(30);
    expect([...runs].sort()).toEqual(Array.from({ length: 30 }, (_, i) => String(i)).sort());
    const open = await database.db.selectFrom("jobs").select("id").where("done_at", "is", null).execute();
    expect(open).toEqual([]);
  });

  it("ignores a second enqueue with the same key", async () => {
    expect(await enqueueJob(database.db, `test.${kind}`, { n: "k" }, { key: "once" })).not.toBeNull();
    expect(await enqueueJob(database.db, `test.${kind}`, { n: "k" }, { key: "once" })).toBeNull();
    runs.length = 0;
    await runDueJobs(database.db);
    expect(runs).toEqual(["k"]);
  });

  it("retries a failed job after its backoff, then gives up and keeps the error", async () => {
    runs.length = 0;
    failNext = 5;
    const id = (await enqueueJob(database.db, `test.${kind}`, { n: "r" }))!;
    await runDueJobs(database.db);
    let row = await database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, done_at: null, failed_at: null, last_error: "mail server down" });
    expect(Date.parse(row.run_at)).toBeGreaterThan(Date.now() + 50_000);
    expect(await runDueJobs(database.db)).toBe(0); // not due yet
    await runDueJobs(database.db, { now: () => new Date(Date.now() + 61_000) });
    row = await database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.failed_at).not.toBeNull();
    expect(runs).toEqual([]);
    failNext = 0;
  });

  it("lets another instance take a job whose claim expired (its instance died)", async () => {
    const id = (await enqueueJob(database.db, `test.${kind}`, { n: "lease" }))!;
    const claimed = await claimNextJob(database.db);
    expect(claimed?.id).toBe(id);
    expect(await claimNextJob(second)).toBeUndefined(); // still leased
    const later = await claimNextJob(second, new Date(Date.now() + 61_000));
    expect(later?.id).toBe(id);
    expect(later?.attempts).toBe(2);
  });
});
