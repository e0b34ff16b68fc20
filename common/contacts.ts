import * as z from "zod/mini";
import { isIsoDate } from "./arizona";
import { LEAD_PROFILE, LEAD_PROFILE_KEYS, type LeadProfile, type LeadProfileKey } from "./lead-profile";
import { CONTACT_LIMITS as LIMITS } from "./limits";
import { PROPOSAL_STATES } from "./proposals";
import { optionalText, requiredText } from "./text";

/**
 * The contacts pipeline: one contact per person or business (deduplicated by lower-cased
 * e-mail), moved new → contacted → qualified → customer, or lost with a reason, and owned
 * by a staff user. The contacts service and API parse with these; the admin forms check
 * with them first.
 */
export const CONTACT_STATUSES = ["new", "contacted", "qualified", "customer", "lost"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** The statuses that close a contact (retention counts from when it was closed: contacts.closed_at). */
export const CLOSED_STATUSES = ["customer", "lost"] as const satisfies readonly ContactStatus[];
export const isClosedStatus = (status: string) => (CLOSED_STATUSES as readonly string[]).includes(status);

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  customer: "Customer",
  lost: "Lost",
};

/** How the list can be ordered (each on an indexed column). */
export const CONTACT_SORTS = {
  newest: "Newest first",
  oldest: "Oldest first",
  activity: "Latest submission",
  name: "Name A–Z",
  business: "Business A–Z",
  // Proposals (decision 0043): the latest statement review's estimate; contacts without one last.
  savings: "Highest est. annual savings",
  // The clock on every lead (decision 0048): the longest unanswered first, then everyone else.
  waiting: "Waiting longest",
} as const;
export type ContactSort = keyof typeof CONTACT_SORTS;

/** The dashboard's and the list's grouping of sources: the two Free Analysis entries, then the rest. */
export function sourceLabel(source: string): string {
  if (source === "contact") return "Contact form";
  if (source === "calculator") return "Savings calculator";
  if (source === "manual") return "Added by staff";
  return `Form: ${source}`;
}

/**
 * Where a contact made from a submission came from: the Free Analysis request's source
 * ("contact" or "calculator"), or the staff form's slug (a staff form's submission says "form").
 */
export function contactSourceOf(formSlug: string, submissionSource: string): string {
  return submissionSource === "form" ? formSlug : submissionSource;
}

const INVALID_EMAIL = "Please enter a valid e-mail address.";

/** The lead profile's entries staff type in (lists come from submissions only). */
export const EDITABLE_PROFILE_KEYS = LEAD_PROFILE_KEYS.filter((key) => LEAD_PROFILE[key].kind !== "list");
type EditableProfileKey = {
  [K in LeadProfileKey]: (typeof LEAD_PROFILE)[K]["kind"] extends "list" ? never : K;
}[LeadProfileKey];

/** "" or nothing → null; otherwise the value the entry's kind takes (money typed in dollars, kept in cents). */
function profileInput(key: LeadProfileKey) {
  const entry: (typeof LEAD_PROFILE)[LeadProfileKey] = LEAD_PROFILE[key];
  const label = entry.label.toLowerCase();
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  return z._default(
    z.pipe(
      z.unknown(),
      z.transform((v, ctx): string | number | null => {
        if (blank(v)) return null;
        const text = String(v).trim();
        if (entry.kind === "choice") {
          if (entry.choices.some((c) => c.value === text)) return text;
          ctx.issues.push({ code: "custom", input: v, message: `Choose the ${label} from the list.` });
          return z.NEVER;
        }
        if (entry.kind === "money") {
          const dollars = text.replace(/[$,\s]/g, "");
          if (/^\d{1,9}(\.\d{1,2})?$/.test(dollars)) return Math.round(Number(dollars) * 100);
          ctx.issues.push({ code: "custom", input: v, message: `Enter the ${label} in dollars, e.g. 45.00.` });
          return z.NEVER;
        }
        if (entry.kind === "text" && text.length > entry.max) {
          ctx.issues.push({
            code: "custom",
            input: v,
            message: `The ${label} must be ${entry.max} characters or fewer.`,
          });
          return z.NEVER;
        }
        return text;
      }),
    ),
    null,
  );
}

function profileInputShape() {
  return Object.fromEntries(EDITABLE_PROFILE_KEYS.map((key) => [key, profileInput(key)])) as {
    [K in EditableProfileKey]: ReturnType<typeof profileInput>;
  };
}

/** The profile entries of a contact input, set (a value) or cleared (null). */
export function profileEntriesOf(input: Record<string, unknown>): Partial<Record<LeadProfileKey, unknown>> {
  return Object.fromEntries(EDITABLE_PROFILE_KEYS.map((key) => [key, input[key] ?? null]));
}

