import { attributionOf, postedAttribution, type Attribution } from "@common/attribution";
import { formDataReader, validateAnswers, type FormDefinition } from "@common/forms";
import {
  detectStatementType,
  HONEYPOT_FIELD,
  sanitizeFilename,
  STATEMENT_TYPES,
  type StatementType,
} from "@common/lead";
import { FORM_LIMITS } from "@common/limits";
import {
  CHECK_FIELDS_MESSAGE,
  ServiceError,
  type ActionSuccess,
  type FieldErrors,
  type FormValues,
} from "@common/result";
import { getConfig } from "../config";
import type { DB } from "../db";
import { runAction } from "../http/action-result";
import type { RequestInfo } from "../http/context";
import { rateLimiter, retryMessage } from "../http/rate-limit";
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "../leads/form-token";
import { readLeadRequest, type FileRules, type LeadUpload } from "../leads/lead-request";
import { log } from "../logger";
import { kickJobs } from "../jobs/jobs";
import { storeFormSubmission, storeSpamSubmission, type SubmissionMeta, type UploadedAnswerFile } from "./submissions";

/**
 * The one pipeline every public form goes through, in the order the checks cost: rate
 * limit (a flood gets 429 and nothing is stored), body shape and size, honeypot and
 * too-fast token (both stored as spam, answered like a success, no notification), a bad
 * or expired token (400 with a fresh one), then the form's own validation and the store.
 * Every refusal is a ServiceError, answered through `runAction` (server/http/action-result.ts)
 * in the one ActionResult shape with the values typed and the token to post next.
 * `guardFormPost` is the shared front; `handleFormPost` completes it for staff-built forms
 * and `handleLeadPost` (server/leads/lead-action.ts) for the Free Analysis form.
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
export function answerPublicPost<T>(work: (echo: PostEcho) => Promise<ActionSuccess<T>>) {
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

export interface PublicFormSpec {
  definition: FormDefinition;
  /** Its file inputs (others are dropped) and where "too large" is shown. */
  files: FileRules;
  /** The submission's source ("contact", "form"). */
  source: string;
  /** The values to show again after a failure, from what was posted. */
  echo: (form: FormData) => FormValues;
}

export type Guarded =
  | { kind: "spam"; form: FormData }
  | { kind: "accepted"; form: FormData; files: Record<string, LeadUpload>; meta: SubmissionMeta };

/**
 * Rate limit, body, honeypot and token: what every public form checks before its own
 * fields. Refusals are thrown as ServiceErrors; spam is stored and reported as such.
 */
export async function guardFormPost(
  db: DB,
  request: Request,
  info: PostInfo,
  spec: PublicFormSpec,
  echo: PostEcho,
): Promise<Guarded> {
  const config = getConfig();
  const { definition } = spec;
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

  const { form, files } = await readLeadRequest(request, info.closeConnection, spec.files);
  echo.values = spec.echo(form);
  const meta: SubmissionMeta = {
    clientIp: info.clientIp,
    userAgent: request.headers.get("user-agent"),
    attribution: attributionOfPost(request, form),
  };
  const raw = (key: string) => {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    return all.length > 1 ? all : all[0];
  };

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    await storeSpamSubmission(db, definition, raw, meta, "honeypot", spec.source);
    return { kind: "spam", form };
  }

  const submittedToken = form.get("formToken");
  const token = checkFormToken(submittedToken, config.authSecret, { minAgeMs: config.contactMinSubmitMs });
  if (!token.ok && token.reason === "too-fast") {
    await storeSpamSubmission(db, definition, raw, meta, "too-fast", spec.source);
    return { kind: "spam", form };
  }
  if (!token.ok) throw new ServiceError("bad_request", token.message);
  // A valid token goes back unchanged after a field error, so correcting a field does not
  // restart the minimum time; one near its end gets a fresh one.
  if (typeof submittedToken === "string" && token.ageMs < FORM_TOKEN_MAX_AGE_MS - 60 * 60 * 1000)
    echo.keepToken = submittedToken;
  return { kind: "accepted", form, files, meta };
}

/** A post that could not be stored (logged) as the visitor's answer: try again, or call (500). */
export function storeFailed(err: unknown, info: PostInfo, what: string, message: string): ServiceError {
  log.error(`${what} could not be stored`, { err, requestId: info.requestId });
  return new ServiceError("internal", message);
}

/** A file answer's bytes checked by content: PDF, PNG or JPEG, not empty, within the size limit. */
export function checkUpload(upload: LeadUpload): { mimeType: string; type: StatementType } | { error: string } {
  if (upload.bytes.byteLength === 0) return { error: "The file is empty. Please choose the file again." };
  if (upload.bytes.byteLength > FORM_LIMITS.fileBytes)
    return { error: "Files must be 10 MB or smaller. Please attach a smaller file." };
  const type = detectStatementType(upload.bytes.subarray(0, 16));
  return type
    ? { mimeType: STATEMENT_TYPES[type].mime, type }
    : { error: "Please attach a PDF, PNG or JPEG file. This file is not one of those." };
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

/** POST /forms/<slug>: a staff-built form. */
export function handleFormPost(db: DB, request: Request, info: PostInfo, definition: FormDefinition) {
  const fileFields = definition.fields.filter((f) => f.type === "file").map((f) => f.key);
  const keys = definition.fields.filter((f) => f.type !== "file").map((f) => f.key);
  return answerPublicPost<{ name: string | null }>(async (echo) => {
    const guarded = await guardFormPost(
      db,
      request,
      info,
      { definition, files: { fields: fileFields }, source: "form", echo: (form) => echoValues(form, keys) },
      echo,
    );
    if (guarded.kind === "spam") return { ok: true, message: definition.successMessage };

    const { form, files, meta } = guarded;
    const sizes = Object.fromEntries(
      Object.entries(files).map(([key, f]) => [key, { size: f.bytes.byteLength, filename: f.filename }]),
    );
    const checked = validateAnswers(definition.fields, formDataReader(form, sizes));
    const fieldErrors: FieldErrors = checked.ok ? {} : { ...checked.fieldErrors };
    const uploads: UploadedAnswerFile[] = [];
    for (const [key, upload] of Object.entries(files)) {
      if (fieldErrors[key]) continue;
      const file = checkUpload(upload);
      if ("error" in file) fieldErrors[key] = file.error;
      else
        uploads.push({
          fieldKey: key,
          filename: sanitizeFilename(upload.filename, file.type),
          mimeType: file.mimeType,
          bytes: upload.bytes,
        });
    }
    if (!checked.ok || Object.keys(fieldErrors).length)
      throw new ServiceError("validation", CHECK_FIELDS_MESSAGE, fieldErrors);

    const stored = await storeFormSubmission(db, definition, checked.answers, uploads, meta).catch((err: unknown) => {
      throw storeFailed(
        err,
        info,
        "form submission",
        "We couldn't save your answers just now. Please try again in a minute, or call us and we'll take them by phone.",
      );
    });
    // After the commit: the staff e-mail job, committed with the submission, runs now.
    kickJobs();
    const name = checked.answers.find((a) => definition.fields.find((f) => f.key === a.key)?.contact === "name");
    return {
      ok: true,
      message: stored.filesRefused
        ? `${definition.successMessage} Your file could not be accepted today (our daily upload limit was reached); please send it again tomorrow.`
        : definition.successMessage,
      data: { name: typeof name?.value === "string" ? name.value : null },
    };
  });
}
