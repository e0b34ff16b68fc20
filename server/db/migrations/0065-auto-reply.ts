import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The auto-reply to a form's submitter (issue 21, decision 0047), owned by server/forms/:
 * - `submissions.reference`: a short human reference ("MER-7K3QX"), unique; rows stored
 *   before get one here;
 * - `submissions.auto_reply_*`: where the submitter's e-mail stands (null: none is due),
 *   its attempts, when it was last tried and sent, and why it was skipped or failed;
 * - `form_definitions.auto_reply`: the form's subject, body and switch (JSON; null: the
 *   default, on for Free Analysis and off elsewhere);
 * - `auto_reply_sends`: the last auto-reply per form and address, the hourly limit's claim.
 */

/** A frozen copy of the reference rule (server/forms/reference.ts): a migration gives the same rows whatever the code becomes. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
function reference(): string {
  const bytes = crypto.randomBytes(5);
  return `MER-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema.alterTable("submissions").addColumn("reference", "varchar(12)").execute();
  await db.schema.alterTable("submissions").addColumn("auto_reply_status", "varchar(20)").execute();
  await db.schema
    .alterTable("submissions")
    .addColumn("auto_reply_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("submissions").addColumn("auto_reply_last_attempt_at", t.timestamp).execute();
  await db.schema.alterTable("submissions").addColumn("auto_reply_sent_at", t.timestamp).execute();
  await db.schema.alterTable("submissions").addColumn("auto_reply_note", "text").execute();
  await db.schema.alterTable("form_definitions").addColumn("auto_reply", "text").execute();

  const rows = await db.selectFrom("submissions").select("id").execute();
  const used = new Set<string>();
  for (const row of rows as Array<{ id: string }>) {
    let ref = reference();
    while (used.has(ref)) ref = reference();
    used.add(ref);
    await db.updateTable("submissions").set({ reference: ref }).where("id", "=", row.id).execute();
  }
  await db.schema.createIndex("submissions_reference_idx").on("submissions").column("reference").unique().execute();
  // The hourly limit looks up a form's recent auto-replies by address: by its SHA-256, so
  // the table names nobody (a privacy erase need not look here).
  await db.schema
    .createTable("auto_reply_sends")
    .addColumn("form_id", "varchar(36)", (c) => c.notNull())
    .addColumn("email_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("submission_id", "varchar(36)", (c) => c.notNull())
    .addColumn("sent_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("auto_reply_sends_pk", ["form_id", "email_hash"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("auto_reply_sends").execute();
  await db.schema.dropIndex("submissions_reference_idx").execute();
  for (const column of [
    "reference",
    "auto_reply_status",
    "auto_reply_attempts",
    "auto_reply_last_attempt_at",
    "auto_reply_sent_at",
    "auto_reply_note",
  ])
    await db.schema.alterTable("submissions").dropColumn(column).execute();
  await db.schema.alterTable("form_definitions").dropColumn("auto_reply").execute();
}
