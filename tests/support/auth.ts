import { createUserWithPassword } from "@server/users/users";
import type { Role } from "@common/roles";
import type { DbKind } from "./db";
import { startTestServer, type TestServer } from "./server";

export const PASSWORD = "Meritum-test-passphrase-42";

/** Creates a staff user directly in the test server's database. */
export async function createStaff(server: TestServer, email: string, role: Role, password = PASSWORD): Promise<string> {
  return createUserWithPassword(server.database.db, { email, name: email.split("@")[0]!, role, password });
}

export interface SignInResult {
  status: number;
  location: string | null;
  cookie: string | null;
  body: string;
}

/** Posts the /login form as a browser would (same-site Origin, a client IP via X-Forwarded-For). */
export async function postLogin(
  server: TestServer,
  fields: Record<string, string>,
  options: { ip?: string; cookie?: string } = {},
): Promise<SignInResult> {
  const res = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "X-Forwarded-For": options.ip ?? "203.0.113.1",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams({ intent: "password", ...fields }),
  });
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="));
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookie: cookies.length ? cookies.join("; ") : null,
    body: await res.text(),
  };
}

/** Signs in with e-mail and password and returns the session cookie. */
export async function signIn(
  server: TestServer,
  email: string,
  password = PASSWORD,
  ip = "203.0.113.9",
): Promise<string> {
  const res = await postLogin(server, { email, password }, { ip });
  if (res.status !== 302 || !res.cookie)
    throw new Error(`sign-in failed for ${email}: ${res.status} ${res.body.slice(0, 300)}`);
  return res.cookie;
}

/** Submits a route action form with the session cookie and a same-site Origin. */
export async function postForm(
  server: TestServer,
  path: string,
  cookie: string | null,
  fields: Record<string, string>,
  origin = server.url,
) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** A same-site JSON call to the admin API with a session cookie, as the admin screens make it. */
export async function apiCall(
  server: TestServer,
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
  origin = server.url,
) {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      Origin: origin,
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

/** A GET with an optional session cookie, not following redirects. */
export function getPage(
  server: TestServer,
  path: string,
  cookie?: string | null,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

/** The refreshed session cookie a response sets, or `fallback` when it sets none. */
export function sessionCookieFrom(res: Response, fallback: string): string {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.includes("session_token=") && !c.endsWith("="));
  return cookie ?? fallback;
}

export interface StaffServer {
  server: TestServer;
  adminId: string;
  editorId: string;
  adminCookie: string;
  editorCookie: string;
}

/** A server with one admin (admin@meritum.test) and one editor (editor@meritum.test), both signed in. */
export async function startStaffServer(kind: DbKind, env: Record<string, string> = {}): Promise<StaffServer> {
  const server = await startTestServer({ db: kind, env: { TRUST_PROXY: "1", ...env } });
  const adminId = await createStaff(server, "admin@meritum.test", "admin");
  const editorId = await createStaff(server, "editor@meritum.test", "editor");
  return {
    server,
    adminId,
    editorId,
    adminCookie: await signIn(server, "admin@meritum.test"),
    editorCookie: await signIn(server, "editor@meritum.test"),
  };
}
