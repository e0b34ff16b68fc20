import type { DB } from "../db";
import type { ContactSubmissions, TimelineSubmission } from "./submission-port";

/**
 * A contact's history for the detail view: its submissions (from server/forms, through the
 * port) and the staff activity (notes, status, owner and edits), newest first.
 */

export type { TimelineSubmission };

export interface TimelineActivity {
  id: string;
  kind: "note" | "status" | "owner" | "edited" | "created" | "logged";
  createdAt: string;
  actorName: string | null;
  body: string | null;
  details: Record<string, unknown>;
}

/** The newest submissions shown on a contact (older ones are counted, not listed). */
export const TIMELINE_SUBMISSIONS = 100;

export async function contactTimeline(db: DB, contactId: string, submissions: ContactSubmissions) {
  const activity = await db
    .selectFrom("contact_activity")
    .selectAll()
    .where("contact_id", "=", contactId)
    .orderBy("created_at", "desc")
    .limit(500)
    .execute();
  return {
    submissions: await submissions.list(db, contactId, TIMELINE_SUBMISSIONS),
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

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
