import { sql, type Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * The contacts pipeline (admin Contacts screen): what staff see and change on a contact.
 * - `monthly_volume`, `current_processor`: the latest known answers (copied from the
 *   first submission here; editable by staff).
 * - `source`: where the contact came from: a form's slug ("contact", "calculator", …) or
 *   "manual"; `first_*`: first-touch attribution, copied from the first submission.
 * - `owner_id` (a staff user; unset when the user is deleted), `lost_reason`.
 * - status "won" is renamed "customer" (new → contacted → qualified → customer, or lost).
 * - `contact_activity`: notes and status, owner and edit events for the detail timeline.
 * Indexes serve the list's sorts and filters and the dashboard's counts at 100k contacts.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  const add = (name: string, type: string) =>
    db.schema
      .alterTable("contacts")
      .addColumn(name, sql.raw(type) as never)
      .execute();
  await add("monthly_volume", "varchar(20)");
  await add("current_processor", "varchar(100)");
  await db.schema
    .alterTable("contacts")
    .addColumn("source", "varchar(60)", (c) => c.notNull().defaultTo("contact"))
    .execute();
  await add("first_landing_page", "varchar(500)");
  await add("first_referrer", "varchar(500)");
  await add("first_utm_source", "varchar(150)");
  await add("first_utm_medium", "varchar(150)");
  await add("first_utm_campaign", "varchar(150)");
  await db.schema
    .alterTable("contacts")
    .addColumn("owner_id", "varchar(36)", (c) => c.references("user.id").onDelete("set null"))
    .execute();
  await add("lost_reason", "varchar(300)");

  await db.updateTable("contacts").set({ status: "customer" }).where("status", "=", "won").execute();
  // Copy what the first submission said onto existing contacts.
  const first = (column: string) =>
    sql`(select s.${sql.ref(column)} from lead_submissions s where s.contact_id = contacts.id order by s.created_at limit 1)`;
  await db
    .updateTable("contacts")
    .set({
      monthly_volume: first("monthly_volume"),
      current_processor: first("current_processor"),
      source: sql`coalesce(${first("source")}, 'contact')`,
    })
    .execute();

  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("contacts").columns(columns).execute();
  // Every ordering ends in id, so the list finds a page's ids on the index alone.
  await index("contacts_created_idx", ["created_at", "id"]);
  await index("contacts_status_created_idx", ["status", "created_at", "id"]);
  await index("contacts_owner_created_idx", ["owner_id", "created_at", "id"]);
  await index("contacts_source_created_idx", ["source", "created_at", "id"]);
  await index("contacts_activity_idx", ["last_submitted_at", "id"]);
  await db.schema.createIndex("contacts_name_idx").on("contacts").columns(["name", "id"]).execute();
  await db.schema.createIndex("contacts_business_idx").on("contacts").columns(["business_name", "id"]).execute();

  await db.schema
    .createTable("contact_activity")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("contact_id", "varchar(36)", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    // note | status | owner | edited | created
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("actor_id", "varchar(36)")
    .addColumn("actor_name", "varchar(200)")
    .addColumn("body", "text")
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}")) // JSON
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_activity_contact_idx")
    .on("contact_activity")
    .columns(["contact_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("contact_activity").execute();
  for (const index of [
    "contacts_created_idx",
    "contacts_status_created_idx",
    "contacts_owner_created_idx",
    "contacts_source_created_idx",
    "contacts_activity_idx",
    "contacts_name_idx",
    "contacts_business_idx",
  ])
    await db.schema.dropIndex(index).execute();
  await db.updateTable("contacts").set({ status: "won" }).where("status", "=", "customer").execute();
  for (const column of [
    "lost_reason",
    "owner_id",
    "first_utm_campaign",
    "first_utm_medium",
    "first_utm_source",
    "first_referrer",
    "first_landing_page",
    "source",
    "current_processor",
    "monthly_volume",
  ])
    await db.schema.alterTable("contacts").dropColumn(column).execute();
}
