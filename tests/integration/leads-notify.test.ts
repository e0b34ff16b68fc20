import { afterAll, beforeEach, beforeAll, describe, expect, it } from "vitest";
import { getFreeAnalysisForm } from "@server/forms/definitions";
import { formChecks } from "@server/forms/pipeline";
import type { Upload } from "@server/forms/public-body";
import { storeSubmission } from "@server/forms/submissions";
import { apiCall, createStaff, signIn } from "../support/auth";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { answerOf, freePort, leadForm, samplePdf, withoutAutoReply } from "../support/lead-forms";
import { startTestServer, type TestServer } from "../support/server";
import { startTestSmtp } from "../support/smtp";

/**
 * A Free Analysis lead when the mail server is down (kept, retried with backoff, flagged on
 * the submission and the dashboard, sent again by hand) and the one transaction that
 * stores it, on both databases.
 */

describe.each(dbKinds())("lead notifications when SMTP is down on %s", (kind) => {
  let server: TestServer;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startTestServer({
      db: kind,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // No STAFF_NOTIFY_EMAIL: notifications go to the e-mail in the site settings.
        CONTACT_MIN_SUBMIT_SECONDS: "1",
        SUBMISSION_NOTIFY_RETRY_SECONDS: "1",
        SUBMISSION_NOTIFY_MAX_ATTEMPTS: "2",
      },
    });
    // These tests count the staff e-mails; the visitor's auto-reply has its own tests.
    await withoutAutoReply(server.database.db);
  });
  afterAll(() => server?.stop());

  const db = () => server.database.db;
  const submissionOf = (email: string) =>
    db().selectFrom("submissions").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

  it("keeps the lead, records the failure, retries with backoff, then flags it; later leads go out once SMTP is back", async () => {
    const res = await fetch(`${server.url}/contact`, { method: "POST", body: leadForm({ email: "down@example.com" }) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your request is in");
    // Stored before the answer, whatever the mail server does.
    const stored = await submissionOf("down@example.com");
    expect(stored.notified_at).toBeNull();

    await expect
      .poll(async () => (await submissionOf("down@example.com")).notify_status, { timeout: 15_000, interval: 250 })
      .toBe("failed");
    const flagged = await submissionOf("down@example.com");
    expect(flagged.notify_attempts).toBe(2);
    expect(flagged.notify_error).toMatch(/ECONNREFUSED|connect/i);
    expect(flagged.notified_at).toBeNull();
    expect(server.logs()).toContain("submission notification failed; giving up");

    const smtp = await startTestSmtp({ port: smtpPort });
    try {
      const next = await fetch(`${server.url}/contact`, {
        method: "POST",
        body: leadForm({ email: "back@example.com" }),
      });
      expect(next.status).toBe(200);
      await next.text();
      await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1);
      expect(smtp.mails[0]!.text).toContain("back@example.com");
      expect(smtp.mails[0]!.to).toEqual(["hello@meritumpayments.com"]);
      await expect.poll(async () => (await submissionOf("back@example.com")).notify_status).toBe("sent");
      // The flagged one is left for staff, not retried forever.
      await new Promise((r) => setTimeout(r, 2500));
      expect((await submissionOf("down@example.com")).notify_attempts).toBe(2);
      expect(smtp.mails.length).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it("lists the failed notification on the dashboard, linked to its submission; sending it again clears it", async () => {
    await createStaff(server, "owner@meritum.test", "admin");
    const cookie = await signIn(server, "owner@meritum.test");
    const failed = async () =>
      (await (await apiCall(server, "GET", "/api/admin/dashboard", cookie)).json()).failedNotifications;
    const flagged = await submissionOf("down@example.com");
    expect(flagged.form_id).toBeTruthy();
    expect(await failed()).toEqual({
      total: 1,
      rows: [
        {
          submissionId: flagged.id,
          formId: flagged.form_id,
          contactId: flagged.contact_id,
          name: "Dana Ruiz",
          createdAt: flagged.created_at,
          error: expect.stringMatching(/ECONNREFUSED|connect/i),
        },
      ],
    });

    const smtp = await startTestSmtp({ port: smtpPort });
    try {
      const resend = await apiCall(
        server,
        "POST",
        `/api/admin/forms/${flagged.form_id}/submissions/${flagged.id}/notification`,
        cookie,
      );
      expect(await resend.json()).toMatchObject({ ok: true, message: "Notification sent again." });
      await expect.poll(async () => (await submissionOf("down@example.com")).notify_status).toBe("sent");
      expect(smtp.mails.filter((m) => m.text.includes("down@example.com"))).toHaveLength(1);
      expect(await failed()).toEqual({ total: 0, rows: [] });
    } finally {
      await smtp.close();
    }
  });
});

describe.each(dbKinds())("the submission store's transaction on %s", (kind) => {
  let tdb: TestDatabase;
  beforeEach(async () => {
    await tdb?.cleanup();
    tdb = await createTestDatabase(kind);
  });
  afterAll(() => tdb?.cleanup());

  /** A Free Analysis post from `email` as the pipeline checked it, with a statement when given. */
  async function checkedPost(email: string, statement?: Uint8Array) {
    const definition = await getFreeAnalysisForm(tdb.db);
    const files: Record<string, Upload> = statement
      ? { statement: { filename: "s.pdf", declaredType: "application/pdf", bytes: statement } }
      : {};
    const checked = formChecks(definition).check(leadForm({ email }), files);
    if (!checked.ok) throw new Error(JSON.stringify(checked.fieldErrors));
    return { definition, post: checked.post };
  }
  const files = async () => tdb.db.selectFrom("stored_files").select("id").execute();

  it("stores nothing, not even the file, when the transaction fails", async () => {
    const { definition, post } = await checkedPost("ava@chenflorist.example", new Uint8Array(samplePdf()));
    // Break the last insert of the transaction: the contact, the submission and the file must roll back too.
    await tdb.db.schema.dropTable("submission_files").execute();
    await expect(storeSubmission(tdb.db, definition, post, {})).rejects.toThrow();
    expect(await tdb.db.selectFrom("contacts").selectAll().execute()).toEqual([]);
    expect(await tdb.db.selectFrom("submissions").selectAll().execute()).toEqual([]);
    expect(await files()).toEqual([]);
  });

  it("still stores requests without a statement, the same e-mail in another case on the same contact", async () => {
    const first = await checkedPost("ava@chenflorist.example");
    const lead = await storeSubmission(tdb.db, first.definition, first.post, { clientIp: "198.51.100.7" });
    const second = await checkedPost("AVA@chenflorist.example");
    const again = await storeSubmission(tdb.db, second.definition, second.post, {});
    expect(again.contactId).toBe(lead.contactId);
    expect(again.returning).toBe(true);
    expect(lead.returning).toBe(false);
    expect(lead.filesStored).toEqual([]);
  });

  it("past the daily upload limit takes the request without its file and says so on the submission", async () => {
    const pdf = new Uint8Array(samplePdf());
    const limit = { dailyLimitBytes: pdf.byteLength * 2 };
    const stored = [];
    for (const email of ["cap1@example.com", "cap2@example.com", "cap3@example.com"]) {
      const { definition, post } = await checkedPost(email, pdf);
      stored.push(await storeSubmission(tdb.db, definition, post, {}, limit));
    }
    expect(stored.map((s) => s.filesRefused)).toEqual([[], [], ["statement"]]);
    expect(stored.map((s) => s.filesStored)).toEqual([["statement"], ["statement"], []]);
    const row = await tdb.db
      .selectFrom("submissions")
      .select(["file_note", "answers"])
      .where("id", "=", stored[2]!.submissionId)
      .executeTakeFirstOrThrow();
    expect(row.file_note).toContain('"s.pdf" (Recent processing statement), but it was not stored');
    expect(answerOf(row, "statement")).toBeNull();
    expect((await files()).length).toBe(2);
  });
});
