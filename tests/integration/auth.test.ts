import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import * as OTPAuth from "otpauth";
import { deleteUser, setDisabled, setRole } from "@server/users/users";
import { createStaff, PASSWORD, postForm, postLogin, signIn } from "../support/auth";
import { dbKinds } from "../support/db";
import { startTestServer, type TestServer } from "../support/server";
import { linkIn, startTestSmtp, type TestSmtp } from "../support/smtp";

const CONTENT_PAGES = [
  "/admin",
  "/admin/blog-posts",
  "/admin/help-guides",
  "/admin/faq-items",
  "/admin/forms",
  "/admin/contacts",
];
const PAGES: Array<{ path: string; editor: number }> = [
  ...CONTENT_PAGES.map((path) => ({ path, editor: 200 })),
  { path: "/admin/security", editor: 200 },
  { path: "/admin/users", editor: 403 },
];
const APIS: Array<{ path: string; editor: number }> = [
  { path: "/api/admin/security/me", editor: 200 },
  { path: "/api/admin/users", editor: 403 },
  { path: "/api/admin/users/audit-log", editor: 403 },
];

describe.each(dbKinds())("staff accounts and security on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;
  let editorCookie: string;
  let adminId: string;
  let editorId: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ db: kind, env: { SMTP_URL: smtp.url, TRUST_PROXY: "1" } });
    adminId = await createStaff(server, "admin@meritum.test", "admin");
    editorId = await createStaff(server, "editor@meritum.test", "editor");
    adminCookie = await signIn(server, "admin@meritum.test");
    editorCookie = await signIn(server, "editor@meritum.test");
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const get = (path: string, cookie?: string | null, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
    });

  describe("access matrix", () => {
    it("sends anonymous page requests to /login with redirectTo", async () => {
      for (const { path } of PAGES) {
        const res = await get(path);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      }
    });

    it("answers anonymous admin API calls with 401 JSON", async () => {
      for (const { path } of APIS) {
        const res = await get(path);
        expect(res.status, path).toBe(401);
        expect(await res.json(), path).toEqual({ error: { code: "unauthorized", message: "Please sign in." } });
      }
    });

    it("lets editors open content pages and their security page, but not users (403 page)", async () => {
      for (const { path, editor } of PAGES) {
        const res = await get(path, editorCookie);
        expect(res.status, path).toBe(editor);
        const html = await res.text();
        if (editor === 403) expect(html).toContain("have access to this page");
      }
    });

    it("gives editors 403 JSON on admin-only APIs", async () => {
      for (const { path, editor } of APIS) {
        const res = await get(path, editorCookie);
        expect(res.status, path).toBe(editor);
        if (editor === 403) expect((await res.json()).error.code).toBe("forbidden");
      }
    });

    it("refuses user-management actions from editors", async () => {
      const res = await postForm(server, "/admin/users", editorCookie, { intent: "delete", userId: adminId });
      expect(res.status).toBe(403);
      const still = await server.database.db
        .selectFrom("user")
        .select("id")
        .where("id", "=", adminId)
        .executeTakeFirst();
      expect(still).toBeDefined();
    });

    it("lets admins open every admin page and API", async () => {
      for (const { path } of [...PAGES, ...APIS]) {
        const res = await get(path, adminCookie);
        expect(res.status, path).toBe(200);
      }
      const users = await (await get("/api/admin/users", adminCookie)).json();
      expect(users.users.map((u: { email: string }) => u.email)).toEqual(
        expect.arrayContaining(["admin@meritum.test", "editor@meritum.test"]),
      );
    });

    it("sends signed-in users from /login to /admin, and only to same-site redirect targets", async () => {
      const res = await get("/login", adminCookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin");
      const evil = await postLogin(
        server,
        { email: "editor@meritum.test", password: PASSWORD, redirectTo: "//evil.example/x" },
        { ip: "203.0.113.50" },
      );
      expect(evil.location).toBe("/admin");
      const good = await postLogin(
        server,
        { email: "editor@meritum.test", password: PASSWORD, redirectTo: "/admin/contacts" },
        { ip: "203.0.113.50" },
      );
      expect(good.location).toBe("/admin/contacts");
    });
  });

  describe("headers and cookies", () => {
    it("marks admin, login and auth responses no-store", async () => {
      for (const [path, cookie] of [
        ["/admin", adminCookie],
        ["/admin/users", adminCookie],
        ["/login", null],
        ["/admin/password-reset", null],
        ["/api/admin/security/me", adminCookie],
        ["/api/auth/get-session", adminCookie],
      ] as const) {
        const res = await get(path, cookie);
        expect(res.headers.get("cache-control"), path).toBe("no-store");
        expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
        expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      }
      expect((await get("/about")).headers.get("cache-control")).not.toBe("no-store");
    });

    it("sets an HttpOnly, SameSite=Lax, Secure session cookie valid for 7 days", async () => {
      const res = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.url,
          "X-Forwarded-For": "203.0.113.51",
        },
        body: new URLSearchParams({ intent: "password", email: "editor@meritum.test", password: PASSWORD }),
      });
      const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token"))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toContain("Max-Age=604800");
    });
  });

  describe("cross-site request forgery", () => {
    it("refuses a state-changing page request with cookies from a foreign Origin", async () => {
      const res = await postForm(
        server,
        "/admin/security",
        adminCookie,
        { intent: "revoke-others" },
        "https://evil.example",
      );
      expect(res.status).toBe(403);
      const ok = await postForm(server, "/admin/security", adminCookie, { intent: "unknown" });
      expect(ok.status).toBe(400);
    });

    it("refuses a foreign Origin (or Referer) on the API with the JSON error shape", async () => {
      const res = await fetch(`${server.url}/api/auth/sign-out`, {
        method: "POST",
        headers: { Cookie: adminCookie, Origin: "https://evil.example" },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden_origin");
      const viaReferer = await fetch(`${server.url}/api/auth/sign-out`, {
        method: "POST",
        headers: { Cookie: adminCookie, Referer: "https://evil.example/page" },
      });
      expect(viaReferer.status).toBe(403);
      expect((await get("/admin", adminCookie)).status).toBe(200);
    });
  });

  describe("sign-in protection", () => {
    it("uses one message for a wrong password and an unknown account", async () => {
      const wrong = await postLogin(
        server,
        { email: "editor@meritum.test", password: "not the password at all" },
        { ip: "198.51.100.1" },
      );
      const unknown = await postLogin(
        server,
        { email: "nobody@meritum.test", password: "not the password at all" },
        { ip: "198.51.100.1" },
      );
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toContain("E-mail or password is incorrect.");
      expect(unknown.body).toContain("E-mail or password is incorrect.");
    });

    it("locks an account for 15 minutes after 10 consecutive failures, the same way for unknown addresses", async () => {
      await createStaff(server, "locked@meritum.test", "editor");
      for (const email of ["locked@meritum.test", "ghost@meritum.test"]) {
        for (let i = 0; i < 10; i++) {
          const res = await postLogin(
            server,
            { email, password: `wrong password ${i}` },
            { ip: `198.51.100.${10 + i}` },
          );
          expect(res.status, `${email} attempt ${i + 1}`).toBe(401);
        }
        const locked = await postLogin(
          server,
          { email, password: email.startsWith("locked") ? PASSWORD : "anything at all" },
          { ip: "198.51.100.99" },
        );
        expect(locked.status, email).toBe(429);
        expect(locked.body).toContain("Too many failed sign-in attempts for this account");
        expect(locked.cookie).toBeNull();
      }
      const rows = await server.database.db
        .selectFrom("audit_log")
        .select(["action", "target"])
        .where("action", "in", ["sign_in.locked", "sign_in.blocked"])
        .execute();
      expect(rows).toEqual(
        expect.arrayContaining([
          { action: "sign_in.locked", target: "locked@meritum.test" },
          { action: "sign_in.locked", target: "ghost@meritum.test" },
          { action: "sign_in.blocked", target: "locked@meritum.test" },
        ]),
      );
      // Once the lock has run out, the right password works again.
      await server.database.db
        .updateTable("sign_in_lockouts")
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect(
        (await postLogin(server, { email: "locked@meritum.test", password: PASSWORD }, { ip: "198.51.100.98" })).status,
      ).toBe(302);
    });

    it("a correct password resets the failure count", async () => {
      await createStaff(server, "resets@meritum.test", "editor");
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 9; i++)
          expect(
            (
              await postLogin(
                server,
                { email: "resets@meritum.test", password: "wrong" },
                { ip: `198.51.100.${120 + i}` },
              )
            ).status,
          ).toBe(401);
        expect(
          (await postLogin(server, { email: "resets@meritum.test", password: PASSWORD }, { ip: "198.51.100.130" }))
            .status,
        ).toBe(302);
      }
    });

    it("rate-limits sign-in attempts per client IP with 429 and Retry-After", async () => {
      let last: Response | undefined;
      for (let i = 0; i < 21; i++) {
        last = await fetch(`${server.url}/login`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            "X-Forwarded-For": "192.0.2.77",
          },
          body: new URLSearchParams({ intent: "password", email: `rate${i}@meritum.test`, password: "wrong" }),
        });
        if (i < 20) expect(last.status, `attempt ${i + 1}`).toBe(401);
      }
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await last!.text()).toContain("Too many attempts");
      // Another address is not affected.
      expect(
        (await postLogin(server, { email: "editor@meritum.test", password: PASSWORD }, { ip: "192.0.2.78" })).status,
      ).toBe(302);
    });

    it("rate-limits password reset requests per client IP", async () => {
      let status = 0;
      for (let i = 0; i < 21; i++) {
        const res = await fetch(`${server.url}/admin/password-reset`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            "X-Forwarded-For": "192.0.2.90",
          },
          body: new URLSearchParams({ email: `nobody${i}@meritum.test` }),
        });
        status = res.status;
        if (i < 20) expect(status).toBe(200);
      }
      expect(status).toBe(429);
    });

    it("rate-limits the better-auth sign-in endpoint by our client IP, ignoring a client-supplied IP header", async () => {
      let last: Response | undefined;
      for (let i = 0; i < 21; i++) {
        last = await fetch(`${server.url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Forwarded-For": "192.0.2.200",
            "X-Meritum-Client-Ip": `10.9.9.${i}`,
          },
          body: JSON.stringify({ email: `api${i}@meritum.test`, password: "wrong password" }),
        });
      }
      expect(last!.status).toBe(429);
    });

    it("keeps better-auth's other endpoints (sign-up, admin) off the HTTP surface", async () => {
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "new@meritum.test", password: "a-strong-enough-password", name: "New" }),
      });
      expect(res.status).toBe(404);
      const count = await server.database.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", "new@meritum.test")
        .execute();
      expect(count).toHaveLength(0);
    });

    it("writes sign-in successes and failures to the audit log with IP and user agent", async () => {
      const rows = await server.database.db
        .selectFrom("audit_log")
        .selectAll()
        .where("target", "=", "editor@meritum.test")
        .where("action", "in", ["sign_in.success", "sign_in.failure"])
        .execute();
      expect(rows.some((r) => r.action === "sign_in.success" && r.ip === "203.0.113.9")).toBe(true);
      expect(rows.some((r) => r.action === "sign_in.failure" && r.ip === "198.51.100.1")).toBe(true);
    });
  });

  describe("sessions and two-factor authentication", () => {
    /** Reads one field of a React Router `.data` (turbo-stream) action response. */
    function dataField(body: string, name: string): unknown {
      const arr = JSON.parse(body.split("\n")[0]!) as unknown[];
      const resolve = (i: number): unknown => {
        const v = arr[i];
        return Array.isArray(v) ? v.map((j) => resolve(j as number)) : v;
      };
      const keyIndex = arr.indexOf(name);
      const holder = arr.find((el) => el && typeof el === "object" && !Array.isArray(el) && `_${keyIndex}` in el) as
        Record<string, number> | undefined;
      return holder ? resolve(holder[`_${keyIndex}`]!) : undefined;
    }
    const sessionCookieFrom = (res: Response, fallback: string) => {
      const c = res.headers
        .getSetCookie()
        .map((x) => x.split(";")[0]!)
        .find((x) => x.includes("session_token=") && !x.endsWith("="));
      return c ?? fallback;
    };

    it("signing out deletes the server session", async () => {
      await createStaff(server, "signout@meritum.test", "editor");
      const cookie = await signIn(server, "signout@meritum.test", PASSWORD, "203.0.113.90");
      const before = await server.database.db
        .selectFrom("session")
        .innerJoin("user", "user.id", "session.userId")
        .select("session.id")
        .where("user.email", "=", "signout@meritum.test")
        .execute();
      expect(before).toHaveLength(1);
      const res = await postForm(server, "/logout", cookie, {});
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?notice=signed-out");
      expect((await get("/admin", cookie)).status).toBe(302);
      const after = await server.database.db
        .selectFrom("session")
        .select("id")
        .where("id", "=", before[0]!.id)
        .execute();
      expect(after).toHaveLength(0);
    });

    it("enables 2FA, then signs in with a one-time backup code; wrong codes are refused", async () => {
      await createStaff(server, "twofa@meritum.test", "editor");
      let cookie = await signIn(server, "twofa@meritum.test", PASSWORD, "203.0.113.91");
      const start = await postForm(server, "/admin/security.data", cookie, {
        intent: "enable-2fa",
        password: PASSWORD,
      });
      const setup = dataField(await start.text(), "key");
      expect(typeof setup).toBe("string");
      const totp = new OTPAuth.TOTP({
        secret: OTPAuth.Secret.fromBase32(setup as string),
        digits: 6,
        period: 30,
        algorithm: "SHA1",
      });
      const confirm = await postForm(server, "/admin/security.data", cookie, {
        intent: "confirm-2fa",
        code: totp.generate(),
      });
      const codes = dataField(await confirm.text(), "backupCodes") as string[];
      expect(codes).toHaveLength(10);
      cookie = sessionCookieFrom(confirm, cookie);
      expect((await get("/admin/security", cookie)).status).toBe(200);

      const step1 = await postLogin(
        server,
        { email: "twofa@meritum.test", password: PASSWORD },
        { ip: "203.0.113.92" },
      );
      expect(step1.status).toBe(200);
      expect(step1.body).toContain("Two-factor authentication");
      expect(step1.cookie).not.toContain("session_token=");
      const twoFactorCookie = step1.cookie!;
      const wrong = await postLogin(
        server,
        { intent: "totp", code: "123456" },
        { ip: "203.0.113.92", cookie: twoFactorCookie },
      );
      expect(wrong.status).toBe(401);
      const backup = await postLogin(
        server,
        { intent: "backup", code: codes[0]! },
        { ip: "203.0.113.92", cookie: twoFactorCookie },
      );
      expect(backup.status).toBe(302);
      expect(backup.cookie).toContain("session_token=");

      const again = await postLogin(
        server,
        { email: "twofa@meritum.test", password: PASSWORD },
        { ip: "203.0.113.93" },
      );
      const reused = await postLogin(
        server,
        { intent: "backup", code: codes[0]! },
        { ip: "203.0.113.93", cookie: again.cookie! },
      );
      expect(reused.status).toBe(401);
      expect(reused.body).toContain("not valid or was already used");

      // After too many wrong codes the pending sign-in is cancelled: back to the password step.
      const step = await postLogin(server, { email: "twofa@meritum.test", password: PASSWORD }, { ip: "203.0.113.95" });
      let last = "";
      for (let i = 0; i < 7 && !last.includes("Too many wrong codes"); i++) {
        last = (
          await postLogin(
            server,
            { intent: "totp", code: "000000" },
            { ip: `203.0.113.${160 + i}`, cookie: step.cookie! },
          )
        ).body;
      }
      expect(last).toContain("Too many wrong codes. For your security, please enter your e-mail and password again.");
      const afterCancel = await postLogin(
        server,
        { intent: "totp", code: totp.generate() },
        { ip: "203.0.113.170", cookie: step.cookie! },
      );
      expect(afterCancel.status).toBe(401);
      expect(afterCancel.cookie ?? "").not.toContain("session_token=");

      // Turning it off needs the password.
      const signedIn = backup.cookie!;
      expect(
        (await postForm(server, "/admin/security", signedIn, { intent: "disable-2fa", password: "not the password" }))
          .status,
      ).toBe(400);
      expect(
        (await postForm(server, "/admin/security", signedIn, { intent: "disable-2fa", password: PASSWORD })).status,
      ).toBe(200);
      const user = await server.database.db
        .selectFrom("user")
        .select("twoFactorEnabled")
        .where("email", "=", "twofa@meritum.test")
        .executeTakeFirstOrThrow();
      expect(Boolean(user.twoFactorEnabled)).toBe(false);
      expect(
        (await postLogin(server, { email: "twofa@meritum.test", password: PASSWORD }, { ip: "203.0.113.94" })).status,
      ).toBe(302);

      const audit = await server.database.db
        .selectFrom("audit_log")
        .select("action")
        .where("target", "=", "twofa@meritum.test")
        .execute();
      expect(audit.map((r) => r.action)).toEqual(
        expect.arrayContaining([
          "two_factor.enabled",
          "two_factor.disabled",
          "sign_in.success",
          "sign_in.two_factor_failure",
        ]),
      );
    });

    it("changes the password with the current one, signing out the other sessions", async () => {
      await createStaff(server, "chpw@meritum.test", "editor");
      const here = await signIn(server, "chpw@meritum.test", PASSWORD, "203.0.113.95");
      const elsewhere = await signIn(server, "chpw@meritum.test", PASSWORD, "203.0.113.96");
      const next = "Changed passphrase for chpw 1";
      expect(
        (
          await postForm(server, "/admin/security", here, {
            intent: "change-password",
            currentPassword: "wrong current",
            newPassword: next,
            confirm: next,
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await postForm(server, "/admin/security", here, {
            intent: "change-password",
            currentPassword: PASSWORD,
            newPassword: "qwertyuiop123",
            confirm: "qwertyuiop123",
          })
        ).status,
      ).toBe(400);
      const done = await postForm(server, "/admin/security", here, {
        intent: "change-password",
        currentPassword: PASSWORD,
        newPassword: next,
        confirm: next,
      });
      expect(done.status).toBe(200);
      const fresh = sessionCookieFrom(done, here);
      expect(fresh).not.toBe(here);
      expect((await get("/admin/security", fresh)).status).toBe(200);
      expect((await get("/admin", elsewhere)).status).toBe(302);
      expect(
        (await postLogin(server, { email: "chpw@meritum.test", password: next }, { ip: "203.0.113.97" })).status,
      ).toBe(302);
    });

    it("lists one's own sessions and revokes another one", async () => {
      await createStaff(server, "sessions@meritum.test", "editor");
      const here = await signIn(server, "sessions@meritum.test", PASSWORD, "203.0.113.98");
      const other = await signIn(server, "sessions@meritum.test", PASSWORD, "203.0.113.99");
      const page = await (await get("/admin/security", here)).text();
      expect(page).toContain("203.0.113.98");
      expect(page).toContain("203.0.113.99");
      expect(page).toContain("This device");
      const rows = await server.database.db
        .selectFrom("session")
        .innerJoin("user", "user.id", "session.userId")
        .select(["session.id", "session.ipAddress"])
        .where("user.email", "=", "sessions@meritum.test")
        .execute();
      const otherId = rows.find((r) => r.ipAddress === "203.0.113.99")!.id;
      // Someone else's session id cannot be revoked from here.
      const foreign = await server.database.db
        .selectFrom("session")
        .select("id")
        .where("userId", "=", adminId)
        .executeTakeFirstOrThrow();
      expect(
        (await postForm(server, "/admin/security", here, { intent: "revoke-session", sessionId: foreign.id })).status,
      ).toBe(404);
      expect(
        (await postForm(server, "/admin/security", here, { intent: "revoke-session", sessionId: otherId })).status,
      ).toBe(200);
      expect((await get("/admin", other)).status).toBe(302);
      expect((await get("/admin", here)).status).toBe(200);
      expect((await get("/admin", adminCookie)).status).toBe(200);
    });

    it("records when a session was last active, and keeps extending it on use", async () => {
      await createStaff(server, "active@meritum.test", "editor");
      const cookie = await signIn(server, "active@meritum.test", PASSWORD, "203.0.113.100");
      const db = server.database.db;
      const { id } = await db
        .selectFrom("session")
        .innerJoin("user", "user.id", "session.userId")
        .select("session.id")
        .where("user.email", "=", "active@meritum.test")
        .executeTakeFirstOrThrow();
      const hourAgo = new Date(Date.now() - 3600_000).toISOString();
      // Pretend it was last used an hour ago and signed in 2 days ago (due for a refresh).
      await db
        .updateTable("session")
        .set({ updatedAt: hourAgo, expiresAt: new Date(Date.now() + 5 * 86400_000).toISOString() })
        .where("id", "=", id)
        .execute();
      const res = await get("/admin", cookie);
      expect(res.status).toBe(200);
      const row = await db
        .selectFrom("session")
        .select(["updatedAt", "expiresAt"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86400_000);
      const refreshed = res.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(refreshed).toContain("Max-Age=604800");
    });

    it("rate-limits 2FA code attempts per client IP", async () => {
      let last: Response | undefined;
      for (let i = 0; i < 21; i++) {
        last = await fetch(`${server.url}/login`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            "X-Forwarded-For": "192.0.2.150",
          },
          body: new URLSearchParams({ intent: "totp", code: String(100000 + i) }),
        });
        if (i < 20) expect(last.status).toBe(401);
      }
      expect(last!.status).toBe(429);
      expect(last!.headers.get("retry-after")).toBeTruthy();
    });
  });

  describe("password reset by e-mail", () => {
    it("answers the same for unknown addresses and sends no mail", async () => {
      const before = smtp.mails.length;
      const res = await postForm(server, "/admin/password-reset", null, { email: "unknown-person@meritum.test" });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("If an account exists for that address");
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mails.slice(before).filter((m) => m.to.includes("unknown-person@meritum.test"))).toHaveLength(0);
    });

    it("sends a single-use link that signs out every session", async () => {
      await createStaff(server, "reset@meritum.test", "editor");
      const oldSession = await signIn(server, "reset@meritum.test", PASSWORD, "203.0.113.60");
      // An older link, requested first, must stop working once the newer one is used.
      const sinceOlder = smtp.mails.length;
      await postForm(server, "/admin/password-reset", null, { email: "reset@meritum.test" });
      const olderToken = linkIn(
        await smtp.waitFor("reset@meritum.test", { since: sinceOlder }),
        "/admin/reset-password",
      ).searchParams.get("token")!;
      const since = smtp.mails.length;
      const res = await postForm(server, "/admin/password-reset", null, { email: "reset@meritum.test" });
      expect(await res.text()).toContain("If an account exists for that address");
      const link = linkIn(await smtp.waitFor("reset@meritum.test", { since }), "/admin/reset-password");
      const token = link.searchParams.get("token")!;
      // Locked out by failed attempts; the reset lifts the lock, as the lockout message says.
      for (let i = 0; i < 10; i++)
        await postLogin(server, { email: "reset@meritum.test", password: "wrong" }, { ip: `203.0.113.${140 + i}` });
      expect(
        (await postLogin(server, { email: "reset@meritum.test", password: PASSWORD }, { ip: "203.0.113.151" })).status,
      ).toBe(429);

      const page = await get(`/admin/reset-password?token=${encodeURIComponent(token)}`);
      expect(await page.text()).toContain("Choose a new password");

      const weak = await postForm(server, "/admin/reset-password", null, {
        token,
        password: "password1234",
        confirm: "password1234",
      });
      expect(weak.status).toBe(400);
      expect(await weak.text()).toContain("too common");

      const done = await postForm(server, "/admin/reset-password", null, {
        token,
        password: "A brand new passphrase 7",
        confirm: "A brand new passphrase 7",
      });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/login?notice=password-reset");

      expect((await get("/admin", oldSession)).status).toBe(302);
      expect(
        (await postLogin(server, { email: "reset@meritum.test", password: PASSWORD }, { ip: "203.0.113.61" })).status,
      ).toBe(401);
      expect(
        (
          await postLogin(
            server,
            { email: "reset@meritum.test", password: "A brand new passphrase 7" },
            { ip: "203.0.113.61" },
          )
        ).status,
      ).toBe(302);

      const again = await postForm(server, "/admin/reset-password", null, {
        token,
        password: "Another new passphrase 8",
        confirm: "Another new passphrase 8",
      });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("This link does not work");
      expect(await (await get(`/admin/reset-password?token=${encodeURIComponent(token)}`)).text()).toContain(
        "This link does not work",
      );
      expect(await (await get(`/admin/reset-password?token=${encodeURIComponent(olderToken)}`)).text()).toContain(
        "This link does not work",
      );
      const older = await postForm(server, "/admin/reset-password", null, {
        token: olderToken,
        password: "Another new passphrase 8",
        confirm: "Another new passphrase 8",
      });
      expect(older.status).toBe(400);
    });

    it("refuses an expired link", async () => {
      const since = smtp.mails.length;
      await postForm(server, "/admin/password-reset", null, { email: "editor@meritum.test" });
      const token = linkIn(
        await smtp.waitFor("editor@meritum.test", { since }),
        "/admin/reset-password",
      ).searchParams.get("token")!;
      await server.database.db
        .updateTable("verification")
        .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
        .where("identifier", "like", "reset-password:%")
        .execute();
      expect(await (await get(`/admin/reset-password?token=${encodeURIComponent(token)}`)).text()).toContain(
        "This link does not work",
      );
      const res = await postForm(server, "/admin/reset-password", null, {
        token,
        password: "Yet another passphrase 9",
        confirm: "Yet another passphrase 9",
      });
      expect(res.status).toBe(400);
      expect(
        (await postLogin(server, { email: "editor@meritum.test", password: PASSWORD }, { ip: "203.0.113.62" })).status,
      ).toBe(302);
    });
  });

  describe("user administration", () => {
    it("invites a user who sets a password from the e-mailed link (once)", async () => {
      const since = smtp.mails.length;
      const res = await postForm(server, "/admin/users", adminCookie, {
        intent: "invite",
        email: "Invitee@Meritum.test",
        name: "Ivy Invitee",
        role: "editor",
      });
      expect(res.status).toBe(200);
      const link = linkIn(await smtp.waitFor("invitee@meritum.test", { since }), "/admin/accept-invite");
      const token = link.searchParams.get("token")!;
      expect(await (await get(`/admin/accept-invite?token=${encodeURIComponent(token)}`)).text()).toContain(
        "invitee@meritum.test",
      );
      // No password yet: cannot sign in.
      expect(
        (
          await postLogin(
            server,
            { email: "invitee@meritum.test", password: "Ivy's own passphrase 1" },
            { ip: "203.0.113.70" },
          )
        ).status,
      ).toBe(401);
      const accept = await postForm(server, "/admin/accept-invite", null, {
        token,
        password: "Ivy's own passphrase 1",
        confirm: "Ivy's own passphrase 1",
      });
      expect(accept.status).toBe(302);
      expect(accept.headers.get("location")).toBe("/login?notice=invite-accepted");
      const cookie = await signIn(server, "invitee@meritum.test", "Ivy's own passphrase 1", "203.0.113.71");
      expect((await get("/admin/blog-posts", cookie)).status).toBe(200);
      expect((await get("/admin/users", cookie)).status).toBe(403);
      expect(await (await get(`/admin/accept-invite?token=${encodeURIComponent(token)}`)).text()).toContain(
        "This invitation does not work",
      );
      const dup = await postForm(server, "/admin/users", adminCookie, {
        intent: "invite",
        email: "invitee@meritum.test",
        name: "Again",
        role: "editor",
      });
      expect(dup.status).toBe(409);
    });

    it("resends an invitation: the new link works and the old one no longer does", async () => {
      let since = smtp.mails.length;
      await postForm(server, "/admin/users", adminCookie, {
        intent: "invite",
        email: "late@meritum.test",
        name: "Late Larry",
        role: "editor",
      });
      const first = linkIn(await smtp.waitFor("late@meritum.test", { since }), "/admin/accept-invite").searchParams.get(
        "token",
      )!;
      const user = await server.database.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", "late@meritum.test")
        .executeTakeFirstOrThrow();
      since = smtp.mails.length;
      expect(
        (await postForm(server, "/admin/users", adminCookie, { intent: "resend-invite", userId: user.id })).status,
      ).toBe(200);
      const second = linkIn(
        await smtp.waitFor("late@meritum.test", { since }),
        "/admin/accept-invite",
      ).searchParams.get("token")!;
      expect(second).not.toBe(first);
      expect(await (await get(`/admin/accept-invite?token=${encodeURIComponent(first)}`)).text()).toContain(
        "This invitation does not work",
      );
      expect(await (await get(`/admin/accept-invite?token=${encodeURIComponent(second)}`)).text()).toContain(
        "Set your password",
      );
      expect(
        (await postForm(server, "/admin/users", adminCookie, { intent: "resend-invite", userId: editorId })).status,
      ).toBe(409);
    });

    it("disabling a user ends their sessions at once and blocks sign-in; enabling restores it", async () => {
      const id = await createStaff(server, "disable-me@meritum.test", "editor");
      const cookie = await signIn(server, "disable-me@meritum.test", PASSWORD, "203.0.113.80");
      expect((await get("/admin", cookie)).status).toBe(200);
      expect((await postForm(server, "/admin/users", adminCookie, { intent: "disable", userId: id })).status).toBe(200);
      expect((await get("/admin", cookie)).status).toBe(302);
      expect((await get("/api/admin/security/me", cookie)).status).toBe(401);
      const refused = await postLogin(
        server,
        { email: "disable-me@meritum.test", password: PASSWORD },
        { ip: "203.0.113.81" },
      );
      expect(refused.status).toBe(401);
      expect(refused.cookie).toBeNull();
      expect(refused.body).toContain("This account is disabled");
      expect((await postForm(server, "/admin/users", adminCookie, { intent: "enable", userId: id })).status).toBe(200);
      expect(
        (await postLogin(server, { email: "disable-me@meritum.test", password: PASSWORD }, { ip: "203.0.113.82" }))
          .status,
      ).toBe(302);
    });

    it("changes roles, which changes access", async () => {
      const id = await createStaff(server, "promote@meritum.test", "editor");
      const cookie = await signIn(server, "promote@meritum.test", PASSWORD, "203.0.113.83");
      expect((await get("/admin/users", cookie)).status).toBe(403);
      expect(
        (await postForm(server, "/admin/users", adminCookie, { intent: "set-role", userId: id, role: "admin" })).status,
      ).toBe(200);
      expect((await get("/admin/users", cookie)).status).toBe(200);
      expect(
        (await postForm(server, "/admin/users", adminCookie, { intent: "set-role", userId: id, role: "editor" }))
          .status,
      ).toBe(200);
      expect((await get("/admin/users", cookie)).status).toBe(403);
    });

    it("never deletes, disables or demotes yourself", async () => {
      for (const fields of [
        { intent: "delete" },
        { intent: "disable" },
        { intent: "set-role", role: "editor" },
      ] as Array<Record<string, string>>) {
        const res = await postForm(server, "/admin/users", adminCookie, { ...fields, userId: adminId });
        expect(res.status, fields.intent).toBe(409);
      }
      expect((await get("/admin/users", adminCookie)).status).toBe(200);
    });

    it("never removes the last active administrator", async () => {
      const db = server.database.db;
      const actor = { id: editorId, email: "editor@meritum.test" };
      // Make admin@ the only active admin.
      await db
        .updateTable("user")
        .set({ role: "editor" })
        .where("id", "!=", adminId)
        .where("role", "=", "admin")
        .execute();
      await expect(deleteUser(db, actor, adminId)).rejects.toThrow("last administrator");
      await expect(setDisabled(db, actor, adminId, true)).rejects.toThrow("last administrator");
      await expect(setRole(db, actor, adminId, "editor")).rejects.toThrow("last administrator");
      const row = await db
        .selectFrom("user")
        .select(["role", "banned"])
        .where("id", "=", adminId)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe("admin");
      expect(Boolean(row.banned)).toBe(false);
      // With a second active admin, the first one can be deleted by someone else.
      const second = await createStaff(server, "second-admin@meritum.test", "admin");
      const spare = await createStaff(server, "spare-admin@meritum.test", "admin");
      await deleteUser(db, { id: second, email: "second-admin@meritum.test" }, spare);
      expect(await db.selectFrom("user").select("id").where("id", "=", spare).executeTakeFirst()).toBeUndefined();
    });

    it("deletes a user, and writes every staff action to the audit log", async () => {
      const id = await createStaff(server, "delete-me@meritum.test", "editor");
      expect((await postForm(server, "/admin/users", adminCookie, { intent: "delete", userId: id })).status).toBe(200);
      const audit = await (await get("/api/admin/users/audit-log?action=user.deleted", adminCookie)).json();
      expect(audit.rows[0]).toMatchObject({
        action: "user.deleted",
        actorEmail: "admin@meritum.test",
        target: "delete-me@meritum.test",
      });
      const actions = new Set(
        (await server.database.db.selectFrom("audit_log").select("action").execute()).map((r) => r.action),
      );
      for (const a of [
        "user.invited",
        "user.invite_accepted",
        "user.disabled",
        "user.enabled",
        "user.role_changed",
        "user.deleted",
        "password.reset",
        "password.reset_requested",
      ]) {
        expect(actions.has(a), a).toBe(true);
      }
      const count = await sql<{ n: number }>`select count(*) as n from audit_log where ip is not null`.execute(
        server.database.db,
      );
      expect(Number(count.rows[0]!.n)).toBeGreaterThan(0);
    });
  });
});
