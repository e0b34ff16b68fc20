import { sql, type SqlBool } from "kysely";
import type { Answer } from "@common/forms";
import type { DB } from "../db";
import { containsPattern } from "../db/dialect";
import { deleteStoredFiles, readStoredFile } from "../files/files";

/**
 * Every submission that names a person, for a privacy request (server/privacy): sent with
 * their e-mail (held as spam too, with or without a contact), linked to their contact, or
 * carrying the address in an answer. Read to show and export them; erased with their files.
 */

export interface PersonSubmission {
  id: string;
  formId: string;
  formName: string;
  contactId: string | null;
  createdAt: string;
  spam: boolean;
  spamReason: string | null;
  source: string;
  name: string;
  businessName: string;
  email: string;
  phone: string;
  website: string | null;
  answers: Answer[];
  consent: boolean;
  consentVersion: string;
  clientIp: string | null;
  userAgent: string | null;
  landingPage: string | null;
  referrer: string | null;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  fileNote: string | null;
  files: PersonFile[];
}

export interface PersonFile {
  /** The stored file's id. */
  id: string;
  submissionId: string;
  fieldKey: string;
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
}

export async function personSubmissions(
  db: DB,
  email: string,
  contactIds: readonly string[],
): Promise<PersonSubmission[]> {
  const like = containsPattern(email);
  const rows = await db
    .selectFrom("submissions")
    .leftJoin("form_definitions", "form_definitions.id", "submissions.form_id")
    .selectAll("submissions")
    .select("form_definitions.name as form_name")
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["submissions.email"]), "=", email.toLowerCase()),
        sql<SqlBool>`lower(${sql.ref("submissions.answers")}) like ${like} escape '\\'`,
        ...(contactIds.length ? [eb("submissions.contact_id", "in", contactIds)] : []),
      ]),
    )
    .orderBy("submissions.created_at")
    .execute();
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await db
        .selectFrom("submission_files")
        .innerJoin("stored_files", "stored_files.id", "submission_files.file_id")
        .select([
          "stored_files.id",
          "submission_files.submission_id",
          "submission_files.field_key",
          "stored_files.filename",
          "stored_files.mime_type",
          "stored_files.size_bytes",
          "stored_files.sha256",
        ])
        .where("submission_files.submission_id", "in", ids)
        .orderBy("submission_files.created_at")
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    formId: r.form_id,
    formName: r.form_name ?? "(deleted form)",
    contactId: r.contact_id,
    createdAt: r.created_at,
    spam: Boolean(r.spam),
    spamReason: r.spam_reason,
    source: r.source,
    name: r.name,
    businessName: r.business_name,
    email: r.email,
    phone: r.phone,
    website: r.website,
    answers: JSON.parse(r.answers) as Answer[],
    consent: Boolean(r.consent),
    consentVersion: r.consent_version,
    clientIp: r.client_ip,
    userAgent: r.user_agent,
    landingPage: r.landing_page,
    referrer: r.referrer,
    utm: { source: r.utm_source, medium: r.utm_medium, campaign: r.utm_campaign },
    fileNote: r.file_note,
    files: files
      .filter((f) => f.submission_id === r.id)
      .map((f) => ({
        id: f.id,
        submissionId: f.submission_id,
        fieldKey: f.field_key,
        filename: f.filename,
        mimeType: f.mime_type,
        size: Number(f.size_bytes),
        sha256: f.sha256,
      })),
  }));
}

/** One of those files' bytes (undefined: gone since). */
export async function personFileBytes(db: DB, fileId: string): Promise<Uint8Array | undefined> {
  return (await readStoredFile(db, fileId))?.bytes;
}

/** Deletes these submissions with their files (rows and the file store's bytes), in the caller's transaction. */
export async function eraseSubmissions(trx: DB, submissionIds: readonly string[]): Promise<void> {
  if (!submissionIds.length) return;
  const files = await trx
    .selectFrom("submission_files")
    .select("file_id")
    .where("submission_id", "in", submissionIds)
    .execute();
  await trx.deleteFrom("submission_files").where("submission_id", "in", submissionIds).execute();
  await deleteStoredFiles(
    trx,
    files.map((f) => f.file_id),
  );
  await trx.deleteFrom("submissions").where("id", "in", submissionIds).execute();
}
