import type { NextFunction, Request, Response } from "express";
import {
  ERROR_STATUS,
  ServiceError,
  type ActionSuccess,
  type ApiErrorBody,
  type ErrorCode,
  type FieldErrors,
} from "@common/result";
import { log } from "../logger";

/** The JSON API's one error shape: {"error":{"code","message","fields?"}}, with the code's status. */
export function sendApiError(res: Response, code: ErrorCode, message: string, fields?: FieldErrors) {
  const body: ApiErrorBody = { error: fields ? { code, message, fields } : { code, message } };
  res.status(ERROR_STATUS[code]).json(body);
}

/**
 * What a state-changing API call answers on success: the same `{ ok: true, message?, data? }`
 * a route action answers, so a screen reads both alike (useResultFeedback).
 */
export function sendSuccess<T>(res: Response, result: Omit<ActionSuccess<T>, "ok">, status = 200) {
  const body: ActionSuccess<T> = { ok: true, ...result };
  res.status(status).json(body);
}

/** Turns ServiceErrors (body refusals from server/http/body.ts among them) and anything unexpected on /api into the JSON error shape. */
export function apiErrorHandler() {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ServiceError) {
      if (err.retryAfterSeconds) res.setHeader("Retry-After", String(err.retryAfterSeconds));
      return sendApiError(res, err.code, err.message, err.fields);
    }
    const requestId = String(res.locals.requestId ?? "");
    log.error("api error", { err, requestId });
    sendApiError(
      res,
      "internal",
      `Something went wrong on our side. Please try again.${requestId ? ` (Request id ${requestId}.)` : ""}`,
    );
  };
}

export function apiNotFound() {
  return (req: Request, res: Response) =>
    sendApiError(res, "not_found", `No API endpoint at ${req.method} ${req.originalUrl.split("?")[0]}.`);
}
