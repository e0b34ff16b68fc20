import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Consent evidence and retention (decision 0049):
 * - `consent_texts`: every consent text a visitor was shown, once per version (its SHA-256,
 *   the first 16 hex characters), owned by server/forms.
 * - `submissions.consent_version` names that version (it held "2025-01" for every post); the
 *   rows already stored get the version of the consent answer's label they carry (the label as
 *   the visitor saw it), "" when their form had no consent field.
 * - `submissions.page_url` (the page the form was posted from) and `form_version` (a hash of
 *   the definition's fields); unknown, so null, for the rows already stored.
 * - `contacts.closed_at`: when a contact was moved to customer or lost; the contacts already
 *   closed get the time of their last status change (the contact's last update when none).
 *
 * The hashing below is a frozen copy of server/forms/consent.ts's `consentVersionOf`.
 */
const versionOf = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);

const PAGE = 500;

export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("consent_texts")
    .addColumn("version", "varchar(20)", (c) => c.primaryKey())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("first_used_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.alterTable("submissions").addColumn("page_url", "varchar(500)").execute();
  await db.schema.alterTable("submissions").addColumn("form_version", "varchar(20)").execute();
  await db.schema.alterTable("contacts").addColumn("closed_at", t.timestamp).execute();
  await db.schema
    .createIndex("submissions_spam_created_idx")
    .on("submissions")
    .columns(["spam", "created_at"])
    .execute();
  await db.schema.createIndex("contacts_closed_idx").on("contacts").columns(["closed_at"]).execute();

  // The stored submissions' consent versions, a page at a time (keyset on id).
  let after = "";
  for (;;) {
    const rows: Array<{ id: string; answers: string; created_at: string }> = await db
      .selectFrom("submissions")
      .select(["id", "answers", "created_at"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const byVersion = new Map<string, { text: string; at: string; ids: string[] }>();
    for (const row of rows) {
      let label: string | undefined;
      try {
        const answers = JSON.parse(row.answers) as Array<{ type?: string; label?: string }>;
        label = answers.find((a) => a.type === "consent" && typeof a.label === "string")?.label;
      } catch {
        label = undefined;
      }
      const version = label === undefined ? "" : versionOf(label);
      const entry = byVersion.get(version) ?? { text: label ?? "", at: String(row.created_at), ids: [] };
      if (String(row.created_at) < entry.at) entry.at = String(row.created_at);
      entry.ids.push(row.id);
      byVersion.set(version, entry);
    }
    for (const [version, entry] of byVersion) {
      if (version) {
        await db
          .insertInto("consent_texts")
          .values({ version, text: entry.text, first_used_at: entry.at })
          .onConflict((oc) => oc.column("version").doNothing())
          .execute();
      }
      await db.updateTable("submissions").set({ consent_version: version }).where("id", "in", entry.ids).execute();
    }
  }

  await db
    .updateTable("contacts")
    .set({
      closed_at: sql`coalesce((select max(a.created_at) from contact_activity a where a.contact_id = contacts.id and a.kind = 'status'), contacts.updated_at)`,
    })
    .where("status", "in", ["customer", "lost"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("contacts_closed_idx").execute();
  await db.schema.dropIndex("submissions_spam_created_idx").execute();
  await db.schema.alterTable("contacts").dropColumn("closed_at").execute();
  await db.schema.alterTable("submissions").dropColumn("form_version").execute();
  await db.schema.alterTable("submissions").dropColumn("page_url").execute();
  await db.schema.dropTable("consent_texts").execute();
}
