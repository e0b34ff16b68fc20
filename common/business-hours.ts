import * as z from "zod/mini";
import { addDays, arizonaDate, arizonaDayStart } from "./arizona";

/**
 * Business-hours arithmetic in Arizona time (America/Phoenix: UTC-7 all year, no daylight
 * saving), for response times: how many minutes of opening hours lie between two moments,
 * and when a number of business minutes after a moment runs out. Pure: the opening hours
 * come from the site settings (`openingHours`), the moments from the caller.
 *
 *   businessMinutesBetween(submission.created_at, firstResponseAt, settings.openingHours)
 *   responseDeadline(submission.created_at, settings.responseTargetMinutes, settings.openingHours)
 */

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** "08:00" to "24:00" (the end of the day), 24-hour clock. */
const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

const time = (label: string) =>
  z.string({ error: `Enter the ${label} time.` }).check(z.regex(TIME, `Enter the ${label} time as HH:MM, e.g. 08:00.`));

/** One day's hours (one stretch; `null` is closed all day). */
const dayHoursSchema = z.nullable(
  z.object({ open: time("opening"), close: time("closing") }).check(
    z.refine(
      (day) => !TIME.test(day.open) || !TIME.test(day.close) || minutesOfDay(day.close) > minutesOfDay(day.open),
      {
        message: "Closing must be later than opening.",
        path: ["close"],
      },
    ),
  ),
);

export const openingHoursSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>)
  .check(z.refine((hours) => WEEKDAYS.some((day) => hours[day]), "Open on at least one day of the week."));

export type DayHours = { open: string; close: string } | null;
export type OpeningHours = Record<Weekday, DayHours>;

const weekdayHours = { open: "08:00", close: "17:00" };

/** Monday to Friday, 8:00 to 17:00. */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  monday: weekdayHours,
  tuesday: weekdayHours,
  wednesday: weekdayHours,
  thursday: weekdayHours,
  friday: weekdayHours,
  saturday: null,
  sunday: null,
};

const MINUTE = 60_000;
const WEEK_DAYS = 7;

export function minutesOfDay(value: string): number {
  const [hours, minutes] = value.split(":").map(Number);
  return hours! * 60 + minutes!;
}

/** The weekday of an Arizona calendar date ("2026-11-23" is a Monday). */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7]!;
}

/** The UTC span [start, end) the business is open on an Arizona date, or null when closed. */
function openSpan(date: string, hours: OpeningHours): [number, number] | null {
  const day = hours[weekdayOf(date)];
  if (!day) return null;
  const midnight = Date.parse(arizonaDayStart(date));
  return [midnight + minutesOfDay(day.open) * MINUTE, midnight + minutesOfDay(day.close) * MINUTE];
}

function weeklyOpenMs(hours: OpeningHours): number {
  return WEEKDAYS.reduce((sum, day) => {
    const d = hours[day];
    return sum + (d ? (minutesOfDay(d.close) - minutesOfDay(d.open)) * MINUTE : 0);
  }, 0);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000);
}

const msOf = (moment: Date | string | number) => new Date(moment).getTime();

/** Milliseconds of opening hours between two moments (0 when `to` is not after `from`). */
export function businessMsBetween(
  from: Date | string | number,
  to: Date | string | number,
  hours: OpeningHours,
): number {
  const start = msOf(from);
  const end = msOf(to);
  if (!(end > start)) return 0;
  const first = arizonaDate(start);
  const last = arizonaDate(end);
  let total = 0;
  for (let date = first; date <= last;) {
    const span = openSpan(date, hours);
    if (span) total += Math.max(0, Math.min(span[1], end) - Math.max(span[0], start));
    // The days wholly inside the range (after the first, before the last) count a week at a time.
    const weeks = date === first ? Math.max(0, Math.floor((daysBetween(first, last) - 1) / WEEK_DAYS)) : 0;
    if (weeks > 0) total += weeks * weeklyOpenMs(hours);
    date = addDays(date, 1 + weeks * WEEK_DAYS);
  }
  return total;
}

/** Whole minutes of opening hours between two moments ("waiting 12 min" rounds down). */
export function businessMinutesBetween(
  from: Date | string | number,
  to: Date | string | number,
  hours: OpeningHours,
): number {
  return Math.floor(businessMsBetween(from, to, hours) / MINUTE);
}

/**
 * The moment `minutes` business minutes after `from` have gone by: a lead sent at 16:50 on
 * a Friday with a 15-minute target is due at 08:05 on Monday. With `minutes` 0, the next
 * open moment (or `from` itself when open).
 */
export function responseDeadline(from: Date | string | number, minutes: number, hours: OpeningHours): Date {
  const weekly = weeklyOpenMs(hours);
  if (weekly <= 0) throw new Error("Opening hours have no open day.");
  const start = msOf(from);
  let remaining = Math.max(0, minutes) * MINUTE;
  let date = arizonaDate(start);
  let first = true;
  for (;;) {
    const span = openSpan(date, hours);
    if (span) {
      const begin = Math.max(span[0], start);
      const available = span[1] - begin;
      if (available > 0) {
        if (remaining < available || (remaining === available && remaining > 0)) return new Date(begin + remaining);
        remaining -= available;
      }
    }
    date = addDays(date, 1);
    if (first && remaining > weekly) {
      const weeks = Math.floor(remaining / weekly) - (remaining % weekly === 0 ? 1 : 0);
      remaining -= weeks * weekly;
      date = addDays(date, weeks * WEEK_DAYS);
    }
    first = false;
  }
}
