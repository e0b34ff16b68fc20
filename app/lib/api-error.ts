import type { ApiErrorBody, FieldErrors } from "@common/result";

/**
 * A non-2xx answer from the JSON API. Its message keeps the spec's format, `"<status>:
 * <body text or status text>"`; it also carries the status and, when the body is the API's
 * JSON error, its code, readable message and field errors, so a screen can show them
 * beside the fields. Its own module (no TanStack Query) so light pages can recognise it.
 */
export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  readonly status: number;
  readonly code?: string;
  /** The server's readable sentence (the API error's message), else the status text. */
  readonly userMessage: string;
  readonly fields?: FieldErrors;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    const body = parseApiError(bodyText);
    this.code = body?.code;
    this.userMessage = body?.message ?? (statusText || `Request failed (${status}).`);
    this.fields = body?.fields;
  }
}

function parseApiError(text: string): ApiErrorBody["error"] | undefined {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody>;
    const error = body?.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") return error;
  } catch {
    // not JSON: the message keeps the raw text
  }
  return undefined;
}
