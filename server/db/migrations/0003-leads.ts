import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Leads from the Free Analysis form. `contacts` holds one row per person (deduplicated by
 * lower-cased e-mail) with the pipeline status staff move it through; every form post is a
 * `lead_submissions` row (what they told us that time, consent, notification state); an
 * uploaded statement is a `lead_statements` row pointing at a private file under
 * DATA_DIR/statements.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("contacts")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("email", "varchar(254)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("business_name", "varchar(150)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("website", "varchar(200)")
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("new"))
    .addColumn("submission_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_submitted_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contacts_status_idx").on("contacts").columns(["status", "last_submitted_at"]).execute();
  await db.schema.createIndex("contacts_last_submitted_idx").on("contacts").column("last_submitted_at").execute();

  await db.schema
    .createTable("lead_submissions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("contact_id", "varchar(36)", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("business_name", "varchar(150)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("website", "varchar(200)")
    .addColumn("monthly_volume", "varchar(20)", (c) => c.notNull())
    .addColumn("average_ticket_cents", "integer")
    .addColumn("current_processor", "varchar(100)")
    .addColumn("payment_methods", "text", (c) => c.notNull()) // JSON string[]
    .addColumn("message", "text")
    .addColumn("consent", t.boolean, (c) => c.notNull())
    .addColumn("consent_version", "varchar(20)", (c) => c.notNull())
    .addColumn("source", "varchar(20)", (c) => c.notNull())
    .addColumn("calculator_inputs", "text") // JSON {volume, transactions, fees} or null
    .addColumn("client_ip", "varchar(64)")
    .addColumn("user_agent", "varchar(500)")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    // Staff notification: pending → sent, or retrying → failed after the last attempt.
    .addColumn("notify_status", "varchar(20)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("notified_at", t.timestamp)
    .addColumn("notify_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notify_last_attempt_at", t.timestamp)
    .addColumn("notify_error", "text")
    .execute();
  await db.schema
    .createIndex("lead_submissions_contact_idx")
    .on("lead_submissions")
    .columns(["contact_id", "created_at"])
    .execute();
  await db.schema.createIndex("lead_submissions_created_idx").on("lead_submissions").column("created_at").execute();
  await db.schema.createIndex("lead_submissions_notify_idx").on("lead_submissions").column("notify_status").execute();

  await db.schema
    .createTable("lead_statements")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("submission_id", "varchar(36)", (c) => c.notNull().references("lead_submissions.id").onDelete("cascade"))
    .addColumn("original_filename", "varchar(255)", (c) => c.notNull())
    .addColumn("detected_type", "varchar(10)", (c) => c.notNull()) // pdf | png | jpeg
    .addColumn("mime_type", "varchar(50)", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("storage_key", "varchar(100)", (c) => c.notNull().unique()) // <uuid>.<ext> under DATA_DIR/statements
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lead_statements_submission_idx").on("lead_statements").column("submission_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("lead_statements").execute();
  await db.schema.dropTable("lead_submissions").execute();
  await db.schema.dropTable("contacts").execute();
}
