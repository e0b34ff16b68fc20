import { sql } from "kysely";
import { addDays, arizonaDate, arizonaDayStart } from "@common/arizona";
import { FREE_ANALYSIS_SYSTEM_KEY } from "@common/forms";
import { writeAudit } from "../audit/audit";
import { contactsClosedBy } from "../contacts/closed";
import { unlinkSubmission } from "../contacts/intake";
import type { DB } from "../db";
import { deleteStoredFiles } from "../files/files";
import { enqueueJob, registerJob } from "../jobs/jobs";
import { log } from "../logger";
import { getSiteSettings } from "../settings/settings";

/**
 * Retention (decision 0049): a daily job, claimed by one instance (server/jobs), removes
 * - spam submissions (held or marked by staff) older than `spamRetentionDays`, with their files;
 * - the files of Free Analysis submissions (the statement, and any file field staff added)
 *   whose contact was closed (customer or lost, `contacts.closed_at`) `statementRetentionDays`
 *   ago or longer; the submission stays, with a note that retention removed the file.
 * An audit entry counts what went (no personal data). The settings screen's preview counts
 * with the same queries (`dueSpam`, `dueStatements`) at the next run's time.
 */

export const RETENTION_JOB = "retention.purge";
/** The job runs at 02:00 Arizona time. */
const RUN_HOUR_MS = 2 * 3_600_000;
const DAY_MS = 86_400_000;
const CHUNK = 500;

export interface RetentionDays {
  spamDays: number;
  statementDays: number;
}

export interface RetentionCounts {
  spamSubmissions: number;
  statements: number;
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** Spam submissions due: received at or before `days` ago. */
export function dueSpam(db: DB, days: number, now: Date) {
  return db
    .selectFrom("submissions")
    .where("submissions.spam", "=", sql.lit(true))
    .where("submissions.created_at", "<=", before(now, days));
}

/** Files of Free Analysis submissions (not spam) whose contact was closed at or before `days` ago. */
export function dueStatements(db: DB, days: number, now: Date) {
  return db
    .selectFrom("submission_files")
    .innerJoin("submissions", "submissions.id", "submission_files.submission_id")
    .innerJoin("form_definitions", "form_definitions.id", "submissions.form_id")
    .where("form_definitions.system_key", "=", FREE_ANALYSIS_SYSTEM_KEY)
    .where("submissions.spam", "=", sql.lit(false))
    .where("submissions.contact_id", "in", contactsClosedBy(db, before(now, days)));
}

/** What a run at `at` would remove, by the job's own queries. */
export async function retentionDue(db: DB, days: RetentionDays, at: Date): Promise<RetentionCounts> {
  const [spam, statements] = await Promise.all([
    dueSpam(db, days.spamDays, at)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    dueStatements(db, days.statementDays, at)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { spamSubmissions: Number(spam.n), statements: Number(statements.n) };
}

export const retentionDaysOf = (settings: { spamRetentionDays: number; statementRetentionDays: number }) => ({
  spamDays: settings.spamRetentionDays,
  statementDays: settings.statementRetentionDays,
});

const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** The note a submission keeps about a file retention removed. */
export function retentionNote(filename: string, day: string, days: number): string {
  return `The file "${filename}" was removed on ${day} by retention (statements are kept ${days} days after the contact is closed).`;
}

/** Removes what is due at `now`, in one transaction, and audits the counts. */
export async function purgeRetention(
  db: DB,
  days: RetentionDays,
  now = new Date(),
): Promise<RetentionCounts & { spamFiles: number }> {
  return db.transaction().execute(async (trx) => {
    const spam = await dueSpam(trx, days.spamDays, now).select(["submissions.id", "submissions.contact_id"]).execute();
    let spamFiles = 0;
    for (const part of chunks(spam)) {
      const ids = part.map((s) => s.id);
      const files = await trx
        .selectFrom("submission_files")
        .select("file_id")
        .where("submission_id", "in", ids)
        .execute();
      spamFiles += await deleteStoredFiles(
        trx,
        files.map((f) => f.file_id),
      );
      // Their submission_files rows go with them (on delete cascade).
      await trx.deleteFrom("submissions").where("id", "in", ids).execute();
      for (const s of part) if (s.contact_id) await unlinkSubmission(trx, s.contact_id);
    }

    const statements = await dueStatements(trx, days.statementDays, now)
      .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
      .select([
        "submission_files.id",
        "submission_files.file_id",
        "submission_files.submission_id",
        "stored_files.filename",
      ])
      .execute();
    const day = arizonaDate(now);
    for (const part of chunks(statements)) {
      await deleteStoredFiles(
        trx,
        part.map((f) => f.file_id),
      );
      await trx
        .deleteFrom("submission_files")
        .where(
          "id",
          "in",
          part.map((f) => f.id),
        )
        .execute();
      for (const f of part) {
        const note = retentionNote(f.filename, day, days.statementDays);
        await trx
          .updateTable("submissions")
          .set({
            file_note: sql<string>`case when file_note is null then ${note} else file_note || ' ' || ${note} end`,
          })
          .where("id", "=", f.submission_id)
          .execute();
      }
    }

    const counts = { spamSubmissions: spam.length, spamFiles, statements: statements.length };
    if (counts.spamSubmissions || counts.statements)
      await writeAudit(trx, { action: "retention.purged", target: "retention", details: { ...counts, ...days } });
    return counts;
  });
}

/** The next run's time: 02:00 Arizona time today, or tomorrow when that has passed. */
export function nextRetentionRun(now = new Date()): Date {
  const today = arizonaDate(now);
  const at = (day: string) => new Date(Date.parse(arizonaDayStart(day)) + RUN_HOUR_MS);
  return at(today) > now ? at(today) : at(addDays(today, 1));
}

/** Enqueues the run at `at` (once, whichever instance asks first: the key is the run's time). */
export function scheduleRetention(db: DB, at: Date) {
  return enqueueJob(
    db,
    RETENTION_JOB,
    { day: arizonaDate(at) },
    { key: `${RETENTION_JOB}:${at.toISOString()}`, runAt: at },
  );
}

export function registerRetentionJobs(): void {
  registerJob<{ day: string }>(
    RETENTION_JOB,
    async ({ day }, { db }) => {
      const days = retentionDaysOf(await getSiteSettings(db));
      const purged = await purgeRetention(db, days);
      log.info("retention purged", { day, ...days, ...purged });
      await scheduleRetention(db, nextRetentionRun());
    },
    { maxAttempts: 5, backoffMs: 600_000 },
  );
}
