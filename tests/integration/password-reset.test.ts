import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, getPage, PASSWORD, postForm, postLogin, signIn, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";
import { linkIn, startTestSmtp, type TestSmtp } from "../support/smtp";

describe.each(dbKinds())("password reset by e-mail on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ server } = await startStaffServer(kind, { SMTP_URL: smtp.url }));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const get = (path: string, cookie?: string | null) => getPage(server, path, cookie);

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

  it("writes the request and the reset to the audit log", async () => {
    const actions = new Set(
      (await server.database.db.selectFrom("audit_log").select("action").execute()).map((r) => r.action),
    );
    expect(actions.has("password.reset_requested")).toBe(true);
    expect(actions.has("password.reset")).toBe(true);
  });
});
