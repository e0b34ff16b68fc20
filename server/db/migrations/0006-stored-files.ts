import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * One table for every uploaded file (processing statements, content images and their
 * variants, form attachments). The bytes live in the database so that every instance
 * behind a load balancer reads the same files and a database backup holds them all
 * (decision 0012).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("stored_files")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("purpose", "varchar(30)", (c) => c.notNull())
    .addColumn("filename", "varchar(255)", (c) => c.notNull())
    .addColumn("mime_type", "varchar(100)", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("content", t.binary, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("stored_files_purpose_idx")
    .on("stored_files")
    .columns(["purpose", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("stored_files").execute();
}
