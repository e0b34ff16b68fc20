import { createUserWithPassword } from "@server/users/users";
import type { Role } from "@common/roles";
import type { TestServer } from "./server";

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
