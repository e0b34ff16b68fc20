import type { Updateable } from "kysely";
import type { DB } from "../db";
import type { SubmissionsTable } from "../db/schema";
import { log } from "../logger";
import { sendMail, type MailMessage } from "../mail/mail";

/**
 * One claimed attempt of a submission's e-mail (the staff notification, notify.ts; the
 * submitter's auto-reply, auto-reply.ts): sends what `build` makes, then records the outcome
 * on the submission with the columns the caller sets. A failure is logged as "<what> failed;
 * will retry" (or "; giving up" on the last attempt) and answered "failed"; it never throws
 * for the mail server's sake.
 */
export async function sendClaimedAttempt(
  db: DB,
  submissionId: string,
  attempt: { number: number; max: number; what: string },
  build: () => Promise<MailMessage>,
  record: {
    failed: (gaveUp: boolean, error: string) => Updateable<SubmissionsTable>;
    sent: () => Updateable<SubmissionsTable>;
  },
): Promise<"sent" | "failed"> {
  try {
    await sendMail(await build());
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const gaveUp = attempt.number >= attempt.max;
    await db.updateTable("submissions").set(record.failed(gaveUp, message)).where("id", "=", submissionId).execute();
    log.error(`${attempt.what} failed; ${gaveUp ? "giving up" : "will retry"}`, {
      submissionId,
      attempt: attempt.number,
      err,
    });
    return "failed";
  }
  await db.updateTable("submissions").set(record.sent()).where("id", "=", submissionId).execute();
  return "sent";
}
