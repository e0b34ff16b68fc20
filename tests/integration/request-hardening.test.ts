import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, getPage, PASSWORD, signIn, startStaffServer, type StaffServer } from "../support/auth";
import { ageSession, latestSessionId } from "../support/clock";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/** Issue 13: requests without Origin, cookies on public responses, admin paths in other spellings. */
describe.each(dbKinds())("request hardening on %s", (kind) => {
  let staff: StaffServer;
  let server: TestServer;

  beforeAll(async () => {
    staff = await startStaffServer(kind);
    server = staff.server;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const sessionIds = async () =>
    (await server.database.db.selectFrom("session").select("id").execute()).map((r) => r.id).sort();

  it("refuses a state-changing request with cookies but no Origin, Referer or same-origin Sec-Fetch-Site", async () => {
    await createStaff(server, "csrf@meritum.test", "editor");
    const cookie = await signIn(server, "csrf@meritum.test", PASSWORD, "203.0.113.221");
    const before = await sessionIds();
    const revokeOthers = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/admin/security/sessions`, { method: "DELETE", headers: { Cookie: cookie, ...headers } });
    const signOut = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/auth/sign-out`, { method: "POST", headers: { Cookie: cookie, ...headers } });
    const form = (headers: Record<string, string>) =>
      fetch(`${server.url}/admin/security`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: "intent=revoke-others",
      });

    for (const headers of [{}, { "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }] as Array<
      Record<string, string>
    >) {
      const api = await revokeOthers(headers);
      expect(api.status).toBe(403);
      expect((await api.json()).error).toEqual({
        code: "forbidden_origin",
        message: "Cross-site requests are not allowed.",
      });
      expect((await signOut(headers)).status).toBe(403);
      expect((await form(headers)).status).toBe(403);
    }
    expect(await sessionIds()).toEqual(before);
    // Without cookies there is nothing to forge: the guard stays out of the way.
    expect((await fetch(`${server.url}/api/auth/sign-out`, { method: "POST" })).status).not.toBe(403);

    // A browser's own same-origin request (Sec-Fetch-Site) or one typed by the user ("none") passes.
    expect((await revokeOthers({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await revokeOthers({ "Sec-Fetch-Site": "none" })).status).toBe(200);
  });

  it("marks any response that sets a cookie private, no-store (robots, sitemap, RSS included)", async () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/resources/blog/rss.xml"]) {
      // Plain visitors still get the public, cacheable answer.
      const plain = await getPage(server, path);
      expect(plain.status, path).toBe(200);
      expect(plain.headers.get("cache-control"), path).toMatch(/^public/);

      // A staff member whose session ran out comes by: the answer clears the cookie.
      await createStaff(server, `cache-${path.length}-${path.slice(1, 4)}@meritum.test`, "editor");
      const email = `cache-${path.length}-${path.slice(1, 4)}@meritum.test`;
      const cookie = await signIn(server, email, PASSWORD, "203.0.113.222");
      await ageSession(server.database.db, await latestSessionId(server.database.db, email), 31 * 60_000);
      const res = await getPage(server, path, cookie);
      expect(res.status, path).toBe(200);
      expect(res.headers.getSetCookie().join("\n"), path).toMatch(/session_token=;/);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("never lets an editor into Users through another spelling of its path", async () => {
    const spellings = [
      "/admin/USERS",
      "/admin/Users",
      "/admin/%55SERS",
      "/admin/%75sers",
      "/admin/users%2F",
      "/admin/%2575sers",
      "/admin//users",
      "/admin/users/",
      "/admin/./users",
      "/admin/users;x",
      "/ADMIN/users",
      "/api/admin/USERS",
      "/api/admin/%75sers",
    ];
    for (const path of spellings) {
      const res = await getPage(server, path, staff.editorCookie);
      const body = await res.text();
      expect([302, 308, 403, 404], `${path} -> ${res.status}`).toContain(res.status);
      if (res.status === 302 || res.status === 308) {
        // A redirect may only normalise the spelling; following it must still refuse.
        const next = await getPage(server, res.headers.get("location")!, staff.editorCookie);
        expect([403, 404], `${path} -> ${res.headers.get("location")}`).toContain(next.status);
        expect(await next.text()).not.toContain("admin@meritum.test");
      }
      // No user list, no staff e-mail addresses.
      expect(body, path).not.toContain("admin@meritum.test");
    }
    // The admin still reaches it by its own path.
    expect((await getPage(server, "/admin/users", staff.adminCookie)).status).toBe(200);
  });

  it("answers a broken %-encoding anywhere in a path 400 and an odd redirect target with /admin, never 5xx", async () => {
    const broken = ["%", "%2", "%zz", "%E0%A4%A", "%C3", "%ED%A0%80", "%FF", "a%%b"];
    const prefixes = [
      "/",
      "/admin/",
      "/admin/contacts/",
      "/api/admin/contacts/",
      "/api/admin/forms/x/",
      "/resources/blog/",
      "/media/",
      "/assets/",
      "/forms/",
      "/login/",
    ];
    for (const prefix of prefixes)
      for (const bad of broken)
        for (const cookie of [staff.adminCookie, staff.editorCookie, null]) {
          const res = await getPage(server, `${prefix}${bad}`, cookie);
          await res.arrayBuffer();
          expect(`${prefix}${bad} -> ${res.status}`).toBe(`${prefix}${bad} -> 400`);
        }
    const targets = [
      "/%0B/x",
      "/%00",
      "/%0D%0ASet-Cookie:x",
      "/%7F",
      "/%C2%85",
      "/%E2%80%AE",
      "/%C3%BC",
      "/a%20b",
      "/%25E0%25A4%25A",
    ];
    for (const target of targets)
      for (const cookie of [staff.adminCookie, staff.editorCookie]) {
        const res = await getPage(server, `/login?redirectTo=${target}`, cookie);
        expect([target, res.status]).toEqual([target, 302]);
        expect(res.headers.get("location"), target).toBe("/admin");
      }
  });

  it("tells nothing about the stack and allows no other origin: no X-Powered-By, no CORS, no directory listing", async () => {
    for (const path of ["/", "/api/admin/security/me", "/assets/", "/favicon.ico"]) {
      const res = await getPage(server, path, staff.adminCookie, { Origin: "https://evil.example" });
      expect(res.headers.get("x-powered-by"), path).toBeNull();
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
      expect(res.headers.get("access-control-allow-credentials"), path).toBeNull();
      if (path === "/assets/") {
        expect(res.status).toBe(404);
        // The site's own 404 page, not a listing of the folder.
        const body = await res.text();
        expect(body).not.toContain("Index of");
        expect(body).toContain("<html");
      }
    }
  });
});
