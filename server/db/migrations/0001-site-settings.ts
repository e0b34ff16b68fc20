import type { Kysely } from "kysely";
import { columnTypes } from "../dialect";

export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("site_settings")
    .addColumn("key", "varchar(100)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("site_settings").execute();
}
