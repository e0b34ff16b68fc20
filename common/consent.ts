/**
 * Consent evidence (decision 0049): what a submission with a consent field proves about the
 * visitor's agreement. Kept by server/forms, shown on the submission and the contact, exported
 * in both CSVs, never editable.
 */
export interface ConsentEvidence {
  /** The box was ticked. */
  given: boolean;
  /** The exact consent text the form showed. */
  text: string;
  /** The text's version: its SHA-256, the first 16 hex characters. */
  version: string;
  /** When the form was posted (UTC ISO). */
  at: string;
  ip: string | null;
  userAgent: string | null;
  /** The page the form was posted from (null when the browser sent no Referer from the site). */
  pageUrl: string | null;
  /** The form definition's version (a hash of its fields; null for posts from before it was kept). */
  formVersion: string | null;
}

/** The public form's hidden input carrying the consent text version the page shows (server/forms/consent.ts). */
export const CONSENT_VERSION_FIELD = "consentVersion";

/** The evidence as CSV columns, in this order, in both exports (submissions and contacts). */
export const CONSENT_CSV_COLUMNS: Array<{ header: string; value: (e: ConsentEvidence) => string }> = [
  { header: "Consent given", value: (e) => (e.given ? "yes" : "no") },
  { header: "Consent text", value: (e) => e.text },
  { header: "Consent text version", value: (e) => e.version },
  { header: "Consent time (UTC)", value: (e) => e.at },
  { header: "Consent IP address", value: (e) => e.ip ?? "" },
  { header: "Consent user agent", value: (e) => e.userAgent ?? "" },
  { header: "Consent page", value: (e) => e.pageUrl ?? "" },
  { header: "Form version", value: (e) => e.formVersion ?? "" },
];
