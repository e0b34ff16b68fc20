/** Content dates are stored in UTC and shown in the company's time zone (no DST). */
export const SITE_TIME_ZONE = "America/Phoenix";

const longDate = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : longDate.format(date);
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** A moment for staff screens, e.g. "Nov 21, 2026, 8:08 PM", in the company's time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The wall-clock parts of a moment in the company's time zone. */
function zoneParts(date: Date): Record<string, number> {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: SITE_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(date);
  return Object.fromEntries(parts.filter((p) => p.type !== "literal").map((p) => [p.type, Number(p.value)]));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A stored moment as a `datetime-local` value ("2026-11-23T14:05") in Arizona time; "" for none. */
export function toZonedInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const p = zoneParts(date);
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}`;
}

/** A `datetime-local` value typed in Arizona time as an ISO moment; null when empty or invalid. */
export function fromZonedInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The zone's offset at that moment (Arizona keeps one all year, but do not assume it).
  const p = zoneParts(new Date(asUtc));
  const offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - asUtc;
  return new Date(asUtc - offset).toISOString();
}
