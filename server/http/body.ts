import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { data, type RouterContextProvider } from "react-router";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { ServiceError } from "@common/result";
import { requestInfoContext } from "./context";

/**
 * The one way the server reads a request body, in route actions (`readForm`, `actionForm`)
 * and in the JSON API (`jsonBody`). Every reader refuses, before any parsing and before any
 * expensive work:
 *   - a body over its limit, by Content-Length and by counting the bytes as they stream → 413
 *     (the rest of the body is never read: the connection is closed after the answer);
 *   - a content type it does not take → 415;
 *   - a body it cannot parse (broken multipart, invalid JSON or UTF-8, NUL characters, too
 *     deep) → 400;
 * each with a sentence a person can act on. Route actions show it on the error page; the
 * API answers the JSON error shape (server/http/api-errors.ts). A connection whose body was
 * not read to its end is closed after the answer by server/http/linger.ts.
 */

/** Every form and JSON body except those that say otherwise (the Free Analysis upload, admin JSON). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** The admin JSON API's bodies (server/app/admin-api.ts) and the unsaved preview: an article's body may be 200,000 characters. */
export const ADMIN_JSON_LIMIT = 1024 * 1024;
/** JSON nesting deeper than this is refused (no API takes more than a few levels). */
export const MAX_JSON_DEPTH = 32;
const MAX_FORM_PARTS = 64;
const MAX_PART_HEADER_BYTES = 4 * 1024;

export type BodyErrorCode = "payload_too_large" | "unsupported_media_type" | "bad_request";

/** A body refused before it reached the route's own rules. */
export class BodyError extends ServiceError {
  override name = "BodyError";
  constructor(code: BodyErrorCode, message: string) {
    super(code, message);
  }
}

