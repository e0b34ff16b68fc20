import { formDataReader, validateAnswers, type FormDefinition } from "@common/forms";
import { detectStatementType, HONEYPOT_FIELD, sanitizeFilename, STATEMENT_TYPES } from "@common/lead";
import { FORM_LIMITS } from "@common/limits";
import { CHECK_FIELDS_MESSAGE, type ActionResult, type FieldErrors, type FormValues } from "@common/result";
import { getConfig } from "../config";
import type { DB } from "../db";
import type { RequestInfo } from "../http/context";
import { rateLimiter, retryMessage } from "../http/rate-limit";
import { checkFormToken, FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "../leads/form-token";
import { readLeadRequest, type FileRules, type LeadUpload } from "../leads/lead-request";
import { log } from "../logger";
import { kickJobs } from "../jobs/jobs";
import {
  storeFormSubmission,
  storeSpamSubmission,
  type Attribution,
  type SubmissionMeta,
  type UploadedAnswerFile,
} from "./submissions";

/**
 * The one pipeline every public form goes through, in the order the checks cost: rate
 * limit (a flood gets 429 and nothing is stored), body shape and size, honeypot and
 * too-fast token (both stored as spam, answered like a success, no notification), a bad
 * or expired token (400 with a fresh one), then the form's own validation and the store.
 * `guardFormPost` is the shared front; `handleFormPost` completes it for staff-built forms
 * and `handleLeadPost` (server/leads/lead-action.ts) for the Free Analysis form.
 */

export const PUBLIC_FORM_RATE_WINDOW_MS = 10 * 60 * 1000;

/** Hidden inputs carrying where the visitor came from (names no field key can take). */
export const ATTRIBUTION_INPUTS = {
  landingPage: "_landing",
  referrer: "_referrer",
  utmSource: "_utm_source",
  utmMedium: "_utm_medium",
  utmCampaign: "_utm_campaign",
} as const satisfies Record<keyof Attribution, string>;

export type Guarded =
  | {
      kind: "refused";
      status: number;
      formError: string;
      fieldErrors?: FieldErrors;
      headers?: Record<string, string>;
      form?: FormData;
    }
  | { kind: "spam"; form: FormData }
  | { kind: "accepted"; form: FormData; files: Record<string, LeadUpload>; meta: SubmissionMeta; keepToken?: string };

/**
 * The hidden inputs' values for a form page, from the request that renders it: the page
 * with its query (the landing page), the Referer, and the UTM tags in the query.
 */
export function attributionFrom(request: Request): Record<(typeof ATTRIBUTION_INPUTS)[keyof Attribution], string> {
  const url = new URL(request.url);
  const q = (name: string) => (url.searchParams.get(name) ?? "").slice(0, 100);
  return {
    _landing: `${url.pathname}${url.search}`.slice(0, 500),
    _referrer: (request.headers.get("referer") ?? "").slice(0, 500),
    _utm_source: q("utm_source"),
    _utm_medium: q("utm_medium"),
    _utm_campaign: q("utm_campaign"),
  };
}

function attributionOf(form: FormData): Attribution {
  const read = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" && v.trim() ? v.trim() : null;
  };
  return {
    landingPage: read(ATTRIBUTION_INPUTS.landingPage),
    referrer: read(ATTRIBUTION_INPUTS.referrer),
    utmSource: read(ATTRIBUTION_INPUTS.utmSource),
    utmMedium: read(ATTRIBUTION_INPUTS.utmMedium),
    utmCampaign: read(ATTRIBUTION_INPUTS.utmCampaign),
  };
}

/** Rate limit, body, honeypot and token: what every public form checks before its own fields. */
export async function guardFormPost(
  db: DB,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "requestId" | "closeConnection">,
  definition: FormDefinition,
  rules: FileRules,
  source: string,
): Promise<Guarded> {
  const config = getConfig();
  const limit = await rateLimiter.hitAddress(
    { name: "contact-form", limit: config.contactRateLimit, windowMs: PUBLIC_FORM_RATE_WINDOW_MS },
    info.clientIp,
  );
  if (!limit.allowed) {
    log.warn("public form rate limited", { form: definition.slug, clientIp: info.clientIp, requestId: info.requestId });
    return {
      kind: "refused",
      status: 429,
      formError: `${retryMessage(limit.retryAfterSeconds, "requests from your connection")} Or call us: we're happy to take your details by phone.`,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }

  const body = await readLeadRequest(request, info.closeConnection, rules);
  if (!body.ok) return { kind: "refused", status: body.status, formError: body.message, fieldErrors: body.fieldErrors };
  const { form } = body;
  const meta: SubmissionMeta = {
    clientIp: info.clientIp,
    userAgent: request.headers.get("user-agent"),
    attribution: attributionOf(form),
  };
  const raw = (key: string) => {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    return all.length > 1 ? all : all[0];
  };

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    await storeSpamSubmission(db, definition, raw, meta, "honeypot", source);
    return { kind: "spam", form };
  }

  const submittedToken = form.get("formToken");
  const token = checkFormToken(submittedToken, config.authSecret, { minAgeMs: config.contactMinSubmitMs });
  if (!token.ok && token.reason === "too-fast") {
    await storeSpamSubmission(db, definition, raw, meta, "too-fast", source);
    return { kind: "spam", form };
  }
  if (!token.ok) return { kind: "refused", status: 400, formError: token.message, form };
  // A valid token goes back unchanged after a field error, so correcting a field does not
  // restart the minimum time; anything else gets a fresh one.
  const keepToken =
    typeof submittedToken === "string" && token.ageMs < FORM_TOKEN_MAX_AGE_MS - 60 * 60 * 1000
      ? submittedToken
      : undefined;
  return { kind: "accepted", form, files: body.files, meta, keepToken };
}

