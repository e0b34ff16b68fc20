import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * What the admin content editor needs on blog posts and help guides:
 * - `version`: rises on every save; an update names the version it was based on, and a
 *   stale one is refused (409) instead of silently overwriting someone else's edit;
 * - `cover_image_id`: the uploaded cover image (a stored image; the picker comes with the
 *   media library), nullable;
 * - indexes for the admin list (sorted by updated, published or title; filtered by status,
 *   category and title) so a page stays fast with 10,000 items (npm run bench:admin);
 * - `article_revisions`: a snapshot of the item at every save (who, when), for the
 *   history panel, its diff and restore;
 * - `content_redirects`: old public paths that answer 301 to the new one after a slug
 *   change (one hop: chains are collapsed when written), or 410 after a deletion
 *   (`to_path` null).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  for (const table of ["blog_posts", "help_guides"] as const) {
    await db.schema
      .alterTable(table)
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable(table).addColumn("cover_image_id", "varchar(36)").execute();
    // The admin list filters on status, published_at, category and title and sorts by one
    // of three columns. Each sort has an index that also holds every filtered column, so
    // the page's ids and the count come from the index alone, without reading rows (on
    // SQLite a row's later columns sit behind the long body's overflow pages).
    await db.schema
      .createIndex(`${table}_admin_updated_idx`)
      .on(table)
      .columns(["updated_at", "id", "status", "published_at", "category", "title"])
      .execute();
    await db.schema
      .createIndex(`${table}_admin_published_idx`)
      .on(table)
      .columns(["published_at", "id", "status", "category", "title"])
      .execute();
    await db.schema
      .createIndex(`${table}_admin_title_idx`)
      .on(table)
      .columns(["title", "id", "status", "published_at", "category"])
      .execute();
    await db.schema.createIndex(`${table}_category_idx`).on(table).column("category").execute();
  }

  await db.schema
    .createTable("article_revisions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("item_table", "varchar(20)", (c) => c.notNull())
    .addColumn("item_id", "varchar(36)", (c) => c.notNull())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("slug", "varchar(120)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull()) // JSON: every editable field
    .addColumn("kind", "varchar(20)", (c) => c.notNull()) // created | saved | autosaved | restored | published | unpublished
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("article_revisions_item_idx")
    .on("article_revisions")
    .columns(["item_table", "item_id", "created_at"])
    .execute();

  await db.schema
    .createTable("content_redirects")
    .addColumn("from_path", "varchar(200)", (c) => c.primaryKey())
    .addColumn("to_path", "varchar(200)") // null: gone (410)
    .addColumn("item_table", "varchar(20)", (c) => c.notNull())
    .addColumn("item_id", "varchar(36)", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_redirects_to_idx").on("content_redirects").column("to_path").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("content_redirects").execute();
  await db.schema.dropTable("article_revisions").execute();
  for (const table of ["blog_posts", "help_guides"] as const) {
    for (const idx of ["admin_updated", "admin_published", "admin_title", "category"])
      await db.schema.dropIndex(`${table}_${idx}_idx`).execute();
    await db.schema.alterTable(table).dropColumn("cover_image_id").execute();
    await db.schema.alterTable(table).dropColumn("version").execute();
  }
}
