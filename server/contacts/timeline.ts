import { paymentMethodLabel, volumeLabel } from "@common/lead";
import { ServiceError } from "@common/result";
import type { DB } from "../db";
import { readStoredFile } from "../files/files";

/**
 * A contact's history for the detail view: every submission (what they told us, newest
 * first, with its statements) and the staff activity (notes, status, owner and edits).
 */

export interface TimelineSubmission {
  id: string;
  createdAt: string;
  source: string;
  answers: Array<{ label: string; value: string }>;
  message: string | null;
  notifyStatus: string;
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
      createdAt: s.created_at,
      source: s.source,
      answers: [
        { label: "Name", value: s.name },
        { label: "Business", value: s.business_name },
        { label: "E-mail", value: s.email },
        { label: "Phone", value: s.phone },
        { label: "Website", value: s.website ?? "—" },
        { label: "Monthly card volume", value: volumeLabel(s.monthly_volume) },
        {
          label: "Average ticket",
          value: s.average_ticket_cents === null ? "—" : `$${(s.average_ticket_cents / 100).toFixed(2)}`,
        },
        { label: "Current processor", value: s.current_processor ?? "—" },
        { label: "Takes payments", value: parseList(s.payment_methods).map(paymentMethodLabel).join("; ") || "—" },
      ],
      message: s.message,
      notifyStatus: s.notify_status,
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

function parseList(text: string): string[] {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
