import type { FirstResponseKind } from "@common/response-clock";
import type { ConsentEvidence } from "@common/consent";
import type { DB } from "../db";

/**
 * What the contacts screens need from a contact's submissions, which server/forms owns: the
 * timeline's list, the counts the erasure confirms, a file download, the erasure itself, and
 * the first response staff's actions on the contact give its waiting submissions.
 * Forms import contacts (to make and link contacts), never the other way round, so forms
 * provide this (server/forms/contact-submissions.ts) and the composition of the admin API
 * hands it to `contactsApi`.
 */
export interface ContactSubmissions {
  /** The newest `limit` submissions of a contact, newest first. */
  list(db: DB, contactId: string, limit: number): Promise<TimelineSubmission[]>;
  /** How many submissions and files the contact has. */
  count(db: DB, contactId: string): Promise<{ submissions: number; files: number }>;
  /** A file of one of the contact's submissions, with its bytes (undefined: not one of theirs). */
  readFile(db: DB, contactId: string, fileId: string): Promise<ContactFile | undefined>;
  /** The consent evidence of each contact's latest submission that has any (the contacts export). */
  latestConsent(db: DB, contactIds: readonly string[]): Promise<Map<string, ConsentEvidence>>;
  /** Deletes every submission of the contact with its files, in the caller's transaction. */
  erase(trx: DB, contactId: string): Promise<void>;
  /**
   * A staff action on the contact answers every unanswered non-spam submission of it that
   * arrived before `response.at` (in the caller's transaction). Returns how many it answered
   * and when the oldest one still waiting arrived (null: none waits).
   */
  recordFirstResponse(
    trx: DB,
    contactId: string,
    response: FirstResponse,
  ): Promise<{ answered: number; waitingSince: string | null }>;
}

/** The first staff action after a submission (decision 0048). */
export interface FirstResponse {
  at: string;
  /** The staff member's user id and name at the time. */
  by: string;
  byName: string;
  kind: FirstResponseKind;
}

export interface TimelineSubmission {
  id: string;
  /** The short reference the visitor was given ("MER-7K3QX"). */
  reference: string | null;
  /** Its form (the admin link is /admin/forms/:formId/submissions/:id). */
  formId: string;
  createdAt: string;
  source: string;
  /** Every answer as "label: value" (empty ones as "—"; a file by its name). */
  answers: Array<{ label: string; value: string }>;
  notifyStatus: string;
  /** Staff marked it as spam (it stays on the contact, flagged). */
  spam: boolean;
  /** The first staff response to it (null: still waiting, or spam). */
  firstResponse: FirstResponse | null;
  /** A note for staff about its files (not stored: the daily limit; removed: retention). */
  fileNote: string | null;
  /** What its consent field proves (null: the form has none). */
  consent: ConsentEvidence | null;
  /** The stored files of its file answers, to download (a file removed by retention is not listed). */
  files: Array<{ id: string; label: string; filename: string; mimeType: string; size: number }>;
}

export interface ContactFile {
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}
