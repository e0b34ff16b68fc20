/**
 * Arizona time (America/Phoenix, UTC-7 all year, no daylight saving): the company's day.
 * Staff filters ("from", "to") and the dashboard's "today" use these day boundaries.
 */
export const ARIZONA_OFFSET_MS = 7 * 60 * 60 * 1000;
const OFFSET_MS = ARIZONA_OFFSET_MS;

/** The Arizona calendar date ("2026-11-23") of a moment. */
export function arizonaDate(moment: Date | string | number = new Date()): string {
  return new Date(new Date(moment).getTime() - OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instant an Arizona date starts, as the ISO text timestamps are stored in. */
export function arizonaDayStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + OFFSET_MS).toISOString();
}

/** The Arizona date `days` after (or before, when negative) another. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
