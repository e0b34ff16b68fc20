import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_PATTERN } from "@common/auto-reply";
import { createDatabase, type DB } from "@server/db";
import { seedDatabase } from "@server/app/seed";
import { AUTO_REPLY_JOB, registerAutoReplyJob, sendAutoReply } from "@server/forms/auto-reply";
import { createForm, getFreeAnalysisForm } from "@server/forms/definitions";
import { registerSubmissionJobs, SUBMISSION_NOTIFY_JOB } from "@server/forms/notify";
import { setSpam } from "@server/forms/submission-actions";
import { storeSpamSubmission, storeSubmission } from "@server/forms/submissions";
import { runDueJobs } from "@server/jobs/jobs";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { samplePdf, storeFreeAnalysis } from "../support/lead-forms";
import { mailPart, startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * The auto-reply to a submitter (issue 21), through the job runner as the server runs it, the
 * mail caught by a real SMTP server: its contents in both parts with the row's reference,
 * sent once with two workers racing, one per address per form per hour, none while held as
 * spam and exactly one when staff restore it.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  // This process's configuration is read once, on first use: point its mail at the test server.
  process.env.SMTP_URL = smtp.url;
  registerSubmissionJobs();
  registerAutoReplyJob();
});
afterAll(() => smtp?.close());

const staff = { id: "staff-1", email: "staff@meritum.test" };
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

