import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, createStaff, getPage, PASSWORD, signIn, startStaffServer } from "../support/auth";
import { ageSession, latestSessionId } from "../support/clock";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

const MINUTE = 60_000;

/** Issue 13: idle timeout (30 min), absolute lifetime (12 h), password again before sensitive actions. */
describe.each(dbKinds())("staff session lifetime on %s", (kind) => {
  let server: TestServer;
  let adminId: string;

  beforeAll(async () => {
    ({ server, adminId } = await startStaffServer(kind));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.database.db;
  const sessionExists = async (id: string) =>
    !!(await db().selectFrom("session").select("id").where("id", "=", id).executeTakeFirst());

  it("issues a 12-hour cookie whose expiry use never extends", async () => {
    await createStaff(server, "abs@meritum.test", "editor");
    const res = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        "X-Forwarded-For": "203.0.113.201",
      },
      body: new URLSearchParams({ intent: "password", email: "abs@meritum.test", password: PASSWORD }),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.includes("session_token="))!;
    expect(setCookie).toContain("Max-Age=43200");
    const cookie = setCookie.split(";")[0]!;
    const id = await latestSessionId(db(), "abs@meritum.test");
    const before = await db().selectFrom("session").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    // better-auth stamps createdAt and expiresAt with two clock reads: equal to within a second.
    const lifetime = new Date(before.expiresAt).getTime() - new Date(before.createdAt).getTime();
    expect(Math.abs(lifetime - 12 * 60 * MINUTE)).toBeLessThan(1000);

    // Used every 20 minutes for 11 hours 40 minutes: never idle, still signed in, same expiry.
    for (let i = 0; i < 35; i++) {
      await ageSession(db(), id, 20 * MINUTE);
      const used = await apiCall(server, "GET", "/api/admin/security/me", cookie);
      expect(used.status).toBe(200);
      expect(used.headers.getSetCookie().filter((c) => c.includes("session_token="))).toEqual([]);
    }
    expect((await getPage(server, "/admin", cookie)).status).toBe(200);
    const after = await db().selectFrom("session").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.expiresAt).toBe(new Date(new Date(before.expiresAt).getTime() - 35 * 20 * MINUTE).toISOString());

    // 21 minutes later (12 h 1 min after sign-in), however active, it has ended.
    await ageSession(db(), id, 21 * MINUTE);
    const late = await getPage(server, "/admin", cookie);
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toMatch(/^\/login/);
  });

  it("ends a session unused for 30 minutes (signed out, cookie cleared, audited)", async () => {
    await createStaff(server, "idle@meritum.test", "editor");
    const cookie = await signIn(server, "idle@meritum.test", PASSWORD, "203.0.113.202");
    const id = await latestSessionId(db(), "idle@meritum.test");

    await ageSession(db(), id, 29 * MINUTE);
    expect((await getPage(server, "/admin", cookie)).status).toBe(200);
    // That request counted as activity: another 29 minutes later it still works.
    await ageSession(db(), id, 29 * MINUTE);
    expect((await apiCall(server, "GET", "/api/admin/security/me", cookie)).status).toBe(200);

    await ageSession(db(), id, 31 * MINUTE);
    const api = await apiCall(server, "GET", "/api/admin/security/me", cookie);
    expect(api.status).toBe(401);
    const cleared = api.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cleared).toMatch(/session_token=;.*Max-Age=0/);
    expect(await sessionExists(id)).toBe(false);
    expect((await getPage(server, "/admin", cookie)).status).toBe(302);
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("target", "=", "idle@meritum.test")
      .where("action", "=", "session.idle_timeout")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("asks for the password again before sensitive admin actions once 5 minutes have passed", async () => {
    const targetId = await createStaff(server, "target@meritum.test", "editor");
    const cookie = await signIn(server, "admin@meritum.test", PASSWORD, "203.0.113.203");
    const id = await latestSessionId(db(), "admin@meritum.test");
    const users = (method: string, path: string, body?: unknown) =>
      apiCall(server, method, `/api/admin/users${path}`, cookie, body);

    // Just signed in: fresh.
    expect((await users("PATCH", `/${targetId}`, { role: "admin" })).status).toBe(200);

    // Six minutes on (active all along, so not idle): every sensitive action asks first.
    await ageSession(db(), id, 6 * MINUTE, ["createdAt", "expiresAt"]);
    const stale = [
      await users("PATCH", `/${targetId}`, { role: "editor" }),
      await users("POST", "", { email: "new-person@meritum.test", name: "New Person", role: "editor" }),
      await users("POST", `/${targetId}/invitation`),
      await users("DELETE", `/${targetId}/two-factor`),
      await users("DELETE", `/${targetId}`),
    ];
    for (const res of stale) {
      expect(res.status).toBe(403);
      expect((await res.json()).error).toEqual({
        code: "reauth_required",
        message: "For your security, please enter your password again to continue.",
      });
    }
    const target = await db().selectFrom("user").select("role").where("id", "=", targetId).executeTakeFirstOrThrow();
    expect(target.role).toBe("admin");
    expect(
      await db().selectFrom("user").select("id").where("email", "=", "new-person@meritum.test").executeTakeFirst(),
    ).toBeUndefined();
    // Reading is not sensitive.
    expect((await users("GET", "")).status).toBe(200);

    const reauth = (password: string) =>
      apiCall(server, "POST", "/api/admin/security/reauthenticate", cookie, { password });
    const wrong = await reauth("not the password");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toEqual({ password: "The password is not correct." });
    expect((await users("PATCH", `/${targetId}`, { role: "editor" })).status).toBe(403);

    const ok = await reauth(PASSWORD);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, message: "Password confirmed." });
    expect((await users("PATCH", `/${targetId}`, { role: "editor" })).status).toBe(200);

    // The confirmation lasts 5 minutes.
    await ageSession(db(), id, 6 * MINUTE, ["createdAt", "expiresAt", "reauthenticatedAt"]);
    expect((await users("DELETE", `/${targetId}`)).status).toBe(403);
    expect((await reauth(PASSWORD)).status).toBe(200);
    expect((await users("DELETE", `/${targetId}`)).status).toBe(200);

    const actions = (await db().selectFrom("audit_log").select("action").where("actor_id", "=", adminId).execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["session.reauthenticated", "session.reauth_failure"]));
  });
});
