import type { FirstResponseKind } from "@common/response-clock";

/**
 * The columns the clock on every lead adds (decision 0048, migration 0070), beside schema.ts
 * so that file stays readable; `Database` in schema.ts joins them to their tables.
 */

/** On `submissions` (server/forms owns them; contacts set them through the submission port). */
export interface SubmissionResponseColumns {
  /** The first staff action on its contact after it arrived; null: still waiting. */
  first_response_at: string | null;
  /** Who (user id, and the name at the time) and what kind of action. */
  first_response_by: string | null;
  first_response_by_name: string | null;
  first_response_kind: FirstResponseKind | null;
  /** When the response target ran out (fixed when it arrived or was restored from spam). */
  response_due_at: string | null;
  /** When the overdue reminder went out (once per submission). */
  overdue_reminded_at: string | null;
}

/** On `contacts` (server/contacts): when its oldest unanswered non-spam submission arrived; null: nothing waits. */
export interface ContactWaitingColumns {
  waiting_since: string | null;
}
