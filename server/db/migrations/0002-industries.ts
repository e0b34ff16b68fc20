import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("industries")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(120)", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull()) // Markdown
    .addColumn("needs", "text", (c) => c.notNull()) // JSON string[]
    .addColumn("recommended_setup", "text", (c) => c.notNull()) // JSON string[]
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published", t.boolean, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("industries").execute();
}
