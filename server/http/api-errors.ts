import type { NextFunction, Request, Response } from "express";
import { ServiceError, type ActionSuccess, type ApiErrorBody, type FieldErrors } from "@common/result";
import { log } from "../logger";

/** The JSON API's one error shape: {"error":{"code","message","fields?"}}. */
export function sendApiError(res: Response, status: number, code: string, message: string, fields?: FieldErrors) {
  const body: ApiErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  res.status(status).json(body);
}

/**
 * What a state-changing API call answers on success: the same `{ ok: true, message?, data? }`
 * a route action answers, so a screen reads both alike (useResultFeedback).
 */
export function sendSuccess<T>(res: Response, result: Omit<ActionSuccess<T>, "ok">, status = 200) {
  const body: ActionSuccess<T> = { ok: true, ...result };
  res.status(status).json(body);
}

/** Turns ServiceErrors, body-parser errors and anything unexpected on /api into the JSON error shape. */
export function apiErrorHandler() {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ServiceError) {
      if (err.retryAfterSeconds) res.setHeader("Retry-After", String(err.retryAfterSeconds));
      return sendApiError(res, err.status, err.code, err.message, err.fields);
    }
    const e = err as { type?: string; status?: number };
    if (e?.type === "entity.too.large")
      return sendApiError(res, 413, "payload_too_large", "The request body is too large.");
    if (e?.type === "entity.parse.failed")
      return sendApiError(res, 400, "invalid_json", "The request body is not valid JSON.");
    if (e?.type === "encoding.unsupported" || e?.type === "charset.unsupported")
      return sendApiError(res, 415, "unsupported_encoding", "The request body encoding is not supported.");
    log.error("api error", { err });
    sendApiError(res, 500, "internal", "Something went wrong on our side. Please try again.");
  };
}

export function apiNotFound() {
  return (req: Request, res: Response) =>
    sendApiError(res, 404, "not_found", `No API endpoint at ${req.method} ${req.originalUrl.split("?")[0]}.`);
}
