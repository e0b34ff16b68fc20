import type { Kysely } from "kysely";

/**
 * One redirects table (decision 0030): the moves of industries and of the owner page, kept
 * in `redirects` (0035) until content-editor's `content_redirects` (0030) landed, move
 * there, and `redirects` goes.
 */
export async function up(db: Kysely<any>) {
  const rows = await db.selectFrom("redirects").selectAll().execute();
  for (const row of rows) {
    await db.deleteFrom("content_redirects").where("from_path", "=", row.from_path).execute();
    await db
      .insertInto("content_redirects")
      .values({
        from_path: row.from_path,
        to_path: row.to_path,
        item_table: String(row.from_path).startsWith("/industries/") ? "industries" : "site_settings",
        item_id: "",
        created_at: row.created_at,
      })
      .execute();
  }
  await db.schema.dropTable("redirects").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema
    .createTable("redirects")
    .addColumn("from_path", "varchar(300)", (c) => c.primaryKey())
    .addColumn("to_path", "varchar(300)", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
