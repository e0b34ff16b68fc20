import * as z from "zod/mini";

/**
 * Privacy requests (decision 0050): what the admin's "Privacy requests" section sends and
 * reads. Staff look a person up by e-mail address, export what is held as one ZIP, erase
 * it, and mark the requests visitors confirmed as done.
 */

/** Days a verified request has to be answered (CCPA/CPRA: 45 days). */
export const PRIVACY_DUE_DAYS = 45;
/** How long the e-mailed confirmation link works. */
export const PRIVACY_VERIFY_HOURS = 72;

/**
 * An address with most of it hidden, as a page shows it to whoever holds a link:
 * "river.stone@example.org" → "ri•••@ex•••.org". The owner recognises it; a stranger learns
 * little (the first letters of the name and of the domain, and the domain's ending).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const name = dot > 0 ? domain.slice(0, dot) : domain;
  const ending = dot > 0 ? domain.slice(dot) : "";
  const keep = (part: string) => part.slice(0, part.length > 4 ? 2 : 1);
  return `${keep(local)}•••@${keep(name)}•••${ending}`;
}

const INVALID_EMAIL = "Enter the e-mail address the person used with us, like name@example.com.";

export const privacyEmailSchema = z.pipe(
  z
    .string({ error: INVALID_EMAIL })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, "Enter an e-mail address to look up."),
      z.maxLength(254, "The e-mail address must be 254 characters or fewer."),
    ),
  z.email(INVALID_EMAIL),
);

export const privacyLookupSchema = z.object({ email: privacyEmailSchema });

/** POST /api/admin/privacy/erase */
export const privacyEraseSchema = z.object({
  email: privacyEmailSchema,
  /** The privacy request this answers, when there is one (its id goes in the audit entry). */
  requestId: z.optional(z.nullable(z.string().check(z.maxLength(36)))),
  /** What the confirmation showed: refused when the data found has changed since. */
  expectedTotal: z.number({ error: "Look the person up again before erasing." }).check(z.int(), z.gte(0)),
});

export type PrivacyRequestKind = "access" | "delete";
export type PrivacyRequestStatus = "unverified" | "open" | "done";

export interface PrivacyRequestSummary {
  id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  /** null once the person's data was erased. */
  email: string | null;
  createdAt: string;
  verifiedAt: string | null;
  dueAt: string | null;
  doneAt: string | null;
  doneByName: string | null;
  erasedAt: string | null;
  /** Unverified only: when its confirmation link stops working. */
  linkExpiresAt: string;
}

/** GET /api/admin/privacy */
export interface PrivacyRequestsResponse {
  /** Verified and not done, soonest due first. */
  open: PrivacyRequestSummary[];
  /** Waiting for the requester to open the e-mailed link (not due yet). */
  unverified: PrivacyRequestSummary[];
  /** The 50 most recently done. */
  done: PrivacyRequestSummary[];
}

/** GET /api/admin/privacy/search?email= : everything held about one person, grouped. */
export interface PrivacySearchResponse {
  email: string;
  counts: PrivacyCounts;
  /** counts added up: the erase confirmation sends it back. */
  total: number;
  contacts: Array<{ id: string; name: string; businessName: string; status: string; createdAt: string }>;
  submissions: Array<{
    id: string;
    formId: string;
    formName: string;
    createdAt: string;
    spam: boolean;
    files: Array<{ id: string; filename: string; size: number }>;
  }>;
  notes: Array<{ id: string; kind: string; createdAt: string; body: string | null }>;
  reviews: Array<{ id: string; statementMonth: string; createdAt: string }>;
  proposals: Array<{ id: string; sentTo: string; createdAt: string; acceptedAt: string | null }>;
  audit: Array<{ id: string; action: string; createdAt: string }>;
  webhookDeliveries: Array<{ id: string; event: string; createdAt: string }>;
  requests: Array<{ id: string; kind: PrivacyRequestKind; status: PrivacyRequestStatus; createdAt: string }>;
}

export interface PrivacyCounts {
  contacts: number;
  submissions: number;
  files: number;
  /** The contacts' timeline entries (notes, status and owner changes). */
  notes: number;
  reviews: number;
  proposals: number;
  audit: number;
  webhookDeliveries: number;
  requests: number;
}

/** "1 contact, 2 submissions, 1 file": the parts that are not zero (the audit entry and the toast say it so). */
export function describeCounts(counts: Partial<PrivacyCounts>): string {
  const nouns: Record<keyof PrivacyCounts, [string, string]> = {
    contacts: ["contact", "contacts"],
    submissions: ["submission", "submissions"],
    files: ["file", "files"],
    notes: ["timeline entry", "timeline entries"],
    reviews: ["statement review", "statement reviews"],
    proposals: ["proposal", "proposals"],
    audit: ["audit entry", "audit entries"],
    webhookDeliveries: ["webhook delivery", "webhook deliveries"],
    requests: ["privacy request", "privacy requests"],
  };
  const parts = (Object.keys(nouns) as Array<keyof PrivacyCounts>)
    .filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => `${counts[k]} ${nouns[k][counts[k] === 1 ? 0 : 1]}`);
  return parts.length ? parts.join(", ") : "nothing";
}
