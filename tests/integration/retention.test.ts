import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStatus } from "@server/contacts/pipeline";
import { createDatabase, type DB } from "@server/db";
import { contactSubmissions } from "@server/forms/contact-submissions";
import { getFreeAnalysisForm } from "@server/forms/definitions";
import {
  nextRetentionRun,
  purgeRetention,
  registerRetentionJobs,
  retentionDue,
  RETENTION_JOB,
  scheduleRetention,
} from "@server/forms/retention";
import { storeSpamSubmission } from "@server/forms/submissions";
import { runDueJobs } from "@server/jobs/jobs";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { samplePdf, storeFreeAnalysis } from "../support/lead-forms";

/**
 * Retention (decision 0049) on both databases: spam older than its days goes with its files;
 * a closed contact's Free Analysis statement goes once its days have passed since the contact
 * was closed, leaving a note; one just due goes, one just not stays; the preview counts what
 * the job removes; two instances running the daily job purge once.
 */
const DAY = 86_400_000;
const DAYS = { spamDays: 30, statementDays: 365 };
const PDF = new Uint8Array(samplePdf());
const staff = { id: "retention-test-staff", email: "staff@meritum.test" };

describe.each(dbKinds())("retention on %s", (kind) => {
  let database: TestDatabase;
  let second: DB;
  const db = () => database.db;
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  let n = 0;

  /** A Free Analysis submission with a statement, its contact closed (or not) `closedAgo` ms ago. */
  async function statementOf(closedAgo: number | null) {
    n += 1;
    const stored = await storeFreeAnalysis(
      db(),
      { email: `closed${n}@retention.example` },
      { filename: `s${n}.pdf`, bytes: PDF },
    );
    await db()
      .updateTable("submissions")
      .set({ created_at: ago(2000 * DAY) })
      .where("id", "=", stored.submissionId)
      .execute();
    if (closedAgo !== null)
      await db()
        .updateTable("contacts")
        .set({ status: "customer", closed_at: ago(closedAgo) })
        .where("id", "=", stored.contactId!)
        .execute();
    return stored;
  }

  /** A spam submission received `receivedAgo` ms ago: held (no contact) or marked by staff (a contact and a statement). */
  async function spamOf(receivedAgo: number, marked = false) {
    n += 1;
    const form = await getFreeAnalysisForm(db());
    const id = marked
      ? (await storeFreeAnalysis(db(), { email: `spam${n}@retention.example` }, { filename: `x${n}.pdf`, bytes: PDF }))
          .submissionId
      : await storeSpamSubmission(
          db(),
          form,
          (k) => (k === "email" ? `spam${n}@retention.example` : "x"),
          {},
          "honeypot",
          "contact",
        );
    await db()
      .updateTable("submissions")
      .set({ spam: sql.lit(true), created_at: ago(receivedAgo) })
      .where("id", "=", id)
      .execute();
    return id;
  }

  const exists = async (table: "submissions" | "stored_files", id: string) =>
    Boolean(await db().selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());
  const fileOf = async (submissionId: string) =>
    (
      await db()
        .selectFrom("submission_files")
        .select("file_id")
        .where("submission_id", "=", submissionId)
        .executeTakeFirst()
    )?.file_id;
  const audits = () => db().selectFrom("audit_log").selectAll().where("action", "=", "retention.purged").execute();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    second = createDatabase(database.target);
  });
  afterAll(async () => {
    await second?.destroy();
    await database?.cleanup();
  });

  it("records when staff close and reopen a contact", async () => {
    const { contactId } = await statementOf(null);
    const closedAt = async () =>
      (await db().selectFrom("contacts").select("closed_at").where("id", "=", contactId!).executeTakeFirstOrThrow())
        .closed_at;
    await setStatus(db(), staff, contactId!, { status: "customer" }, contactSubmissions);
    const closed = await closedAt();
    expect(closed).not.toBeNull();
    await setStatus(db(), staff, contactId!, { status: "lost", lostReason: "Went elsewhere" }, contactSubmissions);
    expect(await closedAt()).toBe(closed); // still closed since then
    await setStatus(db(), staff, contactId!, { status: "qualified" }, contactSubmissions);
    expect(await closedAt()).toBeNull();
  });

  it("removes exactly what is due, as the preview counted, and notes each removed statement", async () => {
    const spamDue = await spamOf(30 * DAY);
    const spamKept = await spamOf(30 * DAY - 60_000);
    const markedDue = await spamOf(31 * DAY, true);
    const markedFile = (await fileOf(markedDue))!;
    const due = await statementOf(365 * DAY);
    const dueFile = (await fileOf(due.submissionId))!;
    const kept = await statementOf(365 * DAY - 60_000);
    const open = await statementOf(null);
    const markedContact = (
      await db().selectFrom("submissions").select("contact_id").where("id", "=", markedDue).executeTakeFirstOrThrow()
    ).contact_id!;

    const preview = await retentionDue(db(), DAYS, now);
    expect(preview).toEqual({ spamSubmissions: 2, statements: 1 });
    const purged = await purgeRetention(db(), DAYS, now);
    expect(purged).toEqual({ ...preview, spamFiles: 1 });
    expect(await retentionDue(db(), DAYS, now)).toEqual({ spamSubmissions: 0, statements: 0 });

    // Spam: the due ones gone with their files (and counted off their contact), the other kept.
    expect(await exists("submissions", spamDue)).toBe(false);
    expect(await exists("submissions", markedDue)).toBe(false);
    expect(await exists("stored_files", markedFile)).toBe(false);
    expect(await exists("submissions", spamKept)).toBe(true);
    const contact = await db()
      .selectFrom("contacts")
      .select("submission_count")
      .where("id", "=", markedContact)
      .executeTakeFirstOrThrow();
    expect(Number(contact.submission_count)).toBe(0);

    // Statements: the due one's file gone, its submission kept with a note; the others untouched.
    expect(await fileOf(due.submissionId)).toBeUndefined();
    expect(await exists("stored_files", dueFile)).toBe(false);
    const note = await db()
      .selectFrom("submissions")
      .select("file_note")
      .where("id", "=", due.submissionId)
      .executeTakeFirstOrThrow();
    expect(note.file_note).toMatch(/^The file "s\d+\.pdf" was removed on \d{4}-\d{2}-\d{2} by retention/);
    expect(await fileOf(kept.submissionId)).toBeDefined();
    expect(await fileOf(open.submissionId)).toBeDefined();
    // The contact's timeline no longer offers the removed file, and says why.
    const [timeline] = await contactSubmissions.list(db(), due.contactId!, 10);
    expect(timeline!.files).toEqual([]);
    expect(timeline!.fileNote).toBe(note.file_note);

    // One audit entry with the counts and nothing personal.
    const [audit] = await audits();
    expect(JSON.parse(audit!.details)).toEqual({ spamSubmissions: 2, spamFiles: 1, statements: 1, ...DAYS });
    expect(audit!.actor_id).toBeNull();
    expect(JSON.stringify(audit)).not.toMatch(/@|\.pdf/);
  });

  it("is run by one of two instances", async () => {
    registerRetentionJobs();
    const due = await spamOf(400 * DAY);
    await db().deleteFrom("jobs").execute();
    const at = new Date(Date.now() - 1000);
    await scheduleRetention(db(), at);
    await scheduleRetention(second, at); // the other instance asks too: one job
    const [a, b] = await Promise.all([runDueJobs(db()), runDueJobs(second)]);
    expect(a + b).toBe(1);
    expect(await exists("submissions", due)).toBe(false);
    expect(await audits()).toHaveLength(2);
    const jobs = await db()
      .selectFrom("jobs")
      .select(["run_at", "done_at", "attempts"])
      .where("kind", "=", RETENTION_JOB)
      .orderBy("run_at")
      .execute();
    // Today's run, done once; the next one waits for 02:00 Arizona time.
    expect(jobs).toEqual([
      { run_at: at.toISOString(), done_at: expect.any(String), attempts: 1 },
      { run_at: nextRetentionRun().toISOString(), done_at: null, attempts: 0 },
    ]);
  });
});
