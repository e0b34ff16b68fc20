import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, createStaff, PASSWORD, postLogin, signIn, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import type { TestServer } from "../support/server";

/**
 * Sign-in abuse limits as an attacker meets them: the lockout reserved before the password
 * check, the one per-address sign-in budget (IPv6 grouped by /64) shared by the sign-in page
 * and the Security page's password checks, and the last-admin rule under concurrency.
 */
describe.each(dbKinds())("abuse limits on %s", (kind) => {
  let server: TestServer;
  let adminId: string;

  beforeAll(async () => {
    ({ server, adminId } = await startStaffServer(kind, { AUTH_RATE_LIMIT_MAX: "5", AUTH_LOCKOUT_THRESHOLD: "10" }));
  });
  afterAll(() => server?.stop());

  const auditCount = async (action: string, target: string) =>
    (
      await server.database.db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", action)
        .where("target", "=", target)
        .execute()
    ).length;

  it("50 concurrent wrong sign-ins on one account make at most the threshold of password checks", async () => {
    await createStaff(server, "parallel@meritum.test", "editor");
    // Each from its own address, so only the per-account lockout stands in the way.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postLogin(
          server,
          { email: "parallel@meritum.test", password: `wrong guess ${i}` },
          { ip: `198.18.7.${i + 1}` },
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // A password check writes sign_in.failure; a refused reservation writes sign_in.blocked.
    const checks = await auditCount("sign_in.failure", "parallel@meritum.test");
    expect(checks).toBeLessThanOrEqual(10);
    expect(checks).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checks);
    expect(await auditCount("sign_in.locked", "parallel@meritum.test")).toBeLessThanOrEqual(1);
    // Locked now: even the right password is refused, with Retry-After.
    const right = await postLogin(server, { email: "parallel@meritum.test", password: PASSWORD }, { ip: "198.18.8.1" });
    expect(right.status).toBe(429);
    expect(right.body).toContain("Too many failed sign-in attempts");
  });

  it("gives one IPv6 /64 one sign-in budget, whatever address of it is used", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postLogin(
        server,
        { email: `v6-${i}@meritum.test`, password: "wrong password" },
        { ip: `2001:db8:aa:bb:${(i + 1).toString(16)}::${i + 7}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The neighbouring /64 has its own budget.
    const other = await postLogin(
      server,
      { email: "v6-other@meritum.test", password: "wrong password" },
      { ip: "2001:db8:aa:bc::1" },
    );
    expect(other.status).toBe(401);
  });

  it("counts the Security page's current-password checks in the same budget as the sign-in page, and audits them", async () => {
    const ip = "203.0.113.201";
    const cookie = await signIn(server, "admin@meritum.test", PASSWORD, ip); // 1 of 5
    const forward = { "X-Forwarded-For": ip };
    const wrongChange = () =>
      fetch(`${server.url}/api/admin/security/password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url, Cookie: cookie, ...forward },
        body: JSON.stringify({
          currentPassword: "not my password",
          password: "A-new-long-passphrase-7",
          confirm: "A-new-long-passphrase-7",
        }),
      });
    const first = await wrongChange(); // 2
    expect(first.status).toBe(400);
    expect((await first.json()).error.fields.currentPassword).toBe("The current password is not correct.");
    expect((await wrongChange()).status).toBe(400); // 3
    expect((await postLogin(server, { email: "admin@meritum.test", password: "wrong" }, { ip })).status).toBe(401); // 4
    expect((await wrongChange()).status).toBe(400); // 5
    const limited = await wrongChange(); // 6: over the budget
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await postLogin(server, { email: "admin@meritum.test", password: PASSWORD }, { ip })).status).toBe(429);
    const audited = await server.database.db
      .selectFrom("audit_log")
      .select(["action", "ip", "details"])
      .where("action", "=", "password.check_failed")
      .where("actor_id", "=", adminId)
      .execute();
    expect(audited).toHaveLength(3);
    expect(audited[0]!.ip).toBe(ip);
    expect(JSON.parse(audited[0]!.details)).toEqual({ during: "password_change" });
  });

  it("keeps one administrator when two admins demote each other at the same moment", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await createStaff(server, `duel-a${round}@meritum.test`, "admin");
      const b = await createStaff(server, `duel-b${round}@meritum.test`, "admin");
      // Only these two are admins during the round.
      await server.database.db
        .updateTable("user")
        .set({ role: "editor" })
        .where("id", "not in", [a, b])
        .where("role", "=", "admin")
        .execute();
      const cookieA = await signIn(server, `duel-a${round}@meritum.test`, PASSWORD, `192.0.2.${10 + round}`);
      const cookieB = await signIn(server, `duel-b${round}@meritum.test`, PASSWORD, `192.0.2.${20 + round}`);
      const [ra, rb] = await Promise.all([
        apiCall(server, "PATCH", `/api/admin/users/${b}`, cookieA, { role: "editor" }),
        apiCall(server, "PATCH", `/api/admin/users/${a}`, cookieB, { role: "editor" }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses[0]).toBe(200);
      // The loser is refused by the rule (409), or no longer an admin by the time its check runs (403).
      expect([403, 409]).toContain(statuses[1]);
      const admins = await server.database.db
        .selectFrom("user")
        .select("id")
        .where("role", "=", "admin")
        .where("id", "in", [a, b])
        .execute();
      expect(admins).toHaveLength(1);
    }
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", adminId).execute();
  });
});
