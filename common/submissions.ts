import * as z from "zod/mini";
import { isIsoDate } from "./arizona";

/**
 * A form's submissions inbox (/admin/forms/:id/submissions): its tabs, the filter and page read
 * from the query string (the list and the CSV export), what staff change on one submission, and
 * why one is in the spam tab. The answers themselves are described in forms.ts.
 */

export const SUBMISSION_TABS = ["unread", "read", "spam"] as const;
export type SubmissionTab = (typeof SUBMISSION_TABS)[number];
export const SUBMISSIONS_PAGE_SIZE = 25;

const inboxDate = z.optional(
  z.string().check(
    z.trim(),
    z.refine((v) => !v || isIsoDate(v), "Enter a date like 2026-01-31."),
  ),
);

/** The inbox's filter and page, from the query string (the list and the CSV export). */
export const submissionFilterSchema = z.object({
  tab: z.catch(z.enum(SUBMISSION_TABS), "unread"),
  q: z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((v) => v?.trim().slice(0, 200) || undefined),
    ),
    undefined,
  ),
  /** Arizona dates (YYYY-MM-DD), inclusive. */
  from: z.pipe(
    inboxDate,
    z.transform((v) => v || undefined),
  ),
  to: z.pipe(
    inboxDate,
    z.transform((v) => v || undefined),
  ),
  page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1),
});
export type SubmissionFilter = z.output<typeof submissionFilterSchema>;

/** What staff change on a submission from the inbox. */
export const submissionChangeSchema = z.object({
  read: z.optional(z.boolean()),
  spam: z.optional(z.boolean()),
});
export type SubmissionChange = z.output<typeof submissionChangeSchema>;

/** Why a submission is in the spam tab. */
export const SPAM_REASONS: Record<string, string> = {
  honeypot: "Filled in the hidden field only bots see",
  "too-fast": "Sent faster than a person can fill in the form",
  "no-proof": "No proof of work: sent with JavaScript off, or by a program",
  "proof-invalid": "Its proof of work does not check out",
  "proof-expired": "Its proof of work had expired",
  "proof-reused": "Its proof of work was already used by another post",
  staff: "Marked as spam by staff",
};
