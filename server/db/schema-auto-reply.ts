import type { Generated } from "kysely";

/**
 * The auto-reply's columns and table (server/forms, migration 0065, decision 0047), beside
 * schema.ts so that file stays readable; `SubmissionsTable` and `Database` include them.
 */

/**
 * Where a submission's auto-reply stands: null, none is due (the form's auto-reply was off,
 * or it was stored before there were auto-replies); "held" while it is spam; "pending",
 * "sending", "retrying", then "sent", "failed" or "skipped" (the hourly limit, no address).
 */
export type AutoReplyStatus = "held" | "pending" | "sending" | "retrying" | "sent" | "failed" | "skipped";

export interface AutoReplySubmissionColumns {
  /** The short human reference the visitor is given ("MER-7K3QX"), unique. */
  reference: string | null;
  auto_reply_status: AutoReplyStatus | null;
  auto_reply_attempts: Generated<number>;
  auto_reply_last_attempt_at: string | null;
  auto_reply_sent_at: string | null;
  /** Why it was skipped, or the last error. */
  auto_reply_note: string | null;
}

/** The last auto-reply per form and address: the hourly limit claims this row before sending. */
export interface AutoReplySendsTable {
  form_id: string;
  /** SHA-256 (hex) of the lower-cased address: the limit needs no address in clear. */
  email_hash: string;
  submission_id: string;
  sent_at: string;
}

export interface AutoReplyTables {
  auto_reply_sends: AutoReplySendsTable;
}
