import { attributionOf, postedAttribution, type Attribution } from "@common/attribution";
import { CONSENT_VERSION_FIELD } from "@common/consent";
import { FREE_ANALYSIS_SYSTEM_KEY, type FormDefinition, type PublicFormSent } from "@common/forms";
import { FORM_PROOF_FIELD } from "@common/form-proof";
import { HONEYPOT_FIELD } from "@common/lead";
import { FORM_LIMITS } from "@common/limits";
import { CHECK_FIELDS_MESSAGE, ServiceError, type ActionSuccess, type FormValues } from "@common/result";
import { getConfig } from "../config";
import type { DB } from "../db";
import { runAction } from "../http/action-result";
import type { RequestInfo } from "../http/context";
import { rateLimiter, retryMessage } from "../http/rate-limit";
import { checkSolution } from "../form-proof/challenge";
import { useProof } from "../form-proof/used";
import { kickJobs } from "../jobs/jobs";
import { log } from "../logger";
import { answerChecks, type FormChecks } from "./checks";
import { postedFromPage } from "./consent";
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "./form-token";
import { freeAnalysisChecks } from "./free-analysis";
import { readPublicFormBody, type Upload } from "./public-body";
import { storeSpamSubmission, storeSubmission, type SpamReason, type SubmissionMeta } from "./submissions";

/**
 * The one pipeline every public form goes through (/contact and /forms/<slug>), in the order
 * the checks cost: rate limit (a flood gets 429 and nothing is stored), body shape and size,
 * honeypot and too-fast token (both stored as spam, answered like a success, no
 * notification), a bad or expired token (400 with a fresh one), then the form's checks
 * (server/forms/checks.ts; the Free Analysis form's in free-analysis.ts), the proof of work
 * (decision 0051: a post without a good one is held as spam, answered like a success) and the
 * store.
 * Every refusal is a ServiceError, answered through `runAction` (server/http/action-result.ts)
 * in the one ActionResult shape with the values typed and the token to post next.
 */

export const PUBLIC_FORM_RATE_WINDOW_MS = 10 * 60 * 1000;

export type PostInfo = Pick<RequestInfo, "clientIp" | "requestId" | "closeConnection">;

/** What a failed post shows again: the values typed, and a token the next post may carry. */
export interface PostEcho {
  values?: FormValues;
  /** The posted token when it was valid: correcting a field does not restart the minimum time. */
  keepToken?: string;
}

/**
 * Runs a public form post and answers it in the one result shape: the work's success, or
 * its ServiceError as `{ ok: false, formError, fieldErrors, values }` with the error's status
 * (and Retry-After), the values carrying the token to post next.
 */
function answerPublicPost<T>(work: (echo: PostEcho) => Promise<ActionSuccess<T>>) {
  const echo: PostEcho = {};
  return runAction<T>(() => work(echo), {
    values: () => ({ ...echo.values, formToken: echo.keepToken ?? issueFormToken(getConfig().authSecret) }),
  });
}

/**
 * Where the visitor came from: the hidden inputs the browser filled in (the visit's first
 * page), or, for a form posted without JavaScript, the form page's own URL from the post's
 * Referer (its UTM tags; the site that sent the visitor is not known then).
 */
export function attributionOfPost(request: Request, form: FormData): Attribution | undefined {
  const posted = postedAttribution(form);
  if (posted) return posted;
  const referer = request.headers.get("referer");
  if (!referer) return undefined;
  try {
    const page = new URL(referer);
    return page.host === new URL(request.url).host ? attributionOf(page, null) : undefined;
  } catch {
    return undefined;
  }
}

export type Guarded =
  | { kind: "spam"; form: FormData; reference: string | null }
  | { kind: "accepted"; form: FormData; files: Record<string, Upload>; meta: SubmissionMeta };

/** A posted value as sent: one string, several (a list), or none. */
type RawAnswer = (key: string) => string | string[] | undefined;

/** The checks of a form: its own definition's, the Free Analysis form's for that one. */
export function formChecks(definition: FormDefinition): FormChecks {
  return definition.systemKey === FREE_ANALYSIS_SYSTEM_KEY ? freeAnalysisChecks(definition) : answerChecks(definition);
}

/**
 * Rate limit, body, honeypot and token: what every public form checks before its own
 * fields. Refusals are thrown as ServiceErrors; spam is stored and reported as such.
 */
