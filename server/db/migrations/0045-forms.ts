import { sql, type Kysely } from "kysely";
import { columnTypes, isPostgres } from "../dialect";

/**
 * Form definitions and what the submissions inbox needs (decision 0034):
 * - `form_definitions`: one row per form (the Free Analysis form is seeded), its fields as
 *   JSON in display order, its notification recipients as JSON.
 * - `lead_submissions` gains the form it came through, every answer as JSON (label and
 *   type kept as they were when it was sent), the spam flag and reason, when staff read
 *   it, the visitor's landing page, referrer and UTM tags. `contact_id` becomes nullable:
 *   a submission held as spam has no contact until staff restore it.
 * - `submission_files`: files attached to a submission (bytes in `stored_files`).
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("form_definitions")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("slug", "varchar(80)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("fields", "text", (c) => c.notNull()) // JSON FormField[]
    .addColumn("recipients", "text", (c) => c.notNull()) // JSON string[]
    .addColumn("success_message", "text", (c) => c.notNull())
    .addColumn("active", t.boolean, (c) => c.notNull())
    .addColumn("system_key", "varchar(40)", (c) => c.unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();

  await makeContactOptional(db);

  const columns: Array<[string, string]> = [
    ["form_id", "varchar(36)"],
    ["answers", "text"],
    ["spam_reason", "varchar(20)"],
    ["read_at", t.timestamp],
    ["landing_page", "varchar(500)"],
    ["referrer", "varchar(500)"],
    ["utm_source", "varchar(100)"],
    ["utm_medium", "varchar(100)"],
    ["utm_campaign", "varchar(100)"],
  ];
  for (const [name, type] of columns) {
    await db.schema
      .alterTable("lead_submissions")
      .addColumn(name, sql.raw(type) as never)
      .execute();
  }
  await db.schema
    .alterTable("lead_submissions")
    .addColumn("spam", t.boolean, (c) => c.notNull().defaultTo(isPostgres(db) ? sql`false` : 0))
    .execute();
  await db.schema
    .createIndex("lead_submissions_form_idx")
    .on("lead_submissions")
    .columns(["form_id", "spam", "created_at"])
    .execute();

  await db.schema
    .createTable("submission_files")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("submission_id", "varchar(36)", (c) => c.notNull().references("lead_submissions.id").onDelete("cascade"))
    .addColumn("field_key", "varchar(40)", (c) => c.notNull())
    .addColumn("file_id", "varchar(36)", (c) => c.notNull().unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("submission_files_submission_idx")
    .on("submission_files")
    .column("submission_id")
    .execute();
}

/**
 * PostgreSQL drops the constraint; SQLite cannot, so the table is rebuilt from its own
 * stored definition with only that constraint removed (the documented 12-step way: every
 * column another migration added, every row and every index survive).
 */
async function makeContactOptional(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`alter table lead_submissions alter column contact_id drop not null`.execute(db);
    return;
  }
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'lead_submissions'`.execute(db);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'lead_submissions' and sql is not null`.execute(
    db,
  );
  const createSql = table.rows[0]!.sql;
  const rebuilt = createSql
    .replace(/"contact_id" varchar\(36\) not null/i, '"contact_id" varchar(36)')
    .replace(/create table "lead_submissions"/i, 'create table "lead_submissions_rebuilt"');
  if (rebuilt === createSql || /"contact_id" varchar\(36\) not null/i.test(rebuilt))
    throw new Error("lead_submissions: could not find the contact_id column to rebuild");
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into lead_submissions_rebuilt select * from lead_submissions`.execute(db);
    await sql`drop table lead_submissions`.execute(db);
    await sql`alter table lead_submissions_rebuilt rename to lead_submissions`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length) throw new Error("lead_submissions rebuild broke a foreign key");
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("submission_files").execute();
  await db.schema.dropIndex("lead_submissions_form_idx").execute();
  for (const name of [
    "spam",
    "utm_campaign",
    "utm_medium",
    "utm_source",
    "referrer",
    "landing_page",
    "read_at",
    "spam_reason",
    "answers",
    "form_id",
  ]) {
    await db.schema.alterTable("lead_submissions").dropColumn(name).execute();
  }
  await db.schema.dropTable("form_definitions").execute();
}
