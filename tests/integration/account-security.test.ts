import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCall,
  createStaff,
  getPage,
  PASSWORD,
  postLogin,
  sessionCookieFrom,
  signIn,
  startStaffServer,
} from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/** The Security page's API (/api/admin/security): one's own password, 2FA and sessions. */
describe.each(dbKinds())("one's own account on %s", (kind) => {
  let server: TestServer;
  let adminId: string;
  let adminCookie: string;

  beforeAll(async () => {
    ({ server, adminId, adminCookie } = await startStaffServer(kind));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie?: string | null) => getPage(server, path, cookie);
  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    apiCall(server, method, `/api/admin/security${path}`, cookie, body);

  it("enables 2FA, then signs in with a one-time backup code; wrong codes are refused", async () => {
    await createStaff(server, "twofa@meritum.test", "editor");
    let cookie = await signIn(server, "twofa@meritum.test", PASSWORD, "203.0.113.91");
    const wrongPassword = await call("POST", "/two-factor", cookie, { password: "not the password" });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).error.fields).toEqual({ password: "The password is not correct." });

    const start = await call("POST", "/two-factor", cookie, { password: PASSWORD });
    expect(start.status).toBe(200);
    const setup = (await start.json()) as { ok: true; data: { key: string; qr: string } };
    expect(setup.data.qr).toMatch(/^data:image\/png;base64,/);
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(setup.data.key),
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    });
    const badCode = await call("POST", "/two-factor/confirm", cookie, { code: "12" });
    expect(badCode.status).toBe(400);
    expect((await badCode.json()).error.fields.code).toMatch(/6-digit code/);
    const confirm = await call("POST", "/two-factor/confirm", cookie, { code: totp.generate() });
    expect(confirm.status).toBe(200);
    const confirmed = (await confirm.json()) as { ok: true; message: string; data: { backupCodes: string[] } };
    expect(confirmed.message).toBe("Two-factor authentication is on.");
    const codes = confirmed.data.backupCodes;
    expect(codes).toHaveLength(10);
    cookie = sessionCookieFrom(confirm, cookie);
    expect((await get("/admin/security", cookie)).status).toBe(200);
    expect((await (await call("GET", "", cookie)).json()).twoFactorEnabled).toBe(true);

    const step1 = await postLogin(server, { email: "twofa@meritum.test", password: PASSWORD }, { ip: "203.0.113.92" });
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

    const again = await postLogin(server, { email: "twofa@meritum.test", password: PASSWORD }, { ip: "203.0.113.93" });
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
    expect((await call("POST", "/two-factor/disable", signedIn, { password: "not the password" })).status).toBe(400);
    const off = await call("POST", "/two-factor/disable", signedIn, { password: PASSWORD });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ ok: true, message: "Two-factor authentication is off." });
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
    const wrongCurrent = await call("POST", "/password", here, {
      currentPassword: "wrong current",
      password: next,
      confirm: next,
    });
    expect(wrongCurrent.status).toBe(400);
    expect((await wrongCurrent.json()).error.fields).toEqual({
      currentPassword: "The current password is not correct.",
    });
    const common = await call("POST", "/password", here, {
      currentPassword: PASSWORD,
      password: "qwertyuiop123",
      confirm: "qwertyuiop123",
    });
    expect(common.status).toBe(400);
    expect((await common.json()).error.fields.password).toMatch(/too common/);
    const differ = await call("POST", "/password", here, { currentPassword: PASSWORD, password: next, confirm: "x" });
    expect(differ.status).toBe(400);
    expect((await differ.json()).error.fields).toEqual({ confirm: "The two passwords differ." });

    const done = await call("POST", "/password", here, { currentPassword: PASSWORD, password: next, confirm: next });
    expect(done.status).toBe(200);
    const fresh = sessionCookieFrom(done, here);
    expect(fresh).not.toBe(here);
    expect((await get("/admin/security", fresh)).status).toBe(200);
    expect((await get("/admin", elsewhere)).status).toBe(302);
    expect(
      (await postLogin(server, { email: "chpw@meritum.test", password: next }, { ip: "203.0.113.97" })).status,
    ).toBe(302);
    const audit = await server.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("target", "=", "chpw@meritum.test")
      .execute();
    expect(audit.map((r) => r.action)).toContain("password.changed");
  });

  it("lists one's own sessions and revokes another one, never someone else's", async () => {
    await createStaff(server, "sessions@meritum.test", "editor");
    const here = await signIn(server, "sessions@meritum.test", PASSWORD, "203.0.113.98");
    const other = await signIn(server, "sessions@meritum.test", PASSWORD, "203.0.113.99");
    const overview = (await (await call("GET", "", here)).json()) as {
      sessions: Array<{ id: string; ip: string; current: boolean }>;
      activity: Array<{ label: string }>;
    };
    expect(overview.sessions.map((s) => s.ip).sort()).toEqual(["203.0.113.98", "203.0.113.99"]);
    expect(overview.sessions.find((s) => s.current)?.ip).toBe("203.0.113.98");
    expect(overview.activity.map((a) => a.label)).toContain("Signed in");
    const otherId = overview.sessions.find((s) => s.ip === "203.0.113.99")!.id;
    const thisId = overview.sessions.find((s) => s.current)!.id;
    // Someone else's session id cannot be revoked from here, nor this session.
    const foreign = await server.database.db
      .selectFrom("session")
      .select("id")
      .where("userId", "=", adminId)
      .executeTakeFirstOrThrow();
    expect((await call("DELETE", `/sessions/${foreign.id}`, here)).status).toBe(404);
    expect((await call("DELETE", `/sessions/${thisId}`, here)).status).toBe(400);
    expect((await call("DELETE", `/sessions/${otherId}`, here)).status).toBe(200);
    expect((await get("/admin", other)).status).toBe(302);
    expect((await get("/admin", here)).status).toBe(200);
    expect((await get("/admin", adminCookie)).status).toBe(200);
  });

  it("signs out every other session at once", async () => {
    await createStaff(server, "others@meritum.test", "editor");
    const here = await signIn(server, "others@meritum.test", PASSWORD, "203.0.113.110");
    const second = await signIn(server, "others@meritum.test", PASSWORD, "203.0.113.111");
    const third = await signIn(server, "others@meritum.test", PASSWORD, "203.0.113.112");
    const res = await call("DELETE", "/sessions", here);
    expect(await res.json()).toEqual({ ok: true, message: "2 other sessions signed out.", data: { count: 2 } });
    expect((await get("/admin", second)).status).toBe(302);
    expect((await get("/admin", third)).status).toBe(302);
    expect((await get("/admin", here)).status).toBe(200);
  });
});