export const BODY_MESSAGES = {
  tooLarge: (limit: number) =>
    `The request is larger than this page accepts (${formatBytes(limit)}). Please shorten what you entered and send it again.`,
  formType:
    "This page accepts only what its form sends (form data). Please use the form on the page and send it again.",
  jsonType: "This API accepts only JSON bodies (Content-Type: application/json).",
  malformedForm: "We couldn't read the form that was sent. Please reload the page and send it again.",
  malformedJson: "The request body is not valid JSON.",
  encoding:
    "Some of the text could not be read (it was not valid UTF-8). Please check what you typed and send it again.",
  nul: "The request contains a NUL character, which no field accepts. Please check what you typed and send it again.",
  tooDeep: `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
  tooManyFields: "The form had more fields than we expect. Please reload the page and send it again.",
  noFiles: "This form does not take files. Please remove the attachment and send it again.",
  oneFile: "Please attach one file only.",
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A Content-Length header as a number of bytes, or undefined when absent or not a plain number. */
export function declaredLength(value: string | null | undefined): number | undefined {
  if (value == null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

function tooLarge(limit: number): BodyError {
  return new BodyError("payload_too_large", BODY_MESSAGES.tooLarge(limit));
}

/**
 * The whole body of a fetch Request, at most `limit` bytes. Refuses by Content-Length before
 * reading, and stops reading (without draining the rest) as soon as the count passes the limit.
 * The stream is left unread, not cancelled: cancelling would destroy the socket before our
 * answer is written.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw tooLarge(limit);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return concat(chunks, total);
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BodyError("bad_request", BODY_MESSAGES.encoding);
  }
}

function checkText(value: string): void {
  if (value.includes("\0")) throw new BodyError("bad_request", BODY_MESSAGES.nul);
  // Percent-encoded bytes that are not UTF-8 decode to U+FFFD: refuse them like raw ones.
  if (value.includes("\uFFFD")) throw new BodyError("bad_request", BODY_MESSAGES.encoding);
}

export interface FormFiles {
  /** Most files the form takes (default 1). */
  maxFiles?: number;
  maxFileSize: number;
  /** Receives each file; return nothing (files are handed over, not kept in the FormData). */
  onFile: (file: FileUpload) => Promise<void>;
}

export interface ReadFormOptions {
  /** Largest body in bytes (default DEFAULT_BODY_LIMIT). */
  limit?: number;
  /** Files the form takes; without this, a form with a file is refused. */
  files?: FormFiles;
}

/**
 * A form body (application/x-www-form-urlencoded or multipart/form-data) as FormData, or a
 * BodyError. An empty body without a content type reads as an empty form (the route's own
 * validation then says what is missing).
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const limit = options.limit ?? DEFAULT_BODY_LIMIT;
  const type = mediaType(request.headers.get("content-type"));
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    if (!type && declared === 0) return new FormData();
    throw new BodyError("unsupported_media_type", BODY_MESSAGES.formType);
  }
  const bytes = await readBodyBytes(request, limit);
  if (type === "application/x-www-form-urlencoded") {
    const form = new FormData();
    for (const [key, value] of new URLSearchParams(decodeUtf8(bytes))) {
      checkText(key);
      checkText(value);
      form.append(key, value);
    }
    return form;
  }
  return readMultipart(request, bytes, limit, options.files);
}

async function readMultipart(request: Request, bytes: Uint8Array, limit: number, files?: FormFiles) {
  const buffered = new Request(request.url, {
    method: "POST",
    headers: { "content-type": request.headers.get("content-type")! },
    body: bytes as BodyInit,
  });
  let form: FormData;
  try {
    form = await parseFormData(
      buffered,
      {
        maxFiles: files ? (files.maxFiles ?? 1) : 0,
        maxFileSize: files?.maxFileSize ?? limit,
        maxParts: MAX_FORM_PARTS,
        maxHeaderSize: MAX_PART_HEADER_BYTES,
        maxTotalSize: limit,
      },
      async (file) => {
        if (file.size === 0 && !file.name) return null; // the empty file input browsers always send
        if (!files) throw new MaxFilesExceededError(0);
        await files.onFile(file);
        return null;
      },
    );
  } catch (error) {
    throw classifyMultipart(error, limit, Boolean(files));
  }
  for (const [key, value] of form) {
    checkText(key);
    if (typeof value === "string") checkText(value);
  }
  return form;
}

function classifyMultipart(error: unknown, limit: number, takesFiles: boolean): unknown {
  if (error instanceof BodyError) return error;
  if (error instanceof MaxTotalSizeExceededError) return tooLarge(limit);
  if (error instanceof MaxFileSizeExceededError) return error; // the caller words this one (its field)
  if (error instanceof MaxFilesExceededError)
    return new BodyError("bad_request", !takesFiles ? BODY_MESSAGES.noFiles : BODY_MESSAGES.oneFile);
  if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError)
    return new BodyError("bad_request", BODY_MESSAGES.tooManyFields);
  const cause = error instanceof FormDataParseError ? error.cause : error;
  if (cause instanceof TypeError && (cause as { code?: string }).code === "ERR_ENCODING_INVALID_ENCODED_DATA")
    return new BodyError("bad_request", BODY_MESSAGES.encoding);
  if (error instanceof FormDataParseError || (error instanceof Error && error.name === "MultipartParseError"))
    return new BodyError("bad_request", BODY_MESSAGES.malformedForm);
  // A TypeError from the multipart reader (e.g. no boundary) is a malformed body too.
  if (error instanceof TypeError) return new BodyError("bad_request", BODY_MESSAGES.malformedForm);
  return error;
}

/**
 * For route actions: the form, or the error page with the refusal's status and sentence
 * (a thrown `data(message, { status })`, which the route's ErrorBoundary shows). A refused
 * body closes the connection after the answer, so the unread rest is never received.
 */
export async function actionForm(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  options: ReadFormOptions = {},
): Promise<FormData> {
  try {
    return await readForm(args.request, options);
  } catch (err) {
    if (err instanceof BodyError) {
      args.context.get(requestInfoContext).closeConnection?.();
      throw data(err.message, { status: err.status });
    }
    throw err;
  }
}

/** Checks a parsed JSON value: no NUL in any string or key, at most MAX_JSON_DEPTH levels. */
export function checkJsonValue(value: unknown): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\0")) throw new BodyError("bad_request", BODY_MESSAGES.nul);
    } else if (v && typeof v === "object") {
      if (depth >= MAX_JSON_DEPTH) throw new BodyError("bad_request", BODY_MESSAGES.tooDeep);
      for (const [key, child] of Object.entries(v)) {
        if (key.includes("\0")) throw new BodyError("bad_request", BODY_MESSAGES.nul);
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
}

/** A JSON text (bytes) parsed and checked, or a BodyError. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError("bad_request", BODY_MESSAGES.malformedJson);
  }
  checkJsonValue(value);
  return value;
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);

/** Whether a Node request carries a body (a positive Content-Length, or a chunked one). */
export function hasBody(req: ExpressRequest): boolean {
  const declared = declaredLength(req.headers["content-length"]);
  if (declared !== undefined) return declared > 0;
  return req.headers["transfer-encoding"] !== undefined;
}

/** Reads a Node request's body, at most `limit` bytes; refuses by Content-Length first. */
export function readNodeBody(req: ExpressRequest, limit: number): Promise<Uint8Array> {
  const declared = declaredLength(req.headers["content-length"]);
  if (declared !== undefined && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        cleanup();
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(concat(chunks, total));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(new BodyError("bad_request", `The request body could not be read (${err.message}).`));
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * Express middleware for JSON APIs: `req.body` is the parsed, checked JSON object of a
 * request that has a body (`{}` when it has none). A body that is not JSON answers 415; a
 * refused body closes the connection after the answer. Errors go to the API error handler.
 */
export function jsonBody(options: { limit?: number } = {}) {
  const limit = options.limit ?? DEFAULT_BODY_LIMIT;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    req.body = {};
    if (BODYLESS.has(req.method) && !hasBody(req)) return next();
    if (!hasBody(req)) return next();
    try {
      const type = mediaType(req.headers["content-type"]);
      if (type !== "application/json" && !type.endsWith("+json"))
        throw new BodyError("unsupported_media_type", BODY_MESSAGES.jsonType);
      const bytes = await readNodeBody(req, limit);
      req.body = bytes.byteLength ? parseJsonBytes(bytes) : {};
      next();
    } catch (err) {
      if (err instanceof BodyError) res.setHeader("Connection", "close");
      next(err);
    }
  };
}

/** Refuses, with the API error shape, any body on paths that take none or little (e.g. /api/auth). */
export function refuseLargeBodies(limit: number) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const declared = declaredLength(req.headers["content-length"]);
    if (declared !== undefined && declared > limit) {
      res.setHeader("Connection", "close");
      return next(tooLarge(limit));
    }
    next();
  };
}
