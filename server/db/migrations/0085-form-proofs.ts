import type { Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * The public forms' proof-of-work solutions already used (decision 0051): one row per
 * solution's signature until its challenge expires, so a solution is accepted once across
 * every instance (the primary key refuses the second insert). `expires_at` is epoch
 * milliseconds; rows past it are purged.
 */
export async function up(db: Kysely<any>) {
  const bigint = isPostgres(db) ? "bigint" : "integer";
  await db.schema
    .createTable("form_proofs_used")
    .addColumn("signature", "varchar(64)", (c) => c.primaryKey())
    .addColumn("expires_at", bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("form_proofs_used_expires_idx").on("form_proofs_used").column("expires_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("form_proofs_used").execute();
}
