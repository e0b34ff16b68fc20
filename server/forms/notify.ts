import { getConfig } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { enqueueJob, registerJob } from "../jobs/jobs";
import { log } from "../logger";
import { buildSubmissionMail } from "./mail";
import { sendClaimedAttempt } from "./mail-attempt";

/**
 * The staff e-mail of a submission (every form) is one background job (server/jobs),
 * `submission.notify`: enqueued in the transaction that stores (or restores) the submission,
 * claimed by one instance, retried with backoff (SUBMISSION_NOTIFY_RETRY_SECONDS,
 * SUBMISSION_NOTIFY_MAX_ATTEMPTS), and sent once however many instances run the jobs. Where
 * it stands is recorded on the submission (`notify_status`).
 */
export const SUBMISSION_NOTIFY_JOB = "submission.notify";

export interface NotifyOptions {
  maxAttempts: number;
  /** Base backoff: attempt n+1 waits baseMs * 2^(n-1) after attempt n. */
  baseMs: number;
}

function notifyOptions(): NotifyOptions {
  const { submissionNotify } = getConfig();
  return { maxAttempts: submissionNotify.maxAttempts, baseMs: submissionNotify.retryMs };
}

/**
 * How long an attempt may be in flight ("sending") before another worker may take over: the
 * job runner's lease, after which it runs the job of a worker that died mid-send again.
 */
export const NOTIFY_SENDING_LEASE_MS = 5 * 60 * 1000;

/**
 * Queues the staff e-mail of a stored, non-spam submission. Call it inside the transaction
 * that stores (or restores) the submission, then `kickJobs()` after the commit. A first
 * notification has one key per submission; `attempt` (a resend by staff) queues a new one.
 */
export async function enqueueSubmissionNotification(db: DB, submissionId: string, attempt?: string): Promise<void> {
  const key = `${SUBMISSION_NOTIFY_JOB}:${submissionId}${attempt ? `:${attempt}` : ""}`;
  await enqueueJob(db, SUBMISSION_NOTIFY_JOB, { submissionId }, { key });
}

/**
 * Sends the staff e-mail for one submission. The attempt is claimed first (attempts + 1 and
 * "sending", guarded on the old count and on no attempt in flight) so two workers never send
 * the same notification twice, even while one of them is still talking to the mail server.
 * Never throws: failures are recorded on the row and logged. Spam, already-sent ones and one
 * another worker is sending are skipped.
 */
export async function notifySubmission(
  db: DB,
  submissionId: string,
  options: NotifyOptions = notifyOptions(),
): Promise<"sent" | "failed" | "skipped"> {
  try {
    const row = await db
      .selectFrom("submissions")
      .select(["notify_attempts", "notified_at", "spam"])
      .where("id", "=", submissionId)
      .executeTakeFirst();
    if (!row || row.notified_at || Boolean(row.spam) || row.notify_attempts >= options.maxAttempts) return "skipped";
    const attempt = row.notify_attempts + 1;
    const stale = new Date(Date.now() - NOTIFY_SENDING_LEASE_MS).toISOString();
    const claimed = await db
      .updateTable("submissions")
      .set({ notify_attempts: attempt, notify_last_attempt_at: nowIso(), notify_status: "sending" })
      .where("id", "=", submissionId)
      .where("notify_attempts", "=", row.notify_attempts)
      .where("notified_at", "is", null)
      .where((eb) =>
        eb.or([
          eb("notify_status", "!=", "sending"),
          eb("notify_last_attempt_at", "is", null),
          eb("notify_last_attempt_at", "<", stale),
        ]),
      )
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return "skipped";

    return await sendClaimedAttempt(
      db,
      submissionId,
      { number: attempt, max: options.maxAttempts, what: "submission notification" },
      () => buildSubmissionMail(db, submissionId),
      {
        failed: (gaveUp, error) => ({ notify_status: gaveUp ? "failed" : "retrying", notify_error: error }),
        sent: () => ({ notify_status: "sent", notified_at: nowIso(), notify_error: null }),
      },
    );
  } catch (err) {
    log.error("submission notification could not be recorded", { submissionId, err });
    return "failed";
  }
}

/** Registers the job with the runner (each instance, at start). */
export function registerSubmissionJobs(): void {
  const options = notifyOptions();
  registerJob<{ submissionId: string }>(
    SUBMISSION_NOTIFY_JOB,
    async ({ submissionId }, job) => {
      // The runner's database: each instance (or test worker) claims and sends on its own.
      const result = await notifySubmission(job.db, submissionId, options);
      if (result === "failed") throw new Error("The staff e-mail could not be sent (see the submission).");
    },
    { maxAttempts: options.maxAttempts, backoffMs: options.baseMs },
  );
}
