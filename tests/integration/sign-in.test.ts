import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, getPage, PASSWORD, postForm, postLogin, signIn, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

describe.each(dbKinds())("signing in and out on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    ({ server } = await startStaffServer(kind));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, cookie?: string | null) => getPage(server, path, cookie);

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

    it("closes better-auth's direct sign-in endpoint: no password check, no token, only the sign-in page signs in", async () => {
      const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.200" },
        body: JSON.stringify({ email: "editor@meritum.test", password: PASSWORD }),
      });
      expect(res.status).toBe(404);
      const body = await res.text();
      expect(body).not.toContain("token");
      expect(res.headers.getSetCookie()).toEqual([]);
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

  describe("sessions", () => {
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

    it("records when a session was last active, and never extends its expiry on use (issue 13)", async () => {
      await createStaff(server, "active@meritum.test", "editor");
      const cookie = await signIn(server, "active@meritum.test", PASSWORD, "203.0.113.100");
      const db = server.database.db;
      const { id } = await db
        .selectFrom("session")
        .innerJoin("user", "user.id", "session.userId")
        .select("session.id")
        .where("user.email", "=", "active@meritum.test")
        .executeTakeFirstOrThrow();
      // Pretend it was last used 20 minutes ago (within the 30-minute idle timeout).
      const expiresAt = new Date(Date.now() + 3 * 3600_000).toISOString();
      await db
        .updateTable("session")
        .set({ updatedAt: new Date(Date.now() - 20 * 60_000).toISOString(), expiresAt })
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
      expect(row.expiresAt).toBe(expiresAt);
      expect(res.headers.getSetCookie().find((c) => c.includes("session_token="))).toBeUndefined();
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
});
