import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCall,
  createStaff,
  getPage,
  PASSWORD,
  postForm,
  postLogin,
  sessionCookieFrom,
  signIn,
  startStaffServer,
} from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";
import { linkIn, startTestSmtp, type TestSmtp } from "../support/smtp";

/** The secret part of a better-auth session cookie value ("<token>.<signature>", URL-encoded). */
function sessionTokenOf(cookie: string): string {
  const value = /session_token=([^;]+)/.exec(cookie)![1]!;
  return decodeURIComponent(value).split(".")[0]!;
}

/** Issue 13: tokens stored as digests; a TOTP code signs in once. */
describe.each(dbKinds())("tokens at rest and one-time codes on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ server, adminCookie } = await startStaffServer(kind, { SMTP_URL: smtp.url }));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** Every row of the tables that hold tokens, as one text to search. */
  async function storedText(): Promise<string> {
    const db = server.database.db;
    const tables = await Promise.all([
      db.selectFrom("session").selectAll().execute(),
      db.selectFrom("verification").selectAll().execute(),
      db.selectFrom("account").selectAll().execute(),
      db.selectFrom("user").selectAll().execute(),
      db.selectFrom("audit_log").selectAll().execute(),
    ]);
    return JSON.stringify(tables);
  }

  it("stores no issued session, reset, invitation or pending-2FA token, and each still works", async () => {
    // Session tokens.
    await createStaff(server, "tokens@meritum.test", "editor");
    const session = await signIn(server, "tokens@meritum.test", PASSWORD, "203.0.113.211");
    const sessionToken = sessionTokenOf(session);
    expect(sessionToken.length).toBeGreaterThanOrEqual(32);

    // A reset link.
    let since = smtp.mails.length;
    await postForm(server, "/admin/password-reset", null, { email: "tokens@meritum.test" });
    const resetToken = linkIn(
      await smtp.waitFor("tokens@meritum.test", { since }),
      "/admin/reset-password",
    ).searchParams.get("token")!;

    // An invitation.
    since = smtp.mails.length;
    const invited = await apiCall(server, "POST", "/api/admin/users", adminCookie, {
      email: "invitee@meritum.test",
      name: "Invitee",
      role: "editor",
    });
    expect(invited.status).toBe(201);
    const inviteToken = linkIn(
      await smtp.waitFor("invitee@meritum.test", { since }),
      "/admin/accept-invite",
    ).searchParams.get("token")!;

    const stored = await storedText();
    for (const token of [sessionToken, resetToken, inviteToken]) {
      expect(token.length).toBeGreaterThanOrEqual(20);
      expect(stored).not.toContain(token);
    }
    // The kind prefixes the clean-up queries select on are kept.
    const identifiers = (await server.database.db.selectFrom("verification").select("identifier").execute()).map(
      (r) => r.identifier,
    );
    expect(identifiers.some((i) => i.startsWith("reset-password:"))).toBe(true);
    expect(identifiers.some((i) => i.startsWith("invite:"))).toBe(true);

    // All of them still work from what the user holds.
    expect((await apiCall(server, "GET", "/api/admin/security/me", session)).status).toBe(200);
    expect(
      await (await getPage(server, `/admin/reset-password?token=${encodeURIComponent(resetToken)}`)).text(),
    ).toContain("Choose a new password");
    const accepted = await postForm(server, "/admin/accept-invite", null, {
      token: inviteToken,
      password: "Invitee passphrase 2026",
      confirm: "Invitee passphrase 2026",
    });
    expect(accepted.status).toBe(302);
    // A resent invitation voids the old one (the clean-up by prefix still finds it).
    const pending = await createStaff(server, "pending@meritum.test", "editor");
    await server.database.db.deleteFrom("account").where("userId", "=", pending).execute();
    since = smtp.mails.length;
    expect((await apiCall(server, "POST", `/api/admin/users/${pending}/invitation`, adminCookie)).status).toBe(200);
    const first = linkIn(await smtp.waitFor("pending@meritum.test", { since }), "/admin/accept-invite");
    since = smtp.mails.length;
    expect((await apiCall(server, "POST", `/api/admin/users/${pending}/invitation`, adminCookie)).status).toBe(200);
    const second = linkIn(await smtp.waitFor("pending@meritum.test", { since }), "/admin/accept-invite");
    expect(await (await getPage(server, first.pathname + first.search)).text()).toContain(
      "This invitation does not work",
    );
    expect(await (await getPage(server, second.pathname + second.search)).text()).toContain("Set your password");

    // Sign-out deletes the session found by its digest.
    const signOut = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { Cookie: session, Origin: server.url },
    });
    expect(signOut.status).toBe(200);
    expect((await apiCall(server, "GET", "/api/admin/security/me", session)).status).toBe(401);
  });

  it("accepts a TOTP code once: the same code (or an older one) cannot sign in again", async () => {
    await createStaff(server, "replay@meritum.test", "editor");
    let cookie = await signIn(server, "replay@meritum.test", PASSWORD, "203.0.113.212");
    const call = (path: string, body: unknown) => apiCall(server, "POST", `/api/admin/security${path}`, cookie, body);
    const setup = (await (await call("/two-factor", { password: PASSWORD })).json()) as { data: { key: string } };
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(setup.data.key),
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    });
    const confirm = await call("/two-factor/confirm", { code: totp.generate() });
    expect(confirm.status).toBe(200);
    cookie = sessionCookieFrom(confirm, cookie);

    // The next step's code is accepted (within the window) the first time only.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const first = await postLogin(
      server,
      { email: "replay@meritum.test", password: PASSWORD },
      { ip: "203.0.113.213" },
    );
    expect(first.status).toBe(200);
    const pendingCookie = first.cookie!;
    // The pending 2FA step is not stored as issued either.
    const pendingId = decodeURIComponent(/two_factor=([^;]+)/.exec(pendingCookie)![1]!).split(".")[0]!;
    expect(await storedText()).not.toContain(pendingId);
    const signedIn = await postLogin(server, { intent: "totp", code }, { ip: "203.0.113.213", cookie: pendingCookie });
    expect(signedIn.status).toBe(302);
    expect(signedIn.cookie).toContain("session_token=");

    // A phished password and code, used again by someone else within the 30 seconds.
    const second = await postLogin(
      server,
      { email: "replay@meritum.test", password: PASSWORD },
      { ip: "203.0.113.214" },
    );
    expect(second.status).toBe(200);
    const replay = await postLogin(server, { intent: "totp", code }, { ip: "203.0.113.214", cookie: second.cookie! });
    expect(replay.status).toBe(401);
    expect(replay.cookie ?? "").not.toContain("session_token=");
    expect(replay.body).toContain("That code was already used. Wait for the next code in your authenticator app.");
    // An older code (the current step, before the one just used) is refused as well.
    const older = await postLogin(
      server,
      { intent: "totp", code: totp.generate() },
      { ip: "203.0.113.214", cookie: second.cookie! },
    );
    expect(older.status).toBe(401);

    const audit = await server.database.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target", "=", "replay@meritum.test")
      .where("action", "=", "sign_in.two_factor_failure")
      .execute();
    expect(audit.some((r) => String(r.details).includes("code_already_used"))).toBe(true);
  });
});