/** A profile with a contact input's entries applied (null clears one); other entries kept. */
export function applyProfileInput(profile: LeadProfile, input: Record<string, unknown>): LeadProfile {
  const next: Record<string, unknown> = { ...profile };
  for (const [key, value] of Object.entries(profileEntriesOf(input))) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as LeadProfile;
}

const statusSchema = z.enum(CONTACT_STATUSES, { error: "Choose new, contacted, qualified, customer or lost." });
const lostReason = optionalText("the reason", LIMITS.lostReason);
const LOST_NEEDS_REASON = "Say why this lead was lost.";

/** A contact as staff type it (create by hand, or edit). */
export const contactInputSchema = z.object({
  name: requiredText("a name", LIMITS.name),
  businessName: z._default(optionalText("the business name", LIMITS.businessName), null),
  email: z.pipe(
    z
      .string({ error: INVALID_EMAIL })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, "Enter an e-mail address."),
        z.maxLength(LIMITS.email, `The e-mail address must be ${LIMITS.email} characters or fewer.`),
      ),
    z.email(INVALID_EMAIL),
  ),
  phone: z._default(optionalText("the phone number", LIMITS.phone), null),
  website: z._default(optionalText("the website", LIMITS.website), null),
  ...profileInputShape(),
});
export type ContactInput = z.output<typeof contactInputSchema>;

const lostNeedsReason = z.superRefine((value: { status?: ContactStatus; lostReason?: string | null }, ctx) => {
  if (value.status === "lost" && !value.lostReason)
    ctx.issues.push({ code: "custom", input: value.lostReason, path: ["lostReason"], message: LOST_NEEDS_REASON });
});

/** Moving a contact along the pipeline (a lost one needs a reason). */
export const statusChangeSchema = z
  .object({ status: statusSchema, lostReason: z._default(lostReason, null) })
  .check(lostNeedsReason);
export type StatusChange = z.output<typeof statusChangeSchema>;

/** Assigning an owner (a staff user's id), or none. */
export const ownerChangeSchema = z.object({
  ownerId: z.pipe(
    z.nullish(z.string({ error: "Choose a staff member." }).check(z.trim(), z.maxLength(64))),
    z.transform((v) => (v ? v : null)),
  ),
});
export type OwnerChange = z.output<typeof ownerChangeSchema>;

export const noteSchema = z.object({ body: requiredText("a note", LIMITS.note) });
export type NoteInput = z.output<typeof noteSchema>;

/** One change to many contacts at once (the list's selection). */
export const bulkChangeSchema = z
  .object({
    ids: z
      .array(z.string().check(z.maxLength(64)), { error: "Choose at least one contact." })
      .check(
        z.minLength(1, "Choose at least one contact."),
        z.maxLength(LIMITS.bulk, `Change at most ${LIMITS.bulk} contacts at once.`),
      ),
    status: z.optional(statusSchema),
    lostReason: z._default(lostReason, null),
    ownerId: z.optional(ownerChangeSchema.shape.ownerId),
  })
  .check(
    z.refine((v) => v.status !== undefined || v.ownerId !== undefined, "Say what to change: status or owner."),
    lostNeedsReason,
  );
export type BulkChange = z.output<typeof bulkChangeSchema>;

const optionalDate = (label: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((v, ctx) => {
      const value = v?.trim();
      if (!value) return undefined;
      if (!isIsoDate(value)) {
        ctx.issues.push({ code: "custom", input: v, message: `Enter the ${label} date as YYYY-MM-DD.` });
        return z.NEVER;
      }
      return value;
    }),
  );

/** The list's filters, from the query string (every value optional). */
export const contactFilterSchema = z
  .object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.search, "Search for 100 characters or fewer."))),
    status: z.optional(
      z.enum(["", ...CONTACT_STATUSES], { error: "Choose new, contacted, qualified, customer or lost." }),
    ),
    // A staff user's id, "me" is resolved by the API, "none" = unassigned.
    owner: z.optional(z.string().check(z.maxLength(64))),
    source: z.optional(z.string().check(z.maxLength(60))),
    // Proposals (decision 0043): where the contact's proposal stands; "none" = no review yet.
    proposal: z.optional(z.enum(["", "none", ...PROPOSAL_STATES], { error: "Choose a proposal state from the list." })),
    from: optionalDate("from"),
    to: optionalDate("to"),
    sort: z.catch(z.enum(Object.keys(CONTACT_SORTS) as [ContactSort, ...ContactSort[]]), "newest"),
    page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1),
  })
  .check(
    z.refine((v) => !v.from || !v.to || v.from <= v.to, {
      message: "The from date must be on or before the to date.",
      path: ["to"],
    }),
  );
export type ContactFilter = z.output<typeof contactFilterSchema>;
