import { sql, type Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The clock on every lead (decision 0048):
 * - `submissions` gain the first response (when, by whom, what kind), the response deadline
 *   fixed when it arrived, and when its overdue reminder went out.
 * - `contacts` gain `waiting_since`: when its oldest unanswered non-spam submission arrived
 *   (the list's "waiting" and its sort).
 * Submissions stored before are answered by the first note, status or owner change on their
 * contact after them, if there is one; the rest wait, due at once (no reminder is queued for
 * them: the upgrade must not e-mail staff about every old lead).
 */

const RESPONSE_KINDS = ["note", "status", "owner"];

export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  const add = (table: string, column: string, type: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, sql.raw(type) as never)
      .execute();
  await add("submissions", "first_response_at", t.timestamp);
  await add("submissions", "first_response_by", "varchar(36)");
  await add("submissions", "first_response_by_name", "varchar(200)");
  await add("submissions", "first_response_kind", "varchar(20)");
  await add("submissions", "response_due_at", t.timestamp);
  await add("submissions", "overdue_reminded_at", t.timestamp);
  await add("contacts", "waiting_since", t.timestamp);

  // Backfill from the contacts' timeline, one contact's submissions at a time in memory.
  const activity = await db
    .selectFrom("contact_activity")
    .select(["contact_id", "kind", "actor_id", "actor_name", "created_at"])
    .where("kind", "in", RESPONSE_KINDS)
    .orderBy("created_at", "asc")
    .execute();
  const byContact = new Map<string, typeof activity>();
  for (const a of activity) {
    const list = byContact.get(a.contact_id) ?? [];
    list.push(a);
    byContact.set(a.contact_id, list);
  }
  const submissions = await db
    .selectFrom("submissions")
    .select(["id", "contact_id", "created_at"])
    .where("contact_id", "is not", null)
    .where("spam", "=", sql.lit(false))
    .execute();
  for (const s of submissions) {
    const iso = new Date(s.created_at).toISOString();
    const first = byContact.get(s.contact_id)?.find((a) => new Date(a.created_at).toISOString() >= iso);
    await db
      .updateTable("submissions")
      .set(
        first
          ? {
              first_response_at: first.created_at,
              first_response_by: first.actor_id,
              first_response_by_name: first.actor_name,
              first_response_kind: first.kind,
              response_due_at: s.created_at,
            }
          : { response_due_at: s.created_at },
      )
      .where("id", "=", s.id)
      .execute();
  }
  await sql`update contacts set waiting_since = (
    select min(s.created_at) from submissions s
    where s.contact_id = contacts.id and s.spam = ${sql.lit(false)} and s.first_response_at is null
  )`.execute(db);

  // The list's sort by waiting (decision 0031: every ordering ends in id); the dashboard's
  // "waiting past the target" and the reminders read the unanswered ones by deadline.
  await db.schema.createIndex("contacts_waiting_idx").on("contacts").columns(["waiting_since", "id"]).execute();
  await db.schema
    .createIndex("submissions_response_idx")
    .on("submissions")
    .columns(["first_response_at", "response_due_at"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("submissions_response_idx").execute();
  await db.schema.dropIndex("contacts_waiting_idx").execute();
  await db.schema.alterTable("contacts").dropColumn("waiting_since").execute();
  for (const column of [
    "overdue_reminded_at",
    "response_due_at",
    "first_response_kind",
    "first_response_by_name",
    "first_response_by",
    "first_response_at",
  ])
    await db.schema.alterTable("submissions").dropColumn(column).execute();
}
