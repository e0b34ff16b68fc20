import * as z from "zod/mini";

/**
 * The clock on every lead (issue 21, decision 0048): a submission is answered by the first
 * staff action on its contact after it arrived: a note, a status change, an owner
 * assignment, or a call or e-mail staff log by hand. Shared by the server and the admin.
 */

export const FIRST_RESPONSE_KINDS = ["note", "status", "owner", "call", "email"] as const;
export type FirstResponseKind = (typeof FIRST_RESPONSE_KINDS)[number];

/** "Answered by <name> with …" */
export const FIRST_RESPONSE_LABELS: Record<FirstResponseKind, string> = {
  note: "a note",
  status: "a status change",
  owner: "an owner assignment",
  call: "a logged call",
  email: "a logged e-mail",
};

/** "Logged a call" / "Logged an e-mail" on the contact (POST /api/admin/contacts/:id/touches). */
export const TOUCH_CHANNELS = ["call", "email"] as const;
export type TouchChannel = (typeof TOUCH_CHANNELS)[number];

export const logTouchSchema = z.object({
  channel: z.enum(TOUCH_CHANNELS, { error: "Choose whether you called or e-mailed." }),
});
export type LogTouchInput = z.output<typeof logTouchSchema>;

const MINUTE = 60_000;

/**
 * How long a lead has waited, in wall-clock time, short: "12 min", "3 h", "2 d" (rounded
 * down; under a minute is "1 min" so a new lead never reads "0 min").
 */
export function waitingLabel(since: string, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.floor((now.getTime() - Date.parse(since)) / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** Business minutes as "45 min", "2 h 5 min", "3 h" (the dashboard's response times). */
export function businessDurationLabel(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}
