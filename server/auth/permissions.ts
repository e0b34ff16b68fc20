import { data, redirect, type RouterContextProvider } from "react-router";
import type { AuthSession, AuthUser } from "./auth";
import { sessionContext } from "./context";
import { adminSectionForPattern } from "@common/admin-sections";
import { can, type Permission } from "@common/roles";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export function getSession(args: Args): AuthSession | null {
  return args.context.get(sessionContext);
}

/**
 * Only same-site paths that a `Location` header can carry as they are: "/admin/x" yes;
 * "//evil", "https://evil", "/\\evil" no, nor any control character, space or non-ASCII
 * character (printable ASCII only), nor a broken %-encoding (that page would answer 400).
 * Anything else falls back to /admin.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/admin"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (!/^[\x21-\x7e]+$/.test(value) || !decodes(value)) return fallback;
  return value;
}

/** Whether every %-escape decodes (the result is used: a bare decodeURI call is dropped by the bundler as pure). */
function decodes(value: string): boolean {
  try {
    return decodeURI(value) !== "";
  } catch {
    return false;
  }
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "") + url.search.replace(/[?&]_routes=[^&]*/, "");
  return redirect(`/login?redirectTo=${encodeURIComponent(path === "/_root" ? "/admin" : path)}`);
}

/** The signed-in user, or a redirect to /login?redirectTo=<this page>. */
export function requireUser(args: Args): AuthSession {
  const session = getSession(args);
  if (!session) throw loginRedirect(args.request);
  return session;
}

/** The signed-in user holding `permission`; otherwise /login (anonymous) or a 403 page. */
export function requirePermission(args: Args, permission: Permission): AuthSession {
  const session = requireUser(args);
  if (!can(session.user, permission)) throw data({ reason: "forbidden" }, { status: 403 });
  return session;
}

/**
 * The gate of every admin screen (the admin layout's middleware): the section of the
 * matched route (its pattern) from the sections table, then its permission. A route that
 * is no section of the table (the admin catch-all) answers 404, for everyone.
 */
export function requireAdminSection(args: Args & { pattern: string }): AuthSession {
  const section = adminSectionForPattern(args.pattern);
  if (!section) throw data({ reason: "not-found" }, { status: 404 });
  return requirePermission(args, section.permission);
}

export type { AuthUser };
