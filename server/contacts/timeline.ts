import { answerText } from "@common/forms";
import { ServiceError } from "@common/result";
import type { DB } from "../db";
import { readStoredFile } from "../files/files";
import { submissionAnswers } from "../forms/free-analysis";

/**
 * A contact's history for the detail view: every submission (each answer as the form asked
 * it, newest first, with its statements and a link to it in its form's inbox) and the staff
 * activity (notes, status, owner and edits).
 */

export interface TimelineSubmission {
  id: string;
  /** Its form (the admin link is /admin/forms/:formId/submissions/:id); null for one without. */
  formId: string | null;
  createdAt: string;
  source: string;
  /** Every answer as "label: value" (empty ones as "—"). */
  answers: Array<{ label: string; value: string }>;
  notifyStatus: string;
  /** Staff marked it as spam (it stays on the contact, flagged). */
  spam: boolean;
  statements: Array<{ id: string; filename: string; type: string; size: number }>;
}

export interface TimelineActivity {
  id: string;
  kind: "note" | "status" | "owner" | "edited" | "created";
  createdAt: string;
  actorName: string | null;
  body: string | null;
  details: Record<string, unknown>;
}

/** The newest submissions shown on a contact (older ones are counted, not listed). */
export const TIMELINE_SUBMISSIONS = 100;

export async function contactTimeline(db: DB, contactId: string) {
  const submissions = await db
    .selectFrom("lead_submissions")
    .selectAll()
    .where("contact_id", "=", contactId)
    .orderBy("created_at", "desc")
    .limit(TIMELINE_SUBMISSIONS)
    .execute();
  const statements = submissions.length
    ? await db
        .selectFrom("lead_statements")
        .select(["id", "submission_id", "original_filename", "detected_type", "size_bytes"])
        .where(
          "submission_id",
          "in",
          submissions.map((s) => s.id),
        )
        .orderBy("created_at")
        .execute()
    : [];
  const activity = await db
    .selectFrom("contact_activity")
    .selectAll()
    .where("contact_id", "=", contactId)
    .orderBy("created_at", "desc")
    .limit(500)
    .execute();
  return {
    submissions: submissions.map((s): TimelineSubmission => ({
      id: s.id,
      formId: s.form_id,
      createdAt: s.created_at,
      source: s.source,
      answers: submissionAnswers(s).map((a) => ({ label: a.label, value: answerText(a) || "—" })),
      notifyStatus: s.notify_status,
      spam: Boolean(s.spam),
      statements: statements
        .filter((f) => f.submission_id === s.id)
        .map((f) => ({ id: f.id, filename: f.original_filename, type: f.detected_type, size: Number(f.size_bytes) })),
    })),
    activity: activity.map((a): TimelineActivity => ({
      id: a.id,
      kind: a.kind,
      createdAt: a.created_at,
      actorName: a.actor_name,
      body: a.body,
      details: parseObject(a.details),
    })),
  };
}

/** A statement of one of this contact's submissions, with its bytes (staff download). */
export async function readContactStatement(db: DB, contactId: string, statementId: string) {
  const row = await db
    .selectFrom("lead_statements")
    .innerJoin("lead_submissions", "lead_submissions.id", "lead_statements.submission_id")
    .select([
      "lead_statements.original_filename",
      "lead_statements.mime_type",
      "lead_statements.storage_key",
      "lead_statements.sha256",
    ])
    .where("lead_statements.id", "=", statementId)
    .where("lead_submissions.contact_id", "=", contactId)
    .executeTakeFirst();
  if (!row) throw new ServiceError("not_found", "This statement does not exist (it may have been deleted).");
  const stored = await readStoredFile(db, row.storage_key);
  if (!stored) throw new ServiceError("gone", "The statement's file is missing from storage.");
  return { filename: row.original_filename, mimeType: row.mime_type, sha256: row.sha256, bytes: stored.bytes };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
