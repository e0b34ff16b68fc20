import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Which consent text each form showed, and when (decision 0049, owned by server/forms): a row per
 * form and version, written when a definition with a consent field is created, saved or seeded.
 * `replaced_at` is when the form stopped showing it (null while it is the form's current text). A
 * post's `consentVersion` is recorded only when this table says its form showed that version
 * lately; the versions posted before this table are on their submissions (form_id, consent_version).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("form_consent_texts")
    .addColumn("form_id", "varchar(36)", (c) => c.notNull())
    .addColumn("version", "varchar(20)", (c) => c.notNull())
    .addColumn("first_shown_at", t.timestamp, (c) => c.notNull())
    .addColumn("replaced_at", t.timestamp)
    .addPrimaryKeyConstraint("form_consent_texts_pk", ["form_id", "version"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("form_consent_texts").execute();
}
