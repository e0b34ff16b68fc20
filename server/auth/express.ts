import type { NextFunction, Request, Response } from "express";
import { toNodeHandler } from "better-auth/node";
import { getDb } from "../db";
import { sendApiError } from "../http/api-errors";
import { jsonBody } from "../http/body";
import { CLIENT_IP_HEADER, getAuth, type AuthSession } from "./auth";
import { ServiceError } from "@common/result";
import { can, type Permission } from "@common/roles";
import type { Actor } from "../users/users";

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
 * Cross-site request forgery guard: a state-changing request that carries cookies must come
 * from this site, judged by its Origin (or, without one, its Referer) against the host it
 * was sent to and SITE_URL. A foreign or opaque ("null") origin gets 403.
 */
export function sameSiteGuard(siteUrl: string) {
  const siteOrigin = new URL(siteUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || !req.headers.cookie) return next();
    const origin = req.headers.origin ?? originOf(req.headers.referer);
    if (!origin) return next(); // not a browser-initiated cross-site request
    const host = req.headers.host;
    const allowed = origin === siteOrigin || (host && (origin === `http://${host}` || origin === `https://${host}`));
    if (allowed) return next();
    if (req.path.startsWith("/api/"))
      return sendApiError(res, 403, "forbidden_origin", "Cross-site requests are not allowed.");
    res.status(403).type("text/plain").send("Forbidden: cross-site request refused.");
  };
}

/** Cache-Control: no-store for the admin area, sign-in pages and the auth API. */
export function noStoreForPrivatePaths() {
  return (req: Request, res: Response, next: NextFunction) => {
    const p = req.path;
    if (
      p === "/login" ||
      p === "/logout" ||
      p.startsWith("/admin") ||
      p.startsWith("/api/auth") ||
      p.startsWith("/api/admin") ||
      p.startsWith("/login.data")
    ) {
      res.setHeader("Cache-Control", "no-store");
    }
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

const TOUCH_AFTER_MS = 5 * 60_000;

/** Keeps "last active" on the Security page current (to 5 minutes); expiry is better-auth's. */
async function touchSession(session: AuthSession) {
  const last = new Date(session.session.updatedAt).getTime();
  if (Date.now() - last < TOUCH_AFTER_MS) return;
  await getDb()
    .updateTable("session")
    .set({ updatedAt: new Date().toISOString() })
    .where("id", "=", session.session.id)
    .execute();
}

/**
 * Resolves the session once per request (when a cookie is present) into res.locals.session,
 * and forwards the refreshed cookie when better-auth extends the session on use.
 */
export function resolveSession() {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.session = null;
    if (!req.headers.cookie?.includes("meritum")) return next();
    try {
      const { headers, response } = await getAuth().api.getSession({ headers: toHeaders(req), returnHeaders: true });
      res.locals.session = response ?? null;
      if (response) await touchSession(response);
      const cookies = headers.getSetCookie();
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
      return sendApiError(res, 404, "not_found", `No API endpoint at ${req.method} ${req.path}.`);
    next();
  };
  // better-auth uses req.body when the stream was already read: read it with the one reader and its limit.
  return [guard, jsonBody(), (req: Request, res: Response) => handler(req, res)];
}

/** For admin JSON APIs: 401 without a session, 403 without the permission. */
export function requireApi(permission: Permission) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const session = res.locals.session as AuthSession | null;
    if (!session) return sendApiError(res, 401, "unauthorized", "Please sign in.");
    if (!can(session.user, permission))
      return sendApiError(res, 403, "forbidden", "You do not have permission to do this.");
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
