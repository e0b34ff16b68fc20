import { sql, type Kysely } from "kysely";
import { columnTypes } from "../dialect";

/**
 * Statement reviews and proposals (decision 0043), owned by server/proposals:
 * - `proposal_pricing`: one row (id 1), Meritum's pricing as JSON (cents and basis points).
 * - `statement_reviews`: every save of a contact's worksheet (append-only): the statement's
 *   figures, the pricing used and the computed figures as JSON, the annual saving.
 * - `proposals`: one row per sent proposal: the SHA-256 digest of its link token (never the
 *   token), a snapshot of what it shows, expiry, supersede, views and the acceptance.
 * Both reference contacts with `on delete cascade`: erasing a contact erases them.
 * - `contacts` gains `proposal_state` and `proposal_annual_savings_cents`, written by
 *   server/contacts (setContactProposalSummary) for the list's filter and sort.
 */
export async function up(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable("proposal_pricing")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_by", "varchar(36)")
    .execute();

  await db.schema
    .createTable("statement_reviews")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("contact_id", "varchar(36)", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("statement_id", "varchar(36)")
    .addColumn("statement_month", "varchar(7)", (c) => c.notNull())
    .addColumn("volume_cents", "bigint", (c) => c.notNull())
    .addColumn("transactions", "integer", (c) => c.notNull())
    .addColumn("fees_cents", "bigint", (c) => c.notNull())
    .addColumn("input", "text", (c) => c.notNull()) // JSON ReviewInput (breakdown and mix included)
    .addColumn("pricing", "text", (c) => c.notNull()) // JSON Pricing used
    .addColumn("figures", "text", (c) => c.notNull()) // JSON ProposalFigures
    .addColumn("annual_savings_cents", "bigint", (c) => c.notNull())
    .addColumn("created_by", "varchar(36)")
    .addColumn("created_by_name", "varchar(200)")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("statement_reviews_contact_idx")
    .on("statement_reviews")
    .columns(["contact_id", "created_at"])
    .execute();

  await db.schema
    .createTable("proposals")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("contact_id", "varchar(36)", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("review_id", "varchar(36)", (c) => c.notNull().references("statement_reviews.id").onDelete("cascade"))
    .addColumn("token_digest", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("snapshot", "text", (c) => c.notNull()) // JSON ProposalSnapshot
    .addColumn("monthly_savings_cents", "bigint", (c) => c.notNull())
    .addColumn("annual_savings_cents", "bigint", (c) => c.notNull())
    .addColumn("no_saving_confirmed", t.boolean, (c) => c.notNull())
    .addColumn("sent_to", "varchar(254)", (c) => c.notNull())
    .addColumn("sent_by", "varchar(36)")
    .addColumn("sent_by_name", "varchar(200)")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("superseded_at", t.timestamp)
    .addColumn("superseded_by", "varchar(36)")
    .addColumn("first_viewed_at", t.timestamp)
    .addColumn("last_viewed_at", t.timestamp)
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("accepted_at", t.timestamp)
    .addColumn("accepted_ip", "varchar(64)")
    .execute();
  await db.schema.createIndex("proposals_contact_idx").on("proposals").columns(["contact_id", "created_at"]).execute();
  await db.schema.createIndex("proposals_created_idx").on("proposals").column("created_at").execute();
  await db.schema.createIndex("proposals_viewed_idx").on("proposals").column("first_viewed_at").execute();
  await db.schema.createIndex("proposals_accepted_idx").on("proposals").column("accepted_at").execute();

  await db.schema
    .alterTable("contacts")
    .addColumn("proposal_state", sql.raw("varchar(20)") as never)
    .execute();
  await db.schema
    .alterTable("contacts")
    .addColumn("proposal_annual_savings_cents", sql.raw("bigint") as never)
    .execute();
  // The list's filter and sort (decision 0031: every ordering ends in id).
  await db.schema
    .createIndex("contacts_proposal_state_idx")
    .on("contacts")
    .columns(["proposal_state", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("contacts_proposal_savings_idx")
    .on("contacts")
    .columns(["proposal_annual_savings_cents", "id"])
    .execute();
}
