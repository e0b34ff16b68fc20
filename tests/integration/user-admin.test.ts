import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { writeAudit } from "@server/audit/audit";
import { createDatabase, type DB } from "@server/db";
import { createUserWithPassword, deleteUser, setDisabled, setRole } from "@server/users/users";
import {
  apiCall,
  createStaff,
  getPage,
  PASSWORD,
  postForm,
  postLogin,
  signIn,
  startStaffServer,
} from "../support/auth";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import type { TestServer } from "../support/server";
import { linkIn, startTestSmtp, type TestSmtp } from "../support/smtp";

/** The Users screen's API (/api/admin/users): invitations, roles, access, deletion and the audit log. */
describe.each(dbKinds())("user administration on %s", (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let adminCookie: string;
  let adminId: string;
  let editorId: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ({ server, adminCookie, adminId, editorId } = await startStaffServer(kind, { SMTP_URL: smtp.url }));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const get = (path: string, cookie?: string | null) => getPage(server, path, cookie);
  const call = (method: string, path: string, body?: unknown, cookie = adminCookie) =>
    apiCall(server, method, `/api/admin/users${path}`, cookie, body);
  const idOf = async (email: string) =>
    (await server.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  it("lists the staff, marking oneself, and searches by name or e-mail", async () => {
    const all = (await (await call("GET", "")).json()) as { users: Array<{ email: string; self: boolean }> };
    expect(all.users.map((u) => u.email)).toEqual(
      expect.arrayContaining(["admin@meritum.test", "editor@meritum.test"]),
    );
    expect(all.users.filter((u) => u.self).map((u) => u.email)).toEqual(["admin@meritum.test"]);
    const found = (await (await call("GET", "/?q=EDITOR")).json()) as { users: Array<{ email: string }> };
    expect(found.users.map((u) => u.email)).toEqual(["editor@meritum.test"]);
  });

  it("refuses an invitation with bad fields, saying which, and stores nothing", async () => {
    const res = await call("POST", "", { email: "not-an-address", name: " ", role: "owner" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("validation");
    expect(Object.keys(body.error.fields).sort()).toEqual(["email", "name", "role"]);
    expect(
      await server.database.db.selectFrom("user").select("id").where("email", "=", "not-an-address").execute(),
    ).toEqual([]);
  });

  it("invites a user who sets a password from the e-mailed link (once)", async () => {
    const since = smtp.mails.length;
    const res = await call("POST", "", { email: "Invitee@Meritum.test", name: "Ivy Invitee", role: "editor" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, message: "Invitation sent to invitee@meritum.test." });
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
    const differ = await postForm(server, "/admin/accept-invite", null, {
      token,
      password: "Ivy's own passphrase 1",
      confirm: "Ivy's other passphrase",
    });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("The two passwords differ.");
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
    const dup = await call("POST", "", { email: "invitee@meritum.test", name: "Again", role: "editor" });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.fields.email).toContain("already exists");
  });

  it("resends an invitation: the new link works and the old one no longer does", async () => {
    let since = smtp.mails.length;
    await call("POST", "", { email: "late@meritum.test", name: "Late Larry", role: "editor" });
    const first = linkIn(await smtp.waitFor("late@meritum.test", { since }), "/admin/accept-invite").searchParams.get(
      "token",
    )!;
    const id = await idOf("late@meritum.test");
    since = smtp.mails.length;
    expect((await call("POST", `/${id}/invitation`)).status).toBe(200);
    const second = linkIn(await smtp.waitFor("late@meritum.test", { since }), "/admin/accept-invite").searchParams.get(
      "token",
    )!;
    expect(second).not.toBe(first);
    expect(await (await get(`/admin/accept-invite?token=${encodeURIComponent(first)}`)).text()).toContain(
      "This invitation does not work",
    );
    expect(await (await get(`/admin/accept-invite?token=${encodeURIComponent(second)}`)).text()).toContain(
      "Set your password",
    );
    expect((await call("POST", `/${editorId}/invitation`)).status).toBe(409);
  });

  it("disabling a user ends their sessions at once and blocks sign-in; enabling restores it", async () => {
    const id = await createStaff(server, "disable-me@meritum.test", "editor");
    const cookie = await signIn(server, "disable-me@meritum.test", PASSWORD, "203.0.113.80");
    expect((await get("/admin", cookie)).status).toBe(200);
    const disabled = await call("PATCH", `/${id}`, { disabled: true });
    expect(await disabled.json()).toEqual({ ok: true, message: "User disabled and signed out." });
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
    expect((await call("PATCH", `/${id}`, { disabled: false })).status).toBe(200);
    expect(
      (await postLogin(server, { email: "disable-me@meritum.test", password: PASSWORD }, { ip: "203.0.113.82" }))
        .status,
    ).toBe(302);
  });

  it("changes roles, which changes access", async () => {
    const id = await createStaff(server, "promote@meritum.test", "editor");
    const cookie = await signIn(server, "promote@meritum.test", PASSWORD, "203.0.113.83");
    expect((await get("/admin/users", cookie)).status).toBe(403);
    expect((await call("PATCH", `/${id}`, { role: "admin" })).status).toBe(200);
    expect((await get("/admin/users", cookie)).status).toBe(200);
    expect((await call("PATCH", `/${id}`, { role: "editor" })).status).toBe(200);
    expect((await get("/admin/users", cookie)).status).toBe(403);
    const bad = await call("PATCH", `/${id}`, { role: "owner" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.role).toBe("Choose admin or editor.");
    expect((await call("PATCH", `/${id}`, {})).status).toBe(400);
  });

  it("never deletes, disables or demotes yourself, and says when the user is gone", async () => {
    for (const [method, body] of [
      ["DELETE", undefined],
      ["PATCH", { disabled: true }],
      ["PATCH", { role: "editor" }],
    ] as const) {
      const res = await call(method, `/${adminId}`, body);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(409);
    }
    expect((await get("/admin/users", adminCookie)).status).toBe(200);
    expect((await call("DELETE", "/no-such-user")).status).toBe(404);
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
    expect((await call("DELETE", `/${id}`)).status).toBe(200);
    const audit = await (await call("GET", "/audit-log?action=user.deleted")).json();
    expect(audit.rows[0]).toMatchObject({
      action: "user.deleted",
      label: "User deleted",
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
    ]) {
      expect(actions.has(a), a).toBe(true);
    }
    const count = await sql<{ n: number }>`select count(*) as n from audit_log where ip is not null`.execute(
      server.database.db,
    );
    expect(Number(count.rows[0]!.n)).toBeGreaterThan(0);
  });

  it("pages the audit log, 25 entries a page, with the actions to filter by", async () => {
    for (let i = 0; i < 30; i++)
      await writeAudit(server.database.db, { action: "test.entry", target: `paging-${i}@meritum.test` });
    const first = await (await call("GET", "/audit-log")).json();
    expect(first.total).toBeGreaterThan(25);
    expect(first.rows).toHaveLength(25);
    expect(first.page).toBe(1);
    expect(first.pages).toBe(Math.ceil(first.total / 25));
    expect(first.actions).toEqual(expect.arrayContaining([{ value: "user.deleted", label: "User deleted" }]));
    const second = await (await call("GET", "/audit-log/?page=2")).json();
    expect(second.page).toBe(2);
    expect(second.rows[0].id).not.toBe(first.rows[0].id);
    const byPerson = await (await call("GET", "/audit-log?q=paging-1")).json();
    expect(byPerson.total).toBe(11);
    expect(byPerson.rows.every((r: { target: string }) => r.target.startsWith("paging-1"))).toBe(true);
    const byAction = await (await call("GET", "/audit-log?action=test.entry&page=2")).json();
    expect(byAction).toMatchObject({ total: 30, page: 2, pages: 2 });
    expect(byAction.rows).toHaveLength(5);
  });
});

/**
 * The last-admin rule under a real race on PostgreSQL (READ COMMITTED): two admins remove each
 * other at the same moment from two separate connection pools, as two instances would. A third
 * connection holds both users' rows locked until both transactions are waiting, so each has
 * had every chance to read "one other admin left" before either may write; without the
 * roster lock in server/users both would then succeed and leave no administrator.
 */
describe.each(dbKinds().filter((kind) => kind === "postgres"))("the last-admin rule racing on %s", (kind) => {
  let t: TestDatabase;
  let one: DB;
  let two: DB;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    one = createDatabase(t.target);
    two = createDatabase(t.target);
  });
  afterAll(async () => {
    await one?.destroy();
    await two?.destroy();
    await t?.cleanup();
  });

  /** Backends of this database waiting for a lock (row or advisory). */
  const lockWaiters = async () => {
    const row = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
    `.execute(t.db);
    return row.rows[0]!.n;
  };

  it("always keeps one active administrator, over many rounds of mutual demotion or disabling", async () => {
    const a = await createUserWithPassword(t.db, {
      email: "race-a@meritum.test",
      name: "A",
      role: "admin",
      password: PASSWORD,
    });
    const b = await createUserWithPassword(t.db, {
      email: "race-b@meritum.test",
      name: "B",
      role: "admin",
      password: PASSWORD,
    });
    const actorA = { id: a, email: "race-a@meritum.test" };
    const actorB = { id: b, email: "race-b@meritum.test" };
    type Move = (db: DB, actor: typeof actorA, target: string) => Promise<void>;
    const demote: Move = (db, actor, target) => setRole(db, actor, target, "editor");
    const disable: Move = (db, actor, target) => setDisabled(db, actor, target, true);
    const pairs: Array<[Move, Move]> = [
      [demote, demote],
      [disable, disable],
      [demote, disable],
      [disable, demote],
    ];

    for (let round = 0; round < 24; round++) {
      // Both are active admins, and the only ones.
      await t.db.updateTable("user").set({ role: "admin", banned: false }).where("id", "in", [a, b]).execute();
      const holder = new pg.Client({ connectionString: t.databaseUrl });
      await holder.connect();
      let results: PromiseSettledResult<void>[];
      try {
        await holder.query("begin");
        await holder.query(`select id from "user" where id = any($1) for update`, [[a, b]]);
        const [moveA, moveB] = pairs[round % pairs.length]!;
        // Alternate which connection starts first.
        const racing =
          round % 2
            ? Promise.allSettled([moveA(one, actorA, b), moveB(two, actorB, a)])
            : Promise.allSettled([moveB(two, actorB, a), moveA(one, actorA, b)]);
        await expect.poll(lockWaiters, { timeout: 10_000, interval: 10 }).toBe(2);
        await holder.query("commit");
        results = await racing;
      } finally {
        await holder.end();
      }
      const active = await t.db
        .selectFrom("user")
        .select("id")
        .where("role", "=", "admin")
        .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
        .execute();
      expect(active.length, `round ${round}`).toBeGreaterThanOrEqual(1);
      // One move went through; the other was refused by the rule.
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(String(refused.reason), `round ${round}`).toMatch(/last administrator/);
    }
  });
});
