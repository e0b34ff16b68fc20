import { addDays, arizonaDate, arizonaDayStart } from "@common/arizona";
import type { DB } from "../db";
import { enqueueJob, registerJob } from "../jobs/jobs";
import { log } from "../logger";

/**
 * Retention (decision 0044): the hourly aggregates are kept `ANALYTICS_RETENTION_DAYS` (two
 * years by default), then deleted by a daily job that one instance claims (server/jobs). The
 * job also deletes any visitor hash or salt of an earlier day that was left behind (the day's
 * first count already does, see salt.ts), then enqueues itself for the next day.
 */

export const PURGE_JOB = "analytics.purge";

export interface PurgeResult {
  pageHours: number;
  formHours: number;
  searchMisses: number;
}

/** The first UTC hour ("2026-12-01T07") still kept: the start of the Arizona day `retentionDays` ago. */
export function firstKeptHour(retentionDays: number, now = new Date()): string {
  return arizonaDayStart(addDays(arizonaDate(now), -retentionDays)).slice(0, 13);
}

export async function purgeAnalytics(db: DB, retentionDays: number, now = new Date()): Promise<PurgeResult> {
  const cutoff = firstKeptHour(retentionDays, now);
  const today = arizonaDate(now);
  return db.transaction().execute(async (trx) => {
    const [pages, forms, searches] = await Promise.all([
      trx.deleteFrom("analytics_page_hours").where("hour", "<", cutoff).executeTakeFirst(),
      trx.deleteFrom("analytics_form_hours").where("hour", "<", cutoff).executeTakeFirst(),
      trx.deleteFrom("analytics_search_misses").where("hour", "<", cutoff).executeTakeFirst(),
    ]);
    await trx.deleteFrom("analytics_visitor_days").where("day", "<", today).execute();
    await trx.deleteFrom("analytics_salts").where("day", "<", today).execute();
    return {
      pageHours: Number(pages.numDeletedRows),
      formHours: Number(forms.numDeletedRows),
      searchMisses: Number(searches.numDeletedRows),
    };
  });
}

/** Enqueues the purge of an Arizona day (once, whichever instance asks first), at 01:00 that day. */
export function schedulePurge(db: DB, day: string) {
  const runAt = new Date(Date.parse(arizonaDayStart(day)) + 3_600_000);
  return enqueueJob(db, PURGE_JOB, { day }, { key: `${PURGE_JOB}:${day}`, runAt });
}

export function registerAnalyticsJobs(retentionDays: number): void {
  registerJob<{ day: string }>(
    PURGE_JOB,
    async ({ day }, { db }) => {
      const purged = await purgeAnalytics(db, retentionDays);
      log.info("analytics aggregates purged", { day, retentionDays, ...purged });
      await schedulePurge(db, addDays(arizonaDate(), 1));
    },
    { maxAttempts: 5, backoffMs: 600_000 },
  );
}
