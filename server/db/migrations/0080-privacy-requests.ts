import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Privacy requests (server/privacy; decision 0050): one row per request a visitor sent through
 * the privacy-request form. `status` is "unverified" until the requester opens the link we
 * e-mailed, then "open" (due 45 days after that), then "done" when staff mark it so. The
 * e-mail is cleared when the person's data is erased (the row then says only that a request
 * was made, verified and handled).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("privacy_requests")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("submission_id", "varchar(36)")
    .addColumn("email", "varchar(320)")
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("verified_at", t.timestamp)
    .addColumn("due_at", t.timestamp)
    .addColumn("done_at", t.timestamp)
    .addColumn("done_by_name", "varchar(200)")
    .addColumn("erased_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("privacy_requests_status_idx")
    .on("privacy_requests")
    .columns(["status", "due_at"])
    .execute();
  await db.schema.createIndex("privacy_requests_email_idx").on("privacy_requests").column("email").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("privacy_requests").execute();
}
