import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Rate-limit counters shared by every instance (decision 0004): one fixed-window counter per
 * rule and client (or account), updated with one atomic upsert per hit. `reset_at` is epoch
 * milliseconds; rows past it are swept.
 */
export async function up(db: Kysely<any>) {
  const bigint = isPostgres(db) ? "bigint" : "integer";
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(300)", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_reset_idx").on("rate_limits").column("reset_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("rate_limits").execute();
}
