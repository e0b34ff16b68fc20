import * as z from "zod/mini";
import { WEEKDAYS, WEEKDAY_LABELS, type OpeningHours } from "./business-hours";
import { requiredText } from "./text";

/**
 * The auto-reply a form sends its submitter (issue 21, decision 0047): a subject and a
 * Markdown body staff edit per form in /admin/forms, with placeholders (`{{name}}`,
 * `{{reference}}`, ...) the server fills in per submission. An unknown placeholder is a
 * field error, in the browser and on the server, with the same message.
 */

export const AUTO_REPLY_LIMITS = { subject: 200, body: 5000 } as const;

/** Every placeholder a template may use, with what it becomes (shown next to the editor). */
export const AUTO_REPLY_PLACEHOLDERS = [
  { key: "name", description: "The submitter's name (“there” when none was given)" },
  { key: "firstName", description: "The first word of their name" },
  { key: "business", description: "Their business's name (“your business” when none was given)" },
  { key: "email", description: "Their e-mail address (the one the reply goes to)" },
  { key: "reference", description: "The submission's reference, e.g. MER-7K3QX" },
  { key: "form", description: "The form's name" },
  { key: "owner", description: "The owner's name (Settings)" },
  { key: "phone", description: "The phone number (Settings)" },
  { key: "hours", description: "The opening hours (Settings), Arizona time" },
  {
    key: "statement",
    description: "Whether a statement (Free Analysis) or file was received: one sentence; never the file itself",
  },
] as const;
export type AutoReplyPlaceholder = (typeof AUTO_REPLY_PLACEHOLDERS)[number]["key"];
export type AutoReplyValues = Record<AutoReplyPlaceholder, string>;

const KNOWN = new Set<string>(AUTO_REPLY_PLACEHOLDERS.map((p) => p.key));
/** `{{name}}`, also written with spaces inside the braces (`{{ name }}`). */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of a template that are not in the list, each once, in order. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((key) => !KNOWN.has(key));
  return [...new Set(unknown)];
}

export function unknownPlaceholderMessage(unknown: string[]): string {
  const list = unknown.map((k) => `{{${k}}}`).join(", ");
  return `${unknown.length > 1 ? "Unknown placeholders" : "Unknown placeholder"} ${list}. Use one of the listed placeholders, e.g. {{name}} or {{reference}}.`;
}

/** Replaces every placeholder by `fill(key)` (a template is checked first: unknown ones stay as written). */
export function fillPlaceholders(template: string, fill: (key: AutoReplyPlaceholder) => string): string {
  return template.replace(PLACEHOLDER, (whole, key: string) =>
    KNOWN.has(key) ? fill(key as AutoReplyPlaceholder) : whole,
  );
}

const templateText = (label: string, max: number) =>
  requiredText(label, max).check(
    z.superRefine((text, ctx) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown), input: text });
    }),
  );

/** A form's auto-reply as staff save it (part of the form definition). */
export const autoReplySchema = z.object({
  enabled: z._default(z.boolean(), false),
  subject: templateText("the subject", AUTO_REPLY_LIMITS.subject),
  body: templateText("the message", AUTO_REPLY_LIMITS.body),
});
export type AutoReplySettings = z.output<typeof autoReplySchema>;

/** `POST /api/admin/forms/auto-reply-preview`: a template as typed, rendered with sample data. */
export const autoReplyPreviewSchema = z.object({
  subject: templateText("the subject", AUTO_REPLY_LIMITS.subject),
  body: templateText("the message", AUTO_REPLY_LIMITS.body),
  /** The form it is for (its name and whether it is Free Analysis); none for a form not yet created. */
  formId: z.optional(z.nullable(z.string().check(z.maxLength(36)))),
});
export type AutoReplyPreviewInput = z.input<typeof autoReplyPreviewSchema>;

export interface AutoReplyPreview {
  subject: string;
  text: string;
  html: string;
}

const DEFAULT_SUBJECT = "We received your request ({{reference}})";

/** The seeded Free Analysis form's auto-reply (on until staff switch it off). */
export const FREE_ANALYSIS_AUTO_REPLY: AutoReplySettings = {
  enabled: true,
  subject: DEFAULT_SUBJECT,
  body: `Hi {{firstName}},

Thank you for asking Meritum for a free analysis of {{business}}'s card processing. Your reference is **{{reference}}**: please quote it if you call or write to us.

**What happens next**

- {{owner}} or a member of our team reviews your request personally.
- We'll call or e-mail you within one business day to go through what you could save.
- {{statement}}

Prefer to talk now? Call {{phone}} ({{hours}}).

{{owner}}, Meritum`,
};

/** Every other form's auto-reply until staff write their own (off until they switch it on). */
export const FORM_AUTO_REPLY: AutoReplySettings = {
  enabled: false,
  subject: DEFAULT_SUBJECT,
  body: `Hi {{firstName}},

Thank you for writing to Meritum ({{form}}). Your reference is **{{reference}}**.

{{owner}} or a member of our team will get back to you within one business day. If it can't wait, call {{phone}} ({{hours}}).

{{owner}}, Meritum`,
};

/** The reference a submission is given: "MER-" and five characters no one misreads (no 0/O, 1/I/L, U). */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_PATTERN = /^MER-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/;

/** "08:00" → "8 a.m.", "17:30" → "5:30 p.m.", "24:00" → "midnight". */
function clockText(value: string): string {
  const [h, m] = value.split(":").map(Number) as [number, number];
  if (h === 24 || (h === 0 && m === 0)) return "midnight";
  if (h === 12 && m === 0) return "noon";
  const hour = h % 12 || 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "a.m." : "p.m."}`;
}

/**
 * The opening hours in words, consecutive days with the same hours together:
 * "Monday to Friday, 8 a.m. to 5 p.m., Arizona time".
 */
export function openingHoursText(hours: OpeningHours): string {
  const runs: Array<{ first: string; last: string; span: string; days: number }> = [];
  let previous: string | null = null;
  for (const day of WEEKDAYS) {
    const open = hours[day];
    const span = open ? `${clockText(open.open)} to ${clockText(open.close)}` : null;
    const label = WEEKDAY_LABELS[day];
    const run = runs.at(-1);
    if (span && run && span === previous && run.span === span) {
      run.last = label;
      run.days += 1;
    } else if (span) runs.push({ first: label, last: label, span, days: 1 });
    previous = span;
  }
  if (!runs.length) return "by appointment";
  const days = (r: (typeof runs)[number]) =>
    r.days === 1 ? r.first : `${r.first} ${r.days === 2 ? "and" : "to"} ${r.last}`;
  return `${runs.map((r) => `${days(r)}, ${r.span}`).join("; ")}, Arizona time`;
}
