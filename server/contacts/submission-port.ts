import type { DB } from "../db";

/**
 * What the contacts screens need from a contact's submissions, which server/forms owns: the
 * timeline's list, the counts the erasure confirms, a file download, and the erasure itself.
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
  /** Deletes every submission of the contact with its files, in the caller's transaction. */
  erase(trx: DB, contactId: string): Promise<void>;
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
  /** The stored files of its file answers, to download. */
  files: Array<{ id: string; label: string; filename: string; mimeType: string; size: number }>;
}

export interface ContactFile {
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}
