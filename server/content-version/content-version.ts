import type { CompiledQuery } from "kysely";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";

/**
 * The content version: one row that rises on every content change (create, update,
 * publish, unpublish, delete, seed). Each instance compares it with the version its search
 * index was built from, so an edit made through another instance is picked up.
 */
export async function getContentVersion(db: DB): Promise<number> {
  // Read on every page request (the page cache's check): compiled once per database.
  let query = versionQueries.get(db);
  if (!query) {
    query = db.selectFrom("content_versions").select("version").where("key", "=", "content").compile();
    versionQueries.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return Number(rows[0]?.version ?? 0);
}

const versionQueries = new WeakMap<DB, CompiledQuery<{ version: number | string | bigint }>>();

export async function bumpContentVersion(db: DB): Promise<number> {
  const row = await db
    .updateTable("content_versions")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: nowIso() }))
    .where("key", "=", "content")
    .returning("version")
    .executeTakeFirst();
  if (row) return Number(row.version);
  // The migration inserts the row; recreate it if someone deleted it.
  const inserted = await db
    .insertInto("content_versions")
    .values({ key: "content", version: 1, updated_at: nowIso() })
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ version: eb("content_versions.version", "+", 1) })))
    .returning("version")
    .executeTakeFirstOrThrow();
  return Number(inserted.version);
}
