import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Uploaded content images. The bytes of the original and of every resized variant are rows
 * of `stored_files` (decision 0012); this row holds what a page needs to render the image
 * without reading them: alt text, intrinsic size and the variants (JSON list of
 * {width, height, format, fileId, size}).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("images")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("filename", "varchar(255)", (c) => c.notNull())
    .addColumn("alt", "varchar(300)", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("format", "varchar(10)", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("original_file_id", "varchar(36)", (c) => c.notNull())
    .addColumn("variants", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(254)")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("images_created_at_idx").on("images").column("created_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("images").execute();
}
