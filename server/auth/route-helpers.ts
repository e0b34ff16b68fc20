import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../http/context";
import { rateLimiter, retryMessage } from "../http/rate-limit";
import { getConfig } from "../config";
import type { AuthSession } from "./auth";
import type { Actor } from "../users/users";

/** Set-Cookie headers from a better-auth call, to return from a loader or action. */
export function cookieHeaders(from: Headers | undefined): Headers {
  const out = new Headers();
  for (const cookie of from?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}

export function actorOf(
  session: AuthSession,
  args: { request: Request; context: Readonly<RouterContextProvider> },
): Actor {
  return {
    id: session.user.id,
    email: session.user.email,
    ip: args.context.get(requestInfoContext).clientIp,
    userAgent: args.request.headers.get("user-agent"),
  };
}

export function requestMetaOf(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  return { ip: args.context.get(requestInfoContext).clientIp, userAgent: args.request.headers.get("user-agent") };
}

export type AuthRateRule = "sign-in" | "two-factor" | "password-reset";

/**
 * Per-IP limit for the auth forms (sign-in, 2FA codes, reset requests). Returns null when
 * allowed; otherwise the sentence to show and the headers (Retry-After) for a 429.
 */
export function authRateLimited(
  args: { context: Readonly<RouterContextProvider> },
  rule: AuthRateRule,
): { message: string; headers: HeadersInit } | null {
  const { rateLimitMax, rateLimitWindowSeconds } = getConfig().auth;
  const ip = args.context.get(requestInfoContext).clientIp;
  const result = rateLimiter.hit(
    { name: `auth-${rule}`, limit: rateLimitMax, windowMs: rateLimitWindowSeconds * 1000 },
    ip,
  );
  if (result.allowed) return null;
  return {
    message: retryMessage(result.retryAfterSeconds, "attempts"),
    headers: { "Retry-After": String(result.retryAfterSeconds) },
  };
}

/** The message of a better-auth APIError (or any error), for a form. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err && typeof err === "object" && "body" in err) {
    const body = (err as { body?: { message?: string } }).body;
    if (body?.message) return body.message;
  }
  return fallback;
}

export function errorCode(err: unknown): string | undefined {
  if (err && typeof err === "object" && "body" in err) return (err as { body?: { code?: string } }).body?.code;
  return undefined;
}
