import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DB } from "@server/db";
import { seedDatabase } from "@server/app/seed";
import { createForm } from "@server/forms/definitions";
import { notifySubmission, registerSubmissionJobs, SUBMISSION_NOTIFY_JOB } from "@server/forms/notify";
import { storeSpamSubmission, storeSubmission } from "@server/forms/submissions";
import { runDueJobs } from "@server/jobs/jobs";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Two workers (each with its own database connections, as two server instances have) run the
 * job runner at once over the notifications the submissions queued in their transactions,
 * while a stray direct send races them: each notification is sent once, and a submission
 * held as spam queues nothing.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  // This process's configuration is read once, on first use: point its mail at the test server.
  process.env.SMTP_URL = smtp.url;
  registerSubmissionJobs();
});
afterAll(() => smtp?.close());

describe.each(dbKinds())("a form notification with two workers on %s", (kind) => {
  let database: TestDatabase;
  let second: DB;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db);
    second = createDatabase(database.target);
  });
  afterAll(async () => {
    await second?.destroy();
    await database?.cleanup();
  });

  it("is sent once", async () => {
    const actor = { id: "staff-1", email: "staff@meritum.test" };
    const form = await createForm(
      database.db,
      actor,
      {
        name: "Callback",
        slug: `callback-${kind}`,
        fields: [{ key: "email", type: "email", label: "E-mail", required: true }],
        recipients: [`callbacks-${kind}@meritum.test`],
        successMessage: "Thanks.",
      },
      { mayChangeRecipients: true },
    );
    const ids: string[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = [{ key: "email", label: "E-mail", type: "email" as const, value: `caller${round}@example.com` }];
      const stored = await storeSubmission(database.db, form, { answers, uploads: [], source: "form" }, {});
      ids.push(stored.submissionId);
    }
    const spam = await storeSpamSubmission(
      database.db,
      form,
      (key) => (key === "email" ? "bot@example.com" : undefined),
      {},
      "too-fast",
      "form",
    );
    const jobs = await database.db.selectFrom("jobs").select(["kind", "payload"]).execute();
    expect(jobs.filter((j) => j.kind === SUBMISSION_NOTIFY_JOB)).toHaveLength(5);
    expect(SUBMISSION_NOTIFY_JOB).toBe("submission.notify");
    expect(jobs.some((j) => j.payload.includes(spam))).toBe(false);

    // Both runners at once, and a direct send of the first submission racing them.
    const [a, b, direct] = await Promise.all([
      runDueJobs(database.db),
      runDueJobs(second),
      notifySubmission(second, ids[0]!, { maxAttempts: 6, baseMs: 60_000 }),
    ]);
    expect(a + b).toBe(5);
    expect(["sent", "skipped"]).toContain(direct);

    const mails = smtp.mails.filter((m) => m.to.includes(`callbacks-${kind}@meritum.test`));
    expect(mails).toHaveLength(5);
    for (let round = 0; round < 5; round++)
      expect(mails.filter((m) => m.text.includes(`caller${round}@example.com`))).toHaveLength(1);
    expect(mails.some((m) => m.text.includes("bot@example.com"))).toBe(false);
    const rows = await database.db
      .selectFrom("submissions")
      .select(["id", "notify_status", "notify_attempts"])
      .where("id", "in", ids)
      .execute();
    for (const row of rows) expect(row).toMatchObject({ notify_status: "sent", notify_attempts: 1 });
  });
});
