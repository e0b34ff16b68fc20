import crypto from "node:crypto";
import type { ConsentEvidence } from "@common/consent";
import type { FormDefinition } from "@common/forms";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "../db";
import type { Database } from "../db/schema";

/**
 * Consent evidence (decision 0049). A submission of a form with a consent field keeps the
 * version of the consent text it showed (`consent_version`, the text's SHA-256, first 16 hex
 * characters); the text itself is stored once per version in `consent_texts` (owned here), so
 * changing the text makes a new version and old submissions keep theirs. With it: ticked or not
 * (`consent`), the time (`created_at`), the IP and user agent (`client_ip`, `user_agent`), the
 * page posted from (`page_url`) and the form's version (`form_version`, a hash of its fields).
 * Nothing writes these columns after the insert.
 */

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/** A consent text's version: its SHA-256, the first 16 hex characters. */
export function consentVersionOf(text: string): string {
  return sha256(text).slice(0, 16);
}

/**
 * The form definition's version: a hash of its fields as they apply (key, type, label, help,
 * required, options, contact mapping, in order), so any change to what the visitor saw or how
 * it was read makes a new one, whether staff saved it or the code changed a core field.
 */
export function formVersionOf(form: Pick<FormDefinition, "fields">): string {
  const fields = form.fields.map((f) => [
    f.key,
    f.type,
    f.label,
    f.help ?? null,
    f.required,
    f.options,
    f.contact ?? null,
  ]);
  return sha256(JSON.stringify(fields)).slice(0, 12);
}

/**
 * The page a public form was posted from: the Referer, when it is on the site's own origin
 * (the request's, or SITE_URL's); anything else, or none, is null.
 */
export function postedFromPage(request: Request, siteUrl: string): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const page = new URL(referer);
    const origins = [new URL(request.url).origin, new URL(siteUrl).origin];
    if (!origins.includes(page.origin)) return null;
    page.hash = "";
    return page.toString().slice(0, 500);
  } catch {
    return null;
  }
}

/**
 * The consent columns of a new submission, its consent text stored under its version if it is
 * new (in the caller's transaction). A form without a consent field has version "".
 */
export async function consentColumns(
  trx: DB,
  form: Pick<FormDefinition, "fields">,
  given: boolean,
  pageUrl: string | null | undefined,
  now: string,
) {
  const field = form.fields.find((f) => f.type === "consent");
  const version = field ? consentVersionOf(field.label) : "";
  if (field)
    await trx
      .insertInto("consent_texts")
      .values({ version, text: field.label, first_used_at: now })
      .onConflict((oc) => oc.column("version").doNothing())
      .execute();
  return {
    consent: given,
    consent_version: version,
    page_url: pageUrl ? pageUrl.slice(0, 500) : null,
    form_version: formVersionOf(form),
  };
}

/** The submission columns the evidence is read from (with its text from `consent_texts`). */
export interface ConsentRow {
  consent: number | boolean;
  consent_version: string;
  consent_text: string | null;
  created_at: string;
  client_ip: string | null;
  user_agent: string | null;
  page_url: string | null;
  form_version: string | null;
}

/** A submission's text by its version, as a column `consent_text` of a query on `submissions`. */
export function consentTextOf(eb: ExpressionBuilder<Database, "submissions">) {
  return eb
    .selectFrom("consent_texts")
    .whereRef("consent_texts.version", "=", "submissions.consent_version")
    .select("consent_texts.text")
    .as("consent_text");
}

/** The evidence of a submission row, or null when its form had no consent field. */
export function consentEvidence(row: ConsentRow): ConsentEvidence | null {
  if (!row.consent_version) return null;
  return {
    given: Boolean(row.consent),
    text: row.consent_text ?? "",
    version: row.consent_version,
    at: row.created_at,
    ip: row.client_ip,
    userAgent: row.user_agent,
    pageUrl: row.page_url,
    formVersion: row.form_version,
  };
}

/** The evidence of one submission row (its text read by its version). */
export async function evidenceOfRow(db: DB, row: Omit<ConsentRow, "consent_text">): Promise<ConsentEvidence | null> {
  if (!row.consent_version) return null;
  const text = await db
    .selectFrom("consent_texts")
    .select("text")
    .where("version", "=", row.consent_version)
    .executeTakeFirst();
  return consentEvidence({ ...row, consent_text: text?.text ?? null });
}

/** The columns `consentEvidence` reads (select them with `consentTextOf`). */
export const CONSENT_COLUMNS = [
  "submissions.consent",
  "submissions.consent_version",
  "submissions.created_at",
  "submissions.client_ip",
  "submissions.user_agent",
  "submissions.page_url",
  "submissions.form_version",
] as const;
