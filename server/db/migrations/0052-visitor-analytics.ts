import type { Kysely } from "kysely";

/**
 * Visitor analytics without cookies (issue 23, decision 0044), owned by server/analytics/:
 * - `analytics_page_hours`: page views per UTC hour and per path, landing page, referrer
 *   host, UTM source / medium / campaign and device class ('' where unknown), with the
 *   visitors counted for the first time that day on the site, on that path and from that
 *   source, and the views counted without a visitor (Sec-GPC or DNT);
 * - `analytics_form_hours`: the form funnel's browser steps per hour (viewed, started, and
 *   the Free Analysis calculator used);
 * - `analytics_search_misses`: site searches that found nothing, per hour;
 * - `analytics_salts`: the day's random salt of the visitor hash, deleted when the day ends;
 * - `analytics_visitor_days`: which visitor hashes were already counted today (site, path,
 *   source), deleted with the day's salt.
 * Aggregates are upserted by every instance, so counts are shared; no raw event is stored.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("analytics_page_hours")
    .addColumn("hour", "varchar(13)", (c) => c.notNull())
    .addColumn("path", "varchar(200)", (c) => c.notNull())
    .addColumn("landing_page", "varchar(200)", (c) => c.notNull())
    .addColumn("referrer_host", "varchar(100)", (c) => c.notNull())
    .addColumn("utm_source", "varchar(100)", (c) => c.notNull())
    .addColumn("utm_medium", "varchar(100)", (c) => c.notNull())
    .addColumn("utm_campaign", "varchar(100)", (c) => c.notNull())
    .addColumn("device", "varchar(10)", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addColumn("private_views", "integer", (c) => c.notNull())
    .addColumn("visitors", "integer", (c) => c.notNull())
    .addColumn("page_visitors", "integer", (c) => c.notNull())
    .addColumn("source_visitors", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_page_hours_pk", [
      "hour",
      "path",
      "landing_page",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "device",
    ])
    .execute();

  await db.schema
    .createTable("analytics_form_hours")
    .addColumn("hour", "varchar(13)", (c) => c.notNull())
    .addColumn("form", "varchar(80)", (c) => c.notNull())
    .addColumn("step", "varchar(20)", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_form_hours_pk", ["hour", "form", "step"])
    .execute();

  await db.schema
    .createTable("analytics_search_misses")
    .addColumn("hour", "varchar(13)", (c) => c.notNull())
    .addColumn("query", "varchar(100)", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_search_misses_pk", ["hour", "query"])
    .execute();

  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "varchar(10)", (c) => c.primaryKey())
    .addColumn("salt", "varchar(64)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("analytics_visitor_days")
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("scope", "varchar(500)", (c) => c.notNull())
    .addColumn("visitor_hash", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_visitor_days_pk", ["day", "scope", "visitor_hash"])
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const table of [
    "analytics_visitor_days",
    "analytics_salts",
    "analytics_search_misses",
    "analytics_form_hours",
    "analytics_page_hours",
  ])
    await db.schema.dropTable(table).execute();
}
