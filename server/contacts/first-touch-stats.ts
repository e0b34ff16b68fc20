import { sql } from "kysely";
import type { DB } from "../db";

/**
 * What became of the contacts that arrived in a period, by their first touch (the landing
 * page's UTM tags and the referrer kept on the contact): how many, how many staff have
 * reached (any status past "new"), and how many are customers now. For the visitor
 * analytics' conversion by source (server/analytics/outcomes.ts).
 */
export interface ContactsByFirstTouch {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  contacts: number;
  contacted: number;
  customers: number;
}

/** Contacts created in [from, to) (ISO instants), grouped by first touch. */
export async function contactsByFirstTouch(db: DB, from: string, to: string): Promise<ContactsByFirstTouch[]> {
  const rows = await db
    .selectFrom("contacts")
    .select((eb) => [
      "first_utm_source",
      "first_utm_medium",
      "first_utm_campaign",
      "first_referrer",
      eb.fn.countAll<number>().as("n"),
      sql<number>`sum(case when status <> 'new' then 1 else 0 end)`.as("contacted"),
      sql<number>`sum(case when status = 'customer' then 1 else 0 end)`.as("customers"),
    ])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .groupBy(["first_utm_source", "first_utm_medium", "first_utm_campaign", "first_referrer"])
    .execute();
  return rows.map((r) => ({
    utmSource: r.first_utm_source,
    utmMedium: r.first_utm_medium,
    utmCampaign: r.first_utm_campaign,
    referrer: r.first_referrer,
    contacts: Number(r.n),
    contacted: Number(r.contacted),
    customers: Number(r.customers),
  }));
}
