import { contactsByFirstTouch, type ContactsByFirstTouch } from "../contacts/first-touch-stats";
import type { DB } from "../db";
import { submissionsByFirstTouch, type SubmissionsByFirstTouch } from "../forms/submission-stats";

/**
 * The two places visitor analytics reads what other domains own (decision 0044). Each is one
 * call; the report (report.ts) uses nothing else of forms or contacts.
 *
 * HOOK 1, the funnel's "submitted" step: non-spam submissions in a period by form and first
 * touch, counted on the server from the submission store (server/forms/submission-stats.ts
 * reads `lead_submissions` today). When the form pipeline moves to one `submissions` table
 * (issue 20), that function is re-pointed; nothing here changes.
 *
 * HOOK 2, the conversion join: the contacts that arrived in a period, by their first-touch
 * attribution, with how many were contacted and how many are customers
 * (server/contacts/first-touch-stats.ts, on the `contacts` table's first_* columns).
 */
export function submittedInPeriod(db: DB, from: string, to: string): Promise<SubmissionsByFirstTouch[]> {
  return submissionsByFirstTouch(db, from, to);
}

export function contactOutcomesInPeriod(db: DB, from: string, to: string): Promise<ContactsByFirstTouch[]> {
  return contactsByFirstTouch(db, from, to);
}