async function guardFormPost(
  db: DB,
  request: Request,
  info: PostInfo,
  definition: FormDefinition,
  checks: FormChecks,
  echo: PostEcho,
): Promise<Guarded> {
  const config = getConfig();
  const limit = await rateLimiter.hitAddress(
    { name: "contact-form", limit: config.contactRateLimit, windowMs: PUBLIC_FORM_RATE_WINDOW_MS },
    info.clientIp,
  );
  if (!limit.allowed) {
    log.warn("public form rate limited", { form: definition.slug, clientIp: info.clientIp, requestId: info.requestId });
    throw new ServiceError(
      "rate_limited",
      `${retryMessage(limit.retryAfterSeconds, "requests from your connection")} Or call us: we're happy to take your details by phone.`,
      undefined,
      { retryAfterSeconds: limit.retryAfterSeconds },
    );
  }

  const { form, files } = await readPublicFormBody(request, checks.files, info.closeConnection);
  echo.values = echoValues(
    form,
    definition.fields.filter((f) => f.type !== "file").map((f) => f.key),
  );
  const meta: SubmissionMeta = {
    clientIp: info.clientIp,
    userAgent: request.headers.get("user-agent"),
    attribution: attributionOfPost(request, form),
    pageUrl: postedFromPage(request, config.siteUrl),
    consentVersion: String(form.get(CONSENT_VERSION_FIELD) ?? "").slice(0, 40) || null,
  };
  const raw: RawAnswer = (key) => {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    return all.length > 1 ? all : all[0];
  };

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    const id = await storeSpamSubmission(db, definition, raw, meta, "honeypot", checks.spamSource);
    return { kind: "spam", form, reference: await referenceOf(db, id) };
  }

  const submittedToken = form.get("formToken");
  const token = checkFormToken(submittedToken, config.authSecret, { minAgeMs: config.contactMinSubmitMs });
  if (!token.ok && token.reason === "too-fast") {
    const id = await storeSpamSubmission(db, definition, raw, meta, "too-fast", checks.spamSource);
    return { kind: "spam", form, reference: await referenceOf(db, id) };
  }
  if (!token.ok) throw new ServiceError("bad_request", token.message);
  // A valid token goes back unchanged after a field error, so correcting a field does not
  // restart the minimum time; one near its end gets a fresh one.
  if (typeof submittedToken === "string" && token.ageMs < FORM_TOKEN_MAX_AGE_MS - 60 * 60 * 1000)
    echo.keepToken = submittedToken;
  return { kind: "accepted", form, files, meta };
}

/** A held post's reference: the answer looks like any other, so a bot learns nothing. */
async function referenceOf(db: DB, submissionId: string): Promise<string | null> {
  const row = await db.selectFrom("submissions").select("reference").where("id", "=", submissionId).executeTakeFirst();
  return row?.reference ?? null;
}

/** Form values to put back into the inputs after an error (cut so a huge field is not echoed back). */
export function echoValues(form: FormData, keys: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const key of keys) {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    if (all.length > 1) values[key] = all.slice(0, FORM_LIMITS.options).map((v) => v.slice(0, 500));
    else if (all.length === 1) values[key] = all[0]!.slice(0, FORM_LIMITS.answerLongText);
  }
  return values;
}

/**
 * The post's proof of work (decision 0051), once its fields have passed (so a visitor without
 * JavaScript still sees their typos): null when it is good, used now and never before on any
 * instance; otherwise why it is not (no solution, a wrong, expired or already used one).
 */
async function proofProblem(db: DB, form: FormData): Promise<SpamReason | null> {
  const proof = checkSolution(form.get(FORM_PROOF_FIELD), getConfig().authSecret);
  if (!proof.ok) return proof.reason;
  return (await useProof(db, proof)) ? null : "proof-reused";
}

/** The posted value of the field that feeds the contact's name (the thank-you greets them by it). */
function postedName(definition: FormDefinition, form: FormData): string | null {
  const field = definition.fields.find((f) => f.contact === "name");
  const value = field ? form.get(field.key) : null;
  return (typeof value === "string" && value.trim().slice(0, 200)) || null;
}

/**
 * POST /contact and POST /forms/<slug>: a public form's post through the guard, the form's
 * checks and the store, answered in the one result shape. The answer names the visitor and
 * the file fields whose files were stored or refused (the daily upload limit).
 */
export function handlePublicFormPost(db: DB, request: Request, info: PostInfo, definition: FormDefinition) {
  const checks = formChecks(definition);
  return answerPublicPost<PublicFormSent>(async (echo) => {
    const guarded = await guardFormPost(db, request, info, definition, checks, echo);
    // Held for staff in the spam tab; answered like a success (with its reference) so a bot learns nothing.
    const heldAsSpam = (reference: string | null) => ({
      ok: true as const,
      message: definition.successMessage,
      data: { name: postedName(definition, guarded.form), reference, filesStored: [], filesRefused: [] },
    });
    if (guarded.kind === "spam") return heldAsSpam(guarded.reference);
    const checked = checks.check(guarded.form, guarded.files);
    if (!checked.ok) throw new ServiceError("validation", CHECK_FIELDS_MESSAGE, checked.fieldErrors);
    const problem = await proofProblem(db, guarded.form);
    if (problem) {
      // Kept whole, its files too, for staff to review: a visitor without JavaScript is no bot.
      const held = await storeSubmission(db, definition, checked.post, guarded.meta, { heldAs: problem });
      return heldAsSpam(held.reference);
    }

    const stored = await storeSubmission(db, definition, checked.post, guarded.meta).catch((err: unknown) => {
      log.error("form submission could not be stored", { err, requestId: info.requestId, form: definition.slug });
      throw new ServiceError(
        "internal",
        "We couldn't save your request just now. Please try again in a minute, or call us and we'll take your details by phone.",
      );
    });
    // After the commit: the staff e-mail job, committed with the submission, runs now; the
    // visitor's answer does not wait for the mail server.
    kickJobs();
    const name = checked.post.answers.find((a) => definition.fields.find((f) => f.key === a.key)?.contact === "name");
    return {
      ok: true,
      message: stored.filesRefused.length
        ? `${definition.successMessage} Your file could not be accepted today (our daily upload limit was reached); please send it again tomorrow.`
        : definition.successMessage,
      data: {
        name: typeof name?.value === "string" ? name.value : null,
        reference: stored.reference,
        filesStored: stored.filesStored,
        filesRefused: stored.filesRefused,
      },
    };
  });
}
