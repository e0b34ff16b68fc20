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