describe.each(dbKinds())("the auto-reply on %s", (kind) => {
  let database: TestDatabase;
  let second: DB;
  const db = () => database.db;
  /** Both workers at once, as two instances run their job runners. */
  const runBoth = () => Promise.all([runDueJobs(database.db), runDueJobs(second)]);
  const row = (id: string) => db().selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db);
    second = createDatabase(database.target);
  });
  afterAll(async () => {
    await second?.destroy();
    await database?.cleanup();
  });

  it("answers a Free Analysis request with its reference, what happens next and the statement received", async () => {
    const email = `dana-${kind}@ruizauto.example`;
    const stored = await storeFreeAnalysis(
      db(),
      { email, name: "Dana Ruiz", businessName: "Tom & Jerry's <Diner>" },
      { filename: "march.pdf", bytes: new Uint8Array(samplePdf()) },
    );
    expect(stored.reference).toMatch(REFERENCE_PATTERN);
    expect((await row(stored.submissionId)).auto_reply_status).toBe("pending");
    await runBoth();

    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain(`Subject: We received your request (${stored.reference})`);
    const text = mailPart(mail, "text/plain");
    const html = mailPart(mail, "text/html");
    for (const part of [text, html]) {
      expect(part).toContain(stored.reference);
      expect(part).toContain("Mark Ellison"); // the owner in the seeded settings
      expect(part).toContain("(800) 431-9848");
      expect(part).toContain("Monday to Friday, 8 a.m. to 5 p.m., Arizona time");
      expect(part).toContain("We received your statement");
      expect(part).not.toContain("{{");
    }
    expect(text).toContain("Hi Dana,");
    expect(text).toContain("Tom & Jerry's <Diner>");
    expect(text).not.toContain("<strong>");
    expect(html).toContain(`<strong>${stored.reference}</strong>`);
    expect(html).toContain("Tom &amp; Jerry&#39;s &lt;Diner&gt;");
    expect(html).not.toContain("<Diner>");
    // The statement is said to be received, never attached.
    expect(mail.text).not.toMatch(/application\/pdf|filename=/i);
    expect(await row(stored.submissionId)).toMatchObject({
      reference: stored.reference,
      auto_reply_status: "sent",
      auto_reply_attempts: 1,
    });
  });

  it("says so when no statement came with the request", async () => {
    const email = `nostatement-${kind}@example.com`;
    await storeFreeAnalysis(db(), { email });
    await runBoth();
    expect(mailPart(mailsTo(email)[0]!, "text/plain")).toContain("You didn't attach a statement");
  });

  it("is sent once per submission with two workers and a direct send racing", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await storeFreeAnalysis(db(), { email: `race${i}-${kind}@example.com` })).submissionId);
    const jobs = await db().selectFrom("jobs").select("payload").where("kind", "=", AUTO_REPLY_JOB).execute();
    for (const id of ids) expect(jobs.filter((j) => j.payload.includes(id))).toHaveLength(1);
    const [, direct] = await Promise.all([runBoth(), sendAutoReply(second, ids[0]!)]);
    expect(["sent", "skipped"]).toContain(direct);
    for (let i = 0; i < 4; i++) expect(mailsTo(`race${i}-${kind}@example.com`)).toHaveLength(1);
    for (const id of ids) expect(await row(id)).toMatchObject({ auto_reply_status: "sent", auto_reply_attempts: 1 });
  });

  it("sends one per address per form per hour; the later submission is stored and notified", async () => {
    const email = `twice-${kind}@example.com`;
    const first = await storeFreeAnalysis(db(), { email });
    await runBoth();
    const again = await storeFreeAnalysis(db(), { email, message: "Forgot to say: we also sell online." });
    await runBoth();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailPart(mailsTo(email)[0]!, "text/plain")).toContain(first.reference);
    const later = await row(again.submissionId);
    expect(later).toMatchObject({ auto_reply_status: "skipped", notify_status: "sent" });
    expect(later.auto_reply_note).toContain("at most one per address per hour");

    // Another form with its auto-reply on still answers the same address.
    const form = await createForm(
      db(),
      staff,
      {
        name: "Callback",
        slug: `callback-${kind}`,
        fields: [{ key: "email", type: "email", label: "E-mail", required: true, contact: "email" }],
        successMessage: "Thanks.",
        autoReply: { enabled: true, subject: "Thanks ({{reference}})", body: "We'll call, {{name}}. {{statement}}" },
      },
      { mayChangeRecipients: true },
    );
    const answers = [{ key: "email", label: "E-mail", type: "email" as const, value: email }];
    const other = await storeSubmission(db(), form, { answers, uploads: [], source: "form" }, {});
    await runBoth();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Subject: Thanks (${other.reference})`);
    expect(mailPart(mails[1]!, "text/plain")).toContain("We'll call, there.");
  });

  it("sends nothing for a form with its auto-reply off", async () => {
    const form = await createForm(
      db(),
      staff,
      {
        name: "Quiet",
        slug: `quiet-${kind}`,
        fields: [{ key: "email", type: "email", label: "E-mail", required: true }],
        recipients: [`quiet-staff-${kind}@meritum.test`],
        successMessage: "Thanks.",
      },
      { mayChangeRecipients: true },
    );
    expect(form.autoReply.enabled).toBe(false);
    const email = `quiet-${kind}@example.com`;
    const answers = [{ key: "email", label: "E-mail", type: "email" as const, value: email }];
    const stored = await storeSubmission(db(), form, { answers, uploads: [], source: "form" }, {});
    await runBoth();
    expect(mailsTo(`quiet-staff-${kind}@meritum.test`)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(0);
    expect((await row(stored.submissionId)).auto_reply_status).toBeNull();
  });

  it("holds none for spam and sends exactly one when staff restore it", async () => {
    const fa = await getFreeAnalysisForm(db());
    const email = `held-${kind}@example.com`;
    const raw = (key: string) =>
      ({ email, name: "Held Person", businessName: "Held Co", phone: "(480) 555-0199" })[key] as string | undefined;
    const id = await storeSpamSubmission(db(), fa, raw, {}, "too-fast", "contact");
    expect((await row(id)).reference).toMatch(REFERENCE_PATTERN);
    const queued = await db().selectFrom("jobs").select("payload").where("kind", "=", AUTO_REPLY_JOB).execute();
    expect(queued.some((j) => j.payload.includes(id))).toBe(false);
    await runBoth();
    expect(mailsTo(email)).toHaveLength(0);

    await setSpam(db(), staff, fa.id, id, false);
    await runBoth();
    // Marked spam and restored again: the auto-reply was already sent.
    await setSpam(db(), staff, fa.id, id, true);
    await setSpam(db(), staff, fa.id, id, false);
    await runBoth();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mailPart(mails[0]!, "text/plain")).toContain((await row(id)).reference!);
    const notify = await db().selectFrom("jobs").select("payload").where("kind", "=", SUBMISSION_NOTIFY_JOB).execute();
    expect(notify.filter((j) => j.payload.includes(id))).toHaveLength(1);
  });
});
