import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, getPage, PASSWORD, postLogin, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/** Who may reach what is walked in admin-sections.test.ts; this file covers redirects, headers, cookies and CSRF. */
describe.each(dbKinds())("staff access on %s", (kind) => {
  let staff: StaffServer;
  let server: TestServer;
  let adminCookie: string;
  let editorCookie: string;

  beforeAll(async () => {
    staff = await startStaffServer(kind);
    ({ server, adminCookie, editorCookie } = staff);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie?: string | null, headers: Record<string, string> = {}) =>
    getPage(server, path, cookie, headers);

  describe("redirects", () => {
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

    it("refuses user management by editors through the API (403) and changes nothing", async () => {
      const res = await apiCall(server, "DELETE", `/api/admin/users/${staff.adminId}`, editorCookie);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
      const still = await server.database.db
        .selectFrom("user")
        .select("id")
        .where("id", "=", staff.adminId)
        .executeTakeFirst();
      expect(still).toBeDefined();
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

    it("sets an HttpOnly, SameSite=Lax, Secure session cookie valid for 12 hours (the absolute lifetime)", async () => {
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
      expect(cookie).toContain("Max-Age=43200");
    });
  });

  describe("cross-site request forgery", () => {
    it("refuses a state-changing request with cookies from a foreign Origin, and changes nothing", async () => {
      const sessions = async () =>
        (await server.database.db.selectFrom("session").select("id").execute()).map((r) => r.id).sort();
      const before = await sessions();
      const page = await fetch(`${server.url}/admin/security`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: adminCookie,
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "intent=revoke-others",
      });
      expect(page.status).toBe(403);
      const api = await apiCall(
        server,
        "DELETE",
        "/api/admin/security/sessions",
        adminCookie,
        undefined,
        "https://evil.example",
      );
      expect(api.status).toBe(403);
      expect((await api.json()).error.code).toBe("forbidden_origin");
      expect(await sessions()).toEqual(before);
      const sameSite = await apiCall(server, "GET", "/api/admin/security", adminCookie);
      expect(sameSite.status).toBe(200);
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
});
