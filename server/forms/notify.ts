import type { DB } from "../db";
import { notifyStaffOfLead } from "../leads/leads";

/**
 * Queues the staff e-mail of a stored, non-spam submission (call after the commit). Today
 * it starts the claimed send at once and leaves retries to the notification sweep; when
 * the claimed background jobs (server/jobs) land, this one function enqueues a job instead.
 */
export function enqueueSubmissionNotification(db: DB, submissionId: string): void {
  void notifyStaffOfLead(db, submissionId);
}
