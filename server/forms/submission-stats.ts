import { sql } from "kysely";
import type { DB } from "../db";

/**
 * Submissions counted by form and first touch, for the visitor analytics' "submitted" funnel
 * step and its conversion by source (server/analytics/outcomes.ts). Spam is left out: a
 * submission held as spam is not a submission until staff restore it. Reads the current
 * submission store (`submissions`, every public form's posts, Free Analysis included; decision 0045).
 */
export interface SubmissionsByFirstTouch {
  /** The form's slug. */
  form: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrer: string | null;
  submissions: number;
}

/** Submissions created in [from, to) (ISO instants), grouped by form and first touch. */
export async function submissionsByFirstTouch(db: DB, from: string, to: string): Promise<SubmissionsByFirstTouch[]> {
  const rows = await db
    .selectFrom("submissions as s")
    .leftJoin("form_definitions as f", "f.id", "s.form_id")
    .select((eb) => [
      "f.slug as form",
      "s.utm_source",
      "s.utm_medium",
      "s.utm_campaign",
      "s.referrer",
      eb.fn.countAll<number>().as("n"),
    ])
    .where("s.spam", "=", sql.lit(false))
    .where("s.created_at", ">=", from)
    .where("s.created_at", "<", to)
    .groupBy(["f.slug", "s.utm_source", "s.utm_medium", "s.utm_campaign", "s.referrer"])
    .execute();
  return rows.map((r) => ({
    form: r.form,
    utmSource: r.utm_source,
    utmMedium: r.utm_medium,
    utmCampaign: r.utm_campaign,
    referrer: r.referrer,
    submissions: Number(r.n),
  }));
}
