import type { NextFunction, Request, Response } from "express";
import { toNodeHandler } from "better-auth/node";
import { writeAudit } from "../audit/audit";
import { getConfig } from "../config";
import { getDb } from "../db";
import { sendApiError } from "../http/api-errors";
import { jsonBody } from "../http/body";
import { CLIENT_IP_HEADER, getAuth, type AuthSession } from "./auth";
import { isIdleExpired } from "./session-policy";
import { ServiceError } from "@common/result";
import { can, type Permission } from "@common/roles";
import type { Actor } from "../auth/actor";

/** Puts the computed client IP into the header better-auth reads, replacing any client copy. */
export function clientIpHeader() {
  return (req: Request, res: Response, next: NextFunction) => {
    delete req.headers[CLIENT_IP_HEADER];
    req.headers[CLIENT_IP_HEADER] = String(res.locals.clientIp ?? "unknown");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return "invalid";
  }
}

/**
 * Cross-site request forgery guard: a state-changing request that carries cookies must show
 * it comes from this site: a same-site Origin (or, without one, Referer) judged against the
 * host it was sent to and SITE_URL, or, with neither, `Sec-Fetch-Site: same-origin` (or
 * `none`: typed by the user). Anything else (a foreign or opaque "null" origin, or no
 * evidence at all) gets 403.
 */
export function sameSiteGuard(siteUrl: string) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || !req.headers.cookie) return next();
    const origin = req.headers.origin ?? originOf(req.headers.referer);
    const host = req.headers.host;
    const fetchSite = req.headers["sec-fetch-site"];
    const allowed = origin
      ? origin === siteOrigin || (host && (origin === `http://${host}` || origin === `https://${host}`))
      : fetchSite === "same-origin" || fetchSite === "none";
    if (allowed) return next();
    if (req.path.startsWith("/api/"))
      return sendApiError(res, "forbidden_origin", "Cross-site requests are not allowed.");
    res.status(403).type("text/plain").send("Forbidden: cross-site request refused.");
  };
}

/** Cache-Control: no-store for the admin area, staff previews, sign-in pages and the auth API. */
export function noStoreForPrivatePaths() {
  return (req: Request, res: Response, next: NextFunction) => {
    const p = req.path;
    if (
      p === "/login" ||
      p === "/logout" ||
      p.startsWith("/admin") ||
      p.startsWith("/preview/") ||
      p.startsWith("/api/auth") ||
      p.startsWith("/api/admin") ||
      p.startsWith("/login.data")
    ) {
      res.setHeader("Cache-Control", "no-store");
    }
    next();
  };
}

/**
 * A response that sets a cookie is never stored by a shared cache (robots.txt, the sitemap
 * and RSS are otherwise public): `Cache-Control: private, no-store` is forced just before
 * the headers go out, whoever set the cookie.
 */
export function noStoreWhenSettingCookies() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (res.getHeader("set-cookie") !== undefined) res.setHeader("Cache-Control", "private, no-store");
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** The request's headers as a fetch Headers (what better-auth reads the session cookie from). */
export function toHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

const TOUCH_AFTER_MS = 60_000;

/** Keeps "last active" (the idle timeout's clock and the Security page) current to the minute. */
async function touchSession(session: AuthSession) {
  const last = new Date(session.session.updatedAt).getTime();
  if (Date.now() - last < TOUCH_AFTER_MS) return;
  await getDb()
    .updateTable("session")
    .set({ updatedAt: new Date().toISOString() })
    .where("id", "=", session.session.id)
    .execute();
}

/** Ends a session left unused past the idle timeout: deletes it, clears the cookie, audits. */
async function endIdleSession(req: Request, res: Response, session: AuthSession): Promise<string[]> {
  const db = getDb();
  await db.deleteFrom("session").where("id", "=", session.session.id).execute();
  await writeAudit(db, {
    action: "session.idle_timeout",
    actorId: session.user.id,
    actorEmail: session.user.email,
    target: session.user.email,
    ip: String(res.locals.clientIp ?? "unknown"),
    userAgent: req.get("user-agent"),
    details: { idleMinutes: Math.round(getConfig().auth.sessionIdleMs / 60_000) },
  });
  const { name, attributes } = (await getAuth().$context).authCookies.sessionToken;
  return [`${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${attributes.secure ? "; Secure" : ""}`];
}

/**
 * Resolves the session once per request (when a cookie is present) into res.locals.session.
 * A session idle for longer than the idle timeout is ended here (the request continues
 * signed out); the absolute lifetime is better-auth's expiry.
 */
export function resolveSession() {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.session = null;
    if (!req.headers.cookie?.includes("meritum")) return next();
    try {
      const { headers, response } = await getAuth().api.getSession({ headers: toHeaders(req), returnHeaders: true });
      let cookies = headers.getSetCookie();
      if (response && isIdleExpired(response)) {
        cookies = [...cookies, ...(await endIdleSession(req, res, response))];
      } else {
        res.locals.session = response ?? null;
        if (response) await touchSession(response);
      }
      if (cookies.length) res.append("Set-Cookie", cookies);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * The better-auth endpoints reachable over HTTP. The staff pages call better-auth on the
 * server (route actions), so only these are exposed: everything else answers 404.
 */
const PUBLIC_AUTH_PATHS = new Set(["/get-session", "/sign-out", "/ok"]);

export function authHandler() {
  const handler = toNodeHandler(getAuth());
  const guard = (req: Request, res: Response, next: NextFunction) => {
    const sub = req.path.replace(/^\/api\/auth/, "");
    if (!PUBLIC_AUTH_PATHS.has(sub))
      return sendApiError(res, "not_found", `No API endpoint at ${req.method} ${req.path}.`);
    next();
  };
  // better-auth uses req.body when the stream was already read: read it with the one reader and its limit.
  return [guard, jsonBody(), (req: Request, res: Response) => handler(req, res)];
}

/** For admin JSON APIs: 401 without a session, 403 without the permission. */
export function requireApi(permission: Permission) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const session = res.locals.session as AuthSession | null;
    if (!session) return sendApiError(res, "unauthorized", "Please sign in.");
    if (!can(session.user, permission)) return sendApiError(res, "forbidden", "You do not have permission to do this.");
    next();
  };
}

/** The signed-in session of an admin API request (after requireApi, so never null there). */
export function apiSession(res: Response): AuthSession {
  const session = res.locals.session as AuthSession | null;
  if (!session) throw new ServiceError("unauthorized", "Please sign in.");
  return session;
}

/** Who is acting, from where: for the audit log of an admin API call. */
export function apiActor(req: Request, res: Response): Actor {
  const { user } = apiSession(res);
  return {
    id: user.id,
    email: user.email,
    ip: String(res.locals.clientIp ?? "unknown"),
    userAgent: req.get("user-agent"),
  };
}
