import { CLOSED_STATUSES } from "@common/contacts";
import type { DB } from "../db";

/**
 * The contacts closed (customer or lost) at or before a time, as a subquery of their ids: what
 * retention (server/forms/retention.ts) keeps statements for a while after. `closed_at` is set
 * when staff move a contact to a closed status (pipeline.ts) and cleared when they reopen it.
 */
export function contactsClosedBy(db: DB, cutoff: string) {
  return db
    .selectFrom("contacts")
    .select("contacts.id")
    .where("contacts.status", "in", CLOSED_STATUSES)
    .where("contacts.closed_at", "<=", cutoff);
}
