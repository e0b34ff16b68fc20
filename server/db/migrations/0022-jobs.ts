import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Background work every instance runs (server/jobs): a job is claimed by one instance at a
 * time with a lease (`claimed_until`) in one atomic update, so work such as a notification
 * runs once however many instances there are. `key` makes an enqueue idempotent.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("jobs")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("kind", "varchar(60)", (c) => c.notNull())
    .addColumn("key", "varchar(200)", (c) => c.unique())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("run_at", t.timestamp, (c) => c.notNull())
    .addColumn("claimed_until", t.timestamp)
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("done_at", t.timestamp)
    .addColumn("failed_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["done_at", "failed_at", "run_at"]).execute();
  // Notifications of leads stored before this migration, still unsent, become jobs.
  const pending = (await db
    .selectFrom("lead_submissions")
    .select(["id", "created_at"])
    .where("notified_at", "is", null)
    .where("notify_status", "in", ["pending", "retrying"])
    .execute()) as Array<{ id: string; created_at: string }>;
  for (const row of pending) {
    await db
      .insertInto("jobs")
      .values({
        id: crypto.randomUUID(),
        kind: "lead.notify",
        key: `lead.notify:${row.id}`,
        payload: JSON.stringify({ submissionId: row.id }),
        run_at: new Date().toISOString(),
        attempts: 0,
        max_attempts: 6,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("jobs").execute();
}
