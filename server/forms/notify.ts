import type { DB } from "../db";
import { enqueueJob } from "../jobs/jobs";

/**
 * The staff e-mail of a submission (any form) is a background job (server/jobs), claimed by
 * one instance and retried with backoff; `registerLeadJobs` (server/leads/leads.ts) runs it.
 * The kind keeps its first name, so jobs queued before forms existed still run.
 */
export const SUBMISSION_NOTIFY_JOB = "lead.notify";

/**
 * Queues the staff e-mail of a stored, non-spam submission. Call it inside the transaction
 * that stores (or restores) the submission, then `kickJobs()` after the commit. A first
 * notification has one key per submission; `attempt` (a resend by staff) queues a new one.
 */
export async function enqueueSubmissionNotification(db: DB, submissionId: string, attempt?: string): Promise<void> {
  const key = `${SUBMISSION_NOTIFY_JOB}:${submissionId}${attempt ? `:${attempt}` : ""}`;
  await enqueueJob(db, SUBMISSION_NOTIFY_JOB, { submissionId }, { key });
}
