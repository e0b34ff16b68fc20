import crypto from "node:crypto";
import type { ConsentEvidence } from "@common/consent";
import type { FormDefinition } from "@common/forms";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "../db";
import type { Database } from "../db/schema";
import { log } from "../logger";
import { FORM_TOKEN_MAX_AGE_MS } from "./form-token";

/**
 * Consent evidence (decision 0049). A submission of a form with a consent field keeps the
 * version of the consent text it showed (`consent_version`, the text's SHA-256, first 16 hex
 * characters); the text itself is stored once per version in `consent_texts` (owned here), so
 * changing the text makes a new version and old submissions keep theirs. With it: ticked or not
 * (`consent`), the time (`created_at`), the IP and user agent (`client_ip`, `user_agent`), the
 * page posted from (`page_url`) and the form's version (`form_version`, a hash of its fields).
 * Nothing writes these columns after the insert.
 *
 * The text is on record before anyone sees it: a definition with a consent field records its
 * version when it is created, saved or seeded (`recordConsentShown`, also in
 * `form_consent_texts`: which form showed which version, when). The page renders the version it
 * shows as the hidden field `consentVersion`; a post is recorded with it when its form showed
 * that version until lately, else with the current one (an open tab from before staff changed
 * the text keeps the text it showed; a forged version proves nothing).
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

/** The consent field's text and version ("" when the form has none), as the page shows it. */
export function consentShown(form: Pick<FormDefinition, "fields">): { text: string; version: string } | null {
  const field = form.fields.find((f) => f.type === "consent");
  return field ? { text: field.label, version: consentVersionOf(field.label) } : null;
}

const storeText = (trx: DB, shown: { text: string; version: string }, now: string) =>
  trx
    .insertInto("consent_texts")
    .values({ version: shown.version, text: shown.text, first_used_at: now })
    .onConflict((oc) => oc.column("version").doNothing())
    .execute();

/**
 * Records the consent text a form shows from now on (in the caller's transaction): the text
 * under its version, the form showing it, and the form's other versions replaced now. Called
 * when a definition is created, saved or seeded; idempotent while the text is unchanged.
 */
export async function recordConsentShown(trx: DB, form: Pick<FormDefinition, "id" | "fields">, now: string) {
  const shown = consentShown(form);
  let stale = trx
    .updateTable("form_consent_texts")
    .set({ replaced_at: now })
    .where("form_id", "=", form.id)
    .where("replaced_at", "is", null);
  if (shown) {
    await storeText(trx, shown, now);
    await trx
      .insertInto("form_consent_texts")
      .values({ form_id: form.id, version: shown.version, first_shown_at: now, replaced_at: null })
      .onConflict((oc) => oc.columns(["form_id", "version"]).doUpdateSet({ replaced_at: null }))
      .execute();
    stale = stale.where("version", "!=", shown.version);
  }
  await stale.execute();
}

/**
 * The version a post is recorded with: the one its page showed (`posted`) when its form showed
 * it until less than a form token's life ago (a page older than that cannot be posted), else the
 * form's current one. A version the form never showed is logged and not recorded.
 */
async function versionOfPost(
  trx: DB,
  form: Pick<FormDefinition, "id" | "slug">,
  current: string,
  posted: string | null | undefined,
  now: string,
): Promise<string> {
  if (!posted || posted === current) return current;
  const since = new Date(Date.parse(now) - FORM_TOKEN_MAX_AGE_MS).toISOString();
  const shown = /^[0-9a-f]{16}$/.test(posted)
    ? await trx
        .selectFrom("form_consent_texts")
        .innerJoin("consent_texts", "consent_texts.version", "form_consent_texts.version")
        .select("form_consent_texts.version")
        .where("form_consent_texts.form_id", "=", form.id)
        .where("form_consent_texts.version", "=", posted)
        .where((eb) => eb.or([eb("replaced_at", "is", null), eb("replaced_at", ">=", since)]))
        .executeTakeFirst()
    : undefined;
  if (shown) return shown.version;
  log.warn("posted consent version not shown by its form lately: the current text recorded", {
    form: form.slug,
    posted: posted.slice(0, 40),
    recorded: current,
  });
  return current;
}

/**
 * The consent columns of a new submission (in the caller's transaction): the version its page
 * showed (`postedVersion`, see versionOfPost), the current text stored under its version if it
 * is new. A form without a consent field has version "".
 */
export async function consentColumns(
  trx: DB,
  form: Pick<FormDefinition, "id" | "slug" | "fields">,
  given: boolean,
  posted: { pageUrl?: string | null; consentVersion?: string | null },
  now: string,
) {
  const shown = consentShown(form);
  if (shown) await storeText(trx, shown, now);
  return {
    consent: given,
    consent_version: shown ? await versionOfPost(trx, form, shown.version, posted.consentVersion, now) : "",
    page_url: posted.pageUrl ? posted.pageUrl.slice(0, 500) : null,
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
