/**
 * The one result shape of every staff action and JSON API, and the one error services throw.
 * Services throw `ServiceError`; `server/http/api-errors.ts` turns it into the JSON error
 * `{"error":{"code","message","fields?"}}` and `server/http/action-result.ts` into an
 * `ActionResult` for route actions. Clients read both with the same field names.
 */

/** Field name → the sentence to show beside that field. */
export type FieldErrors = Record<string, string>;

/** Every error code the JSON API answers, with its HTTP status: the one list. */
export const ERROR_STATUS = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A state-changing request with cookies that does not come from this site (CSRF guard). */
  forbidden_origin: 403,
  /** A sensitive action needs the password again (the screen asks for it and retries). */
  reauth_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class ServiceError extends Error {
  override name = "ServiceError";
  /** For "rate_limited": when to try again (sent as Retry-After). */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** What the JSON API answers on failure. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}

/** Form values as a form posts them: one string per field, a list for repeated fields (checkboxes). */
export type FormValues = Record<string, string | string[]>;

export type ActionSuccess<T = undefined> = { ok: true; message?: string; data?: T };
export type ActionFailure = {
  ok: false;
  /** A sentence about the whole form (shown in the form and as a destructive toast). */
  formError: string;
  fieldErrors?: FieldErrors;
  /** What was submitted, so a form without JavaScript can be shown again filled in. */
  values?: FormValues;
};
export type ActionResult<T = undefined> = ActionSuccess<T> | ActionFailure;

export const CHECK_FIELDS_MESSAGE = "Please correct the highlighted fields and try again.";

/** What a zod schema (classic or mini) answers to safeParse. */
export interface SchemaParser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: ParseIssues };
}
interface ParseIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** The first message per field of a failed zod parse (nested paths joined with "."). */
export function fieldErrorsOf(error: ParseIssues): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_form";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses input with a shared schema, or throws a validation ServiceError with field errors. */
export function parseInput<T>(schema: SchemaParser<T>, input: unknown, message = CHECK_FIELDS_MESSAGE): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ServiceError("validation", message, fieldErrorsOf(parsed.error));
}

/**
 * Checks input with a shared schema without throwing (a form before it sends): the parsed
 * data, or the failure a server would have answered.
 */
export function checkInput<T>(
  schema: SchemaParser<T>,
  input: unknown,
  message = CHECK_FIELDS_MESSAGE,
): { ok: true; data: T } | ActionFailure {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, formError: message, fieldErrors: fieldErrorsOf(parsed.error) };
}
