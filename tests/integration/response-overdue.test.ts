import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "@server/app/seed";
import { createDatabase, type DB } from "@server/db";
import { createForm } from "@server/forms/definitions";
import { contactSubmissions } from "@server/forms/contact-submissions";
import { RESPONSE_OVERDUE_JOB, registerResponseClockJobs } from "@server/forms/response-clock";
import { storeSpamSubmission, storeSubmission } from "@server/forms/submissions";
import { setSpam } from "@server/forms/submission-actions";
import { addNote, setOwner } from "@server/contacts/pipeline";
import { runDueJobs } from "@server/jobs/jobs";
import { createEndpoint } from "@server/webhooks/endpoints";
import { registerWebhookJobs } from "@server/webhooks/deliveries";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * The overdue reminder (decision 0048): each stored non-spam submission (and a restored one)
 * queues one job at its response deadline; if nobody answered by then, its contact's owner
 * (or the staff address) gets an e-mail, caught by a real SMTP server, and the
 * `lead.first_response_overdue` webhook reaches a receiver. Two workers send it once; an
 * answered lead gets nothing.
 */
const STAFF = "leads-desk@meritum.test";
let smtp: TestSmtp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startWebhookReceiver();
  // This process's configuration is read once, on first use.
  process.env.SMTP_URL = smtp.url;
  process.env.STAFF_NOTIFY_EMAIL = STAFF;
  process.env.WEBHOOKS_ALLOW_LOCAL = "1";
  registerResponseClockJobs();
  registerWebhookJobs();
});
afterAll(async () => {
  await smtp?.close();
  await receiver?.close();
});

describe.each(dbKinds())("the first-response reminder on %s", (kind) => {
  let database: TestDatabase;
  let second: DB;
  let form: Awaited<ReturnType<typeof createForm>>;
  const actor = { id: "", email: "owner@meritum.test" };
  const db = () => database.db;
  const store = async (email: string) => {
    const answers = [{ key: "email", label: "E-mail", type: "email" as const, value: email }];
    return storeSubmission(db(), form, { answers, uploads: [], source: "form" }, {});
  };
  const jobOf = (submissionId: string) =>
    db()
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", RESPONSE_OVERDUE_JOB)
      .where("payload", "like", `%${submissionId}%`)
      .execute();
  /** Runs every due job with the clock past the deadline, on both workers at once. */
  const runLater = async () => {
    const later = () => new Date(Date.now() + 8 * 86_400_000);
    let ran = 0;
    for (;;) {
      const [a, b] = await Promise.all([runDueJobs(db(), { now: later }), runDueJobs(second, { now: later })]);
      if (!(a + b)) return ran;
      ran += a + b;
    }
  };
  const overdueEvents = (submissionId: string) =>
    receiver.received
      .map((r) => JSON.parse(r.body) as { type: string; data: any })
      .filter((e) => e.type === "lead.first_response_overdue" && e.data.submissionId === submissionId);
  const mailsAbout = (email: string) => smtp.mails.filter((m) => m.text.includes(email));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db);
    second = createDatabase(database.target);
    // The staff member who owns contacts (and acts on them).
    actor.id = `owner-${kind}`;
    const now = new Date().toISOString();
    await db()
      .insertInto("user")
      .values({
        id: actor.id,
        name: "Olivia Owner",
        email: actor.email,
        emailVerified: true,
        image: null,
        createdAt: now,
        updatedAt: now,
        twoFactorEnabled: false,
        role: "editor",
        banned: false,
        banReason: null,
        banExpires: null,
      })
      .execute();
    form = await createForm(
      db(),
      actor,
      {
        name: "Callback",
        slug: `callback-${kind}`,
        fields: [{ key: "email", type: "email", label: "E-mail", required: true }],
        recipients: [],
        successMessage: "Thanks.",
      },
      { mayChangeRecipients: true },
    );
    await createEndpoint(
      db(),
      {
        name: "Team chat",
        url: receiver.url,
        events: ["lead.first_response_overdue"],
        format: "standard",
        active: true,
      },
      { id: actor.id, email: actor.email },
    );
  });
  afterAll(async () => {
    await second?.destroy();
    await database?.cleanup();
  });

  it("queues one reminder at the deadline and sends it once, with two workers, to the staff address", async () => {
    const email = `unowned-${kind}@example.com`;
    const stored = await store(email);
    const [job, ...others] = await jobOf(stored.submissionId);
    expect(others).toHaveLength(0);
    const row = await db()
      .selectFrom("submissions")
      .select(["created_at", "response_due_at"])
      .where("id", "=", stored.submissionId)
      .executeTakeFirstOrThrow();
    expect(new Date(job!.run_at).toISOString()).toBe(new Date(row.response_due_at!).toISOString());
    expect(new Date(row.response_due_at!).getTime()).toBeGreaterThan(new Date(row.created_at).getTime());

    await runLater();
    const mails = mailsAbout(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([STAFF]);
    expect(mails[0]!.text).toContain("Waiting for a first response");
    expect(mails[0]!.text).toContain("target 15");
    expect(overdueEvents(stored.submissionId)).toHaveLength(1);
    expect(overdueEvents(stored.submissionId)[0]!.data).toMatchObject({
      contactId: stored.contactId,
      email,
      targetMinutes: 15,
      ownerEmail: null,
    });
    // Run again: nothing more.
    await runLater();
    expect(mailsAbout(email)).toHaveLength(1);
    expect(overdueEvents(stored.submissionId)).toHaveLength(1);
  });

  it("e-mails the contact's owner when it has one", async () => {
    const email = `has-owner-${kind}@example.com`;
    const first = await store(email);
    await setOwner(db(), actor, first.contactId!, { ownerId: actor.id }, contactSubmissions);
    const later = await store(email);
    await runLater();
    const mails = mailsAbout(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([actor.email]);
    expect(overdueEvents(later.submissionId)[0]!.data.ownerEmail).toBe(actor.email);
    // The first was answered by the assignment: no reminder of it.
    expect(overdueEvents(first.submissionId)).toHaveLength(0);
  });

  it("sends nothing for a lead answered before its deadline", async () => {
    const email = `answered-${kind}@example.com`;
    const stored = await store(email);
    await addNote(db(), actor, stored.contactId!, { body: "Called back." }, contactSubmissions);
    await runLater();
    expect(mailsAbout(email)).toHaveLength(0);
    expect(overdueEvents(stored.submissionId)).toHaveLength(0);
    const [job] = await jobOf(stored.submissionId);
    expect(job!.done_at).not.toBeNull();
  });

  it("queues nothing for a post held as spam, and one reminder when it is restored", async () => {
    const email = `held-${kind}@example.com`;
    const held = await storeSpamSubmission(
      db(),
      form,
      (k) => (k === "email" ? email : undefined),
      {},
      "too-fast",
      "form",
    );
    expect(await jobOf(held)).toHaveLength(0);
    await setSpam(db(), actor, form.id, held, false);
    await setSpam(db(), actor, form.id, held, true);
    await setSpam(db(), actor, form.id, held, false);
    expect(await jobOf(held)).toHaveLength(1);
    await runLater();
    expect(mailsAbout(email)).toHaveLength(1);
    expect(overdueEvents(held)).toHaveLength(1);
  });
});
