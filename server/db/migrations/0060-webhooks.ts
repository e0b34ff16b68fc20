import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Outgoing webhooks (server/webhooks):
 * - `webhook_endpoints`: where to POST, which events, the body format, the signing secret
 *   (encrypted with a key derived from AUTH_SECRET, never shown again after it is made).
 * - `webhook_deliveries`: one message to one endpoint; its id is the `webhook-id` header,
 *   the same on every attempt; the body's event envelope is stored as sent.
 * - `webhook_attempts`: every HTTP attempt of a delivery (time, response code, error).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "varchar(80)", (c) => c.notNull())
    .addColumn("url", "varchar(2000)", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull()) // JSON string[]
    .addColumn("format", "varchar(20)", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("active", t.boolean, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "varchar(40)", (c) => c.primaryKey())
    .addColumn("endpoint_id", "varchar(36)", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("event", "varchar(60)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("response_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_attempt_at", t.timestamp)
    .addColumn("delivered_at", t.timestamp)
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at"])
    .execute();
  await db.schema.createIndex("webhook_deliveries_created_idx").on("webhook_deliveries").column("created_at").execute();
  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("delivery_id", "varchar(40)", (c) => c.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("attempted_at", t.timestamp, (c) => c.notNull())
    .addColumn("response_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_attempts_delivery_idx").on("webhook_attempts").column("delivery_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("webhook_attempts").execute();
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
