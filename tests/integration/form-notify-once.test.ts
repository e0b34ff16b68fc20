import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DB } from "@server/db";
import { seedDatabase } from "@server/db/seed";
import { createForm } from "@server/forms/definitions";
import { storeFormSubmission } from "@server/forms/submissions";
import { notifyStaffOfLead, sweepLeadNotifications } from "@server/leads/leads";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Two workers (each with its own database connections, as two server instances have) try the
 * same notification at once, while a sweep runs too: the claimed attempt lets one send.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  // This process's configuration is read once, on first use: point its mail at the test server.
  process.env.SMTP_URL = smtp.url;
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
    const form = await createForm(database.db, actor, {
      name: "Callback",
      slug: `callback-${kind}`,
      fields: [{ key: "email", type: "email", label: "E-mail", required: true }],
      recipients: [`callbacks-${kind}@meritum.test`],
      successMessage: "Thanks.",
    });
    for (let round = 0; round < 5; round++) {
      const stored = await storeFormSubmission(
        database.db,
        form,
        [{ key: "email", label: "E-mail", type: "email", value: `caller${round}@example.com` }],
        [],
        {},
      );
      // Both workers start the send of a new submission at once; a sweep running meanwhile
      // leaves an attempt in flight alone (its backoff has not passed).
      const options = { maxAttempts: 6, baseMs: 60_000 };
      const results = await Promise.all([
        notifyStaffOfLead(database.db, stored.submissionId, options),
        notifyStaffOfLead(second, stored.submissionId, options),
        sweepLeadNotifications(second, options),
      ]);
      expect(results.slice(0, 2).filter((r) => r === "sent")).toHaveLength(1);
    }
    await new Promise((r) => setTimeout(r, 300));
    const mails = smtp.mails.filter((m) => m.to.includes(`callbacks-${kind}@meritum.test`));
    expect(mails).toHaveLength(5);
    for (let round = 0; round < 5; round++)
      expect(mails.filter((m) => m.text.includes(`caller${round}@example.com`))).toHaveLength(1);
  });
});
