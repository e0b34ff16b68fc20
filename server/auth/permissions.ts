import { data, redirect, type RouterContextProvider } from "react-router";
import type { AuthSession, AuthUser } from "./auth";
import { sessionContext } from "./context";

/**
 * Roles and what they may do. admin: everything. editor: content, forms and contacts;
 * not users, not other people's sessions. Every signed-in user manages their own account.
 */
export type Role = "admin" | "editor";
export const ROLES: Role[] = ["admin", "editor"];
export type Permission = "content" | "forms" | "contacts" | "users" | "audit" | "own-account";

const grants: Record<Role, Permission[]> = {
  admin: ["content", "forms", "contacts", "users", "audit", "own-account"],
  editor: ["content", "forms", "contacts", "own-account"],
};

export function roleOf(user: { role?: string | null }): Role {
  return user.role === "admin" ? "admin" : "editor";
}

export function can(user: { role?: string | null } | null | undefined, permission: Permission): boolean {
  return !!user && grants[roleOf(user)].includes(permission);
}

/** The permission an admin page needs, by path (the layout middleware checks it for every page). */
export function permissionForAdminPath(pathname: string): Permission {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  if (path.startsWith("/admin/users")) return "users";
  if (path.startsWith("/admin/security")) return "own-account";
  if (path.startsWith("/admin/forms")) return "forms";
  if (path.startsWith("/admin/contacts")) return "contacts";
  return "content";
}

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export function getSession(args: Args): AuthSession | null {
  return args.context.get(sessionContext);
}

/** Only same-site paths: "/admin/x" yes; "//evil", "https://evil", "/\\evil" no. */
export function safeRedirectPath(value: string | null | undefined, fallback = "/admin"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\r\n\t]/.test(value)) return fallback;
  return value;
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

/** The signed-in user with the given role (admin passes every role check). */
export function requireUserWithRole(args: Args, role: Role): AuthSession {
  const session = requireUser(args);
  if (role === "admin" && roleOf(session.user) !== "admin") throw data({ reason: "forbidden" }, { status: 403 });
  return session;
}

export type { AuthUser };
