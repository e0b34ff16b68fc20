import type { Kysely } from "kysely";
import { columnTypes, nowIso } from "../dialect";

/**
 * Blog posts, help guides, FAQ items and the content version every instance compares
 * before answering a search (so an index built by one instance notices another's edits).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  for (const table of ["blog_posts", "help_guides"] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn("id", "varchar(36)", (c) => c.primaryKey())
      .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
      .addColumn("title", "varchar(200)", (c) => c.notNull())
      .addColumn("excerpt", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull()) // Markdown
      .addColumn("cover_image_url", "text")
      .addColumn("cover_image_alt", "text")
      .addColumn("author_name", "varchar(120)", (c) => c.notNull())
      // A staff user id once the users table lands; no foreign key on purpose.
      .addColumn("author_user_id", "text")
      .addColumn("category", "varchar(80)", (c) => c.notNull())
      .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]")) // JSON string[]
      .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("draft"))
      .addColumn("published_at", t.timestamp)
      .addColumn("seo_title", "varchar(200)")
      .addColumn("seo_description", "text")
      .addColumn("reading_minutes", "integer", (c) => c.notNull().defaultTo(1));
    if (table === "help_guides") builder = builder.addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0));
    await builder
      .addColumn("created_at", t.timestamp, (c) => c.notNull())
      .addColumn("updated_at", t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_visibility_idx`).on(table).columns(["status", "published_at"]).execute();
  }

  await db.schema
    .createTable("faq_items")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull()) // Markdown
    .addColumn("category", "varchar(80)", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published", t.boolean, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("content_versions")
    .addColumn("key", "varchar(40)", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.insertInto("content_versions").values({ key: "content", version: 1, updated_at: nowIso() }).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("content_versions").execute();
  await db.schema.dropTable("faq_items").execute();
  await db.schema.dropTable("help_guides").execute();
  await db.schema.dropTable("blog_posts").execute();
}
