import type { Selectable } from "kysely";
import type { DB } from "../db";
import type { ContactActivityTable, ContactsTable } from "../db/schema";

/**
 * A person's contact record and its timeline (notes, status and owner changes), for a privacy
 * request (server/privacy): found by e-mail (lower-cased, as contacts are kept), read to show
 * and export them, erased with the rest.
 */

export async function personContacts(db: DB, email: string): Promise<Selectable<ContactsTable>[]> {
  return db
    .selectFrom("contacts")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .execute();
}

export async function personActivity(
  db: DB,
  contactIds: readonly string[],
): Promise<Selectable<ContactActivityTable>[]> {
  if (!contactIds.length) return [];
  return db
    .selectFrom("contact_activity")
    .selectAll()
    .where("contact_id", "in", contactIds)
    .orderBy("created_at")
    .execute();
}

/**
 * Deletes the contacts with their timeline, in the caller's transaction; their submissions,
 * reviews and proposals are erased by their owners first (deleteContact does the same for one).
 */
export async function eraseContactRows(trx: DB, contactIds: readonly string[]): Promise<void> {
  if (!contactIds.length) return;
  await trx.deleteFrom("contact_activity").where("contact_id", "in", contactIds).execute();
  await trx.deleteFrom("contacts").where("id", "in", contactIds).execute();
}
