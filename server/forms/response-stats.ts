import { sql } from "kysely";
import { businessMinutesBetween } from "@common/business-hours";
import type { DB } from "../db";
import { getSiteSettings } from "../settings/settings";

/**
 * The dashboard's response times (decision 0048): the median first response of the leads
 * (non-spam submissions) that arrived in the last 7 and 30 days and have been answered, in
 * business minutes of the settings' opening hours (Arizona time), and how many contacts have
 * a lead waiting past its deadline (`responseTargetMinutes` business minutes after it arrived).
 */

export interface ResponsePeriod {
  /** Median business minutes to the first response; null when none was answered. */
  medianMinutes: number | null;
  answered: number;
}

export interface ResponseTimes {
  targetMinutes: number;
  week: ResponsePeriod;
  month: ResponsePeriod;
  /** Contacts with a lead unanswered past its deadline. */
  waitingPastTarget: number;
}

const DAY_MS = 86_400_000;

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export async function responseTimes(db: DB, now = new Date()): Promise<ResponseTimes> {
  const settings = await getSiteSettings(db);
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).getTime();
  const [answered, late] = await Promise.all([
    db
      .selectFrom("submissions")
      .select(["created_at", "first_response_at"])
      .where("created_at", ">=", monthAgo)
      .where("spam", "=", sql.lit(false))
      .where("first_response_at", "is not", null)
      .execute(),
    db
      .selectFrom("submissions")
      .select((eb) => eb.fn.count<number>("contact_id").distinct().as("n"))
      .where("first_response_at", "is", null)
      .where("response_due_at", "<=", now.toISOString())
      .where("spam", "=", sql.lit(false))
      .where("contact_id", "is not", null)
      .executeTakeFirst(),
  ]);
  const timed = answered.map((r) => ({
    at: new Date(r.created_at).getTime(),
    minutes: businessMinutesBetween(r.created_at, r.first_response_at!, settings.openingHours),
  }));
  const week = timed.filter((t) => t.at >= weekAgo).map((t) => t.minutes);
  const month = timed.map((t) => t.minutes);
  return {
    targetMinutes: settings.responseTargetMinutes,
    week: { medianMinutes: median(week), answered: week.length },
    month: { medianMinutes: median(month), answered: month.length },
    waitingPastTarget: Number(late?.n ?? 0),
  };
}