/** A file answer's bytes checked by content: PDF, PNG or JPEG, not empty, within the size limit. */
export function checkUpload(upload: LeadUpload): { mimeType: string } | { error: string } {
  if (upload.bytes.byteLength === 0) return { error: "The file is empty. Please choose the file again." };
  if (upload.bytes.byteLength > FORM_LIMITS.fileBytes)
    return { error: "Files must be 10 MB or smaller. Please attach a smaller file." };
  const type = detectStatementType(upload.bytes.subarray(0, 16));
  return type
    ? { mimeType: STATEMENT_TYPES[type].mime }
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

export interface PostResult<T> {
  status: number;
  body: T;
  headers?: Record<string, string>;
}

export type FormPostResult = PostResult<ActionResult<{ name: string | null }>>;

/** POST /forms/<slug>: a staff-built form. */
export async function handleFormPost(
  db: DB,
  request: Request,
  info: Pick<RequestInfo, "clientIp" | "requestId" | "closeConnection">,
  definition: FormDefinition,
): Promise<FormPostResult> {
  const config = getConfig();
  const fileFields = definition.fields.filter((f) => f.type === "file").map((f) => f.key);
  const keys = definition.fields.filter((f) => f.type !== "file").map((f) => f.key);
  const guarded = await guardFormPost(db, request, info, definition, { fields: fileFields }, "form");
  const fail = (
    status: number,
    formError: string,
    extra: { fieldErrors?: FieldErrors; form?: FormData; token?: string; headers?: Record<string, string> } = {},
  ): FormPostResult => ({
    status,
    body: {
      ok: false,
      formError,
      fieldErrors: extra.fieldErrors,
      values: {
        ...(extra.form ? echoValues(extra.form, keys) : {}),
        formToken: extra.token ?? issueFormToken(config.authSecret),
      },
    },
    headers: extra.headers,
  });
  if (guarded.kind === "refused")
    return fail(guarded.status, guarded.formError, {
      fieldErrors: guarded.fieldErrors,
      form: guarded.form,
      headers: guarded.headers,
    });
  if (guarded.kind === "spam") return { status: 200, body: { ok: true, message: definition.successMessage } };

  const { form, files, meta, keepToken } = guarded;
  const sizes = Object.fromEntries(
    Object.entries(files).map(([key, f]) => [key, { size: f.bytes.byteLength, filename: f.filename }]),
  );
  const checked = validateAnswers(definition.fields, formDataReader(form, sizes));
  const fieldErrors: FieldErrors = checked.ok ? {} : { ...checked.fieldErrors };
  const uploads: UploadedAnswerFile[] = [];
  for (const [key, upload] of Object.entries(files)) {
    if (fieldErrors[key]) continue;
    const file = checkUpload(upload);
    if ("error" in file) fieldErrors[key] = `${file.error}`;
    else
      uploads.push({
        fieldKey: key,
        filename: sanitizeFilename(upload.filename),
        mimeType: file.mimeType,
        bytes: upload.bytes,
      });
  }
  if (!checked.ok || Object.keys(fieldErrors).length)
    return fail(400, CHECK_FIELDS_MESSAGE, { fieldErrors, form, token: keepToken });

  try {
    const stored = await storeFormSubmission(db, definition, checked.answers, uploads, meta);
    // After the commit: the staff e-mail job, committed with the submission, runs now.
    kickJobs();
    const name = checked.answers.find((a) => definition.fields.find((f) => f.key === a.key)?.contact === "name");
    return {
      status: 200,
      body: {
        ok: true,
        message: stored.filesRefused
          ? `${definition.successMessage} Your file could not be accepted today (our daily upload limit was reached); please send it again tomorrow.`
          : definition.successMessage,
        data: { name: typeof name?.value === "string" ? name.value : null },
      },
    };
  } catch (err) {
    log.error("form submission could not be stored", { err, form: definition.slug, requestId: info.requestId });
    return fail(
      500,
      "We couldn't save your answers just now. Please try again in a minute, or call us and we'll take them by phone.",
      { form, token: keepToken },
    );
  }
}
