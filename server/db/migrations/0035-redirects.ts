import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Permanent redirects of public paths that moved (a slug change of an industry, of the
 * owner page, of a post or guide): `from_path` answers 301 to `to_path`. One hop only: the
 * redirects service rewrites older rows when a target moves again (server/redirects).
 * Superseded by content-editor's `content_redirects` (0030): 0037 moves the rows and drops
 * this table.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("redirects")
    .addColumn("from_path", "varchar(300)", (c) => c.primaryKey())
    .addColumn("to_path", "varchar(300)", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("redirects_to_path_idx").on("redirects").column("to_path").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("redirects").execute();
}
