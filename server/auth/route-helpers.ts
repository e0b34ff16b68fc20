import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../http/context";
import { rateLimiter, retryMessage } from "../http/rate-limit";
import { ServiceError } from "@common/result";
import { getConfig } from "../config";

/** Set-Cookie headers from a better-auth call, to return from a loader or action. */
export function cookieHeaders(from: Headers | undefined): Headers {
  const out = new Headers();
  for (const cookie of from?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}

export function requestMetaOf(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  return { ip: args.context.get(requestInfoContext).clientIp, userAgent: args.request.headers.get("user-agent") };
}

export type AuthRateRule = "sign-in" | "two-factor" | "password-reset";

/**
 * Per-address limit (IPv6 by /64), shared by every instance, for the auth forms and account
 * actions. "sign-in" is the one budget for every password check an address makes: the
 * sign-in page and the Security page's current-password check. Throws a "rate_limited" ServiceError, with the sentence to show and its
 * Retry-After, once the client has used up the rule's budget.
 */
export async function checkAuthRate(clientIp: string, rule: AuthRateRule): Promise<void> {
  const { rateLimitMax, rateLimitWindowSeconds } = getConfig().auth;
  const result = await rateLimiter.hitAddress(
    { name: `auth-${rule}`, limit: rateLimitMax, windowMs: rateLimitWindowSeconds * 1000 },
    clientIp,
  );
  if (result.allowed) return;
  throw new ServiceError("rate_limited", retryMessage(result.retryAfterSeconds, "attempts"), undefined, {
    retryAfterSeconds: result.retryAfterSeconds,
  });
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
