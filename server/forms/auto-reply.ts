import crypto from "node:crypto";
import type { FormDefinition } from "@common/forms";
import { getConfig } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { enqueueJob, registerJob } from "../jobs/jobs";
import { log } from "../logger";
import { buildAutoReplyMail } from "./auto-reply-mail";
import { sendClaimedAttempt } from "./mail-attempt";
import { NOTIFY_SENDING_LEASE_MS, type NotifyOptions } from "./notify";

/**
 * The auto-reply to a submitter (issue 21, decision 0047): a job beside the staff e-mail
 * (`submission.notify`), enqueued in the transaction that stores (or restores) a non-spam
 * submission of a form whose auto-reply is on, run after the commit, retried with the same
 * backoff (SUBMISSION_NOTIFY_RETRY_SECONDS / _MAX_ATTEMPTS), and sent once: each attempt is
 * claimed on the submission row first. At most one per address per form per hour: the
 * claim of the form's `auto_reply_sends` row for the address decides, atomically on both
 * databases; a submission past it is stored and notified as usual, its auto-reply
 * "skipped" with the reason on the row.
 */
export const AUTO_REPLY_JOB = "submission.auto_reply";
export const AUTO_REPLY_WINDOW_MS = 60 * 60 * 1000;

function retryOptions(): NotifyOptions {
  const { submissionNotify } = getConfig();
  return { maxAttempts: submissionNotify.maxAttempts, baseMs: submissionNotify.retryMs };
}

/**
 * Queues the auto-reply of a stored, non-spam submission when its form's auto-reply is on
 * (call it in the storing or restoring transaction, then `kickJobs()` after the commit).
 * One job per submission, whatever calls it. Returns whether one was queued.
 */
export async function enqueueAutoReply(db: DB, form: FormDefinition, submissionId: string): Promise<boolean> {
  if (!form.autoReply.enabled) return false;
  await db.updateTable("submissions").set({ auto_reply_status: "pending" }).where("id", "=", submissionId).execute();
  await enqueueJob(db, AUTO_REPLY_JOB, { submissionId }, { key: `${AUTO_REPLY_JOB}:${submissionId}` });
  return true;
}

/**
 * Takes this form's hourly slot for the address: inserts its row, or takes it over when the
 * last auto-reply there is an hour old (or was this submission's own earlier attempt). One
 * statement, so two workers racing for one address cannot both win.
 */
const emailHash = (email: string) => crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

async function claimHourlySlot(db: DB, formId: string, email: string, submissionId: string): Promise<boolean> {
  const now = nowIso();
  const cutoff = new Date(Date.now() - AUTO_REPLY_WINDOW_MS).toISOString();
  const row = await db
    .insertInto("auto_reply_sends")
    .values({ form_id: formId, email_hash: emailHash(email), submission_id: submissionId, sent_at: now })
    .onConflict((oc) =>
      oc
        .columns(["form_id", "email_hash"])
        .doUpdateSet({ submission_id: submissionId, sent_at: now })
        .where((eb) =>
          eb.or([eb("auto_reply_sends.sent_at", "<", cutoff), eb("auto_reply_sends.submission_id", "=", submissionId)]),
        ),
    )
    .returning("submission_id")
    .executeTakeFirst();
  return Boolean(row);
}

const skip = (db: DB, id: string, note: string) =>
  db
    .updateTable("submissions")
    .set({ auto_reply_status: "skipped", auto_reply_note: note })
    .where("id", "=", id)
    .execute();

/**
 * Sends one submission's auto-reply. The attempt is claimed on the row first (attempts + 1
 * and "sending", guarded on the old count and on no attempt in flight), then the hour's slot
 * for the address. Never throws: the outcome is on the row and in the log.
 */
export async function sendAutoReply(
  db: DB,
  submissionId: string,
  options: NotifyOptions = retryOptions(),
): Promise<"sent" | "failed" | "skipped"> {
  try {
    const row = await db
      .selectFrom("submissions")
      .select(["form_id", "email", "spam", "auto_reply_status", "auto_reply_attempts"])
      .where("id", "=", submissionId)
      .executeTakeFirst();
    const due = row && ["pending", "retrying", "sending"].includes(row.auto_reply_status ?? "");
    if (!row || !due || Boolean(row.spam) || row.auto_reply_attempts >= options.maxAttempts) return "skipped";
    const attempt = row.auto_reply_attempts + 1;
    const stale = new Date(Date.now() - NOTIFY_SENDING_LEASE_MS).toISOString();
    const claimed = await db
      .updateTable("submissions")
      .set({ auto_reply_attempts: attempt, auto_reply_last_attempt_at: nowIso(), auto_reply_status: "sending" })
      .where("id", "=", submissionId)
      .where("auto_reply_attempts", "=", row.auto_reply_attempts)
      .where((eb) =>
        eb.or([
          eb("auto_reply_status", "in", ["pending", "retrying"]),
          eb.and([eb("auto_reply_status", "=", "sending"), eb("auto_reply_last_attempt_at", "<", stale)]),
        ]),
      )
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return "skipped";

    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(row.email)) {
      await skip(db, submissionId, "Not sent: the submission has no valid e-mail address.");
      return "skipped";
    }
    if (!(await claimHourlySlot(db, row.form_id, row.email, submissionId))) {
      const last = await db
        .selectFrom("auto_reply_sends")
        .select("sent_at")
        .where("form_id", "=", row.form_id)
        .where("email_hash", "=", emailHash(row.email))
        .executeTakeFirst();
      await skip(
        db,
        submissionId,
        `Not sent: this form already sent an auto-reply to this address within the hour${last ? ` (at ${new Date(last.sent_at).toISOString()})` : ""}; at most one per address per hour.`,
      );
      log.info("auto-reply skipped: one per address per form per hour", { submissionId, formId: row.form_id });
      return "skipped";
    }

    return await sendClaimedAttempt(
      db,
      submissionId,
      { number: attempt, max: options.maxAttempts, what: "auto-reply" },
      () => buildAutoReplyMail(db, submissionId),
      {
        failed: (gaveUp, error) => ({ auto_reply_status: gaveUp ? "failed" : "retrying", auto_reply_note: error }),
        sent: () => ({ auto_reply_status: "sent", auto_reply_sent_at: nowIso(), auto_reply_note: null }),
      },
    );
  } catch (err) {
    log.error("auto-reply could not be recorded", { submissionId, err });
    return "failed";
  }
}

/** Registers the job with the runner (each instance, at start). */
export function registerAutoReplyJob(): void {
  const options = retryOptions();
  registerJob<{ submissionId: string }>(
    AUTO_REPLY_JOB,
    async ({ submissionId }, job) => {
      const result = await sendAutoReply(job.db, submissionId, options);
      if (result === "failed") throw new Error("The auto-reply could not be sent (see the submission).");
    },
    { maxAttempts: options.maxAttempts, backoffMs: options.baseMs },
  );
}
