import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256, storedVerificationIdentifier } from "@server/auth/token-hash";
import { isPostgres } from "@server/db/dialect";
import { migrateToLatest } from "@server/db";
import { migrations } from "@server/db/migrations";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

/*
 * Migration 0015 replaced the tokens already issued by their digests. It keeps its own frozen
 * copy of the digest functions (db/ imports no domain, decision 0038): sessions and open links
 * from before it must still match what server/auth/token-hash.ts looks up today.
 */
describe.each(dbKinds())("migration 0015's token digests on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(() => t?.cleanup());

  it("stores the digests auth computes, so sessions and links from before it keep working", async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo("0006-stored-files");
    expect(error).toBeUndefined();

    const db = t.db as any;
    const now = new Date().toISOString();
    const no = isPostgres(db) ? false : 0;
    await db
      .insertInto("user")
      .values({ id: "u1", name: "Olivia", email: "o@example.com", emailVerified: no, createdAt: now, updatedAt: now })
      .execute();
    const token = "session-token-from-before-0015-abcdef";
    await db
      .insertInto("session")
      .values({ id: "s1", expiresAt: now, token, createdAt: now, updatedAt: now, userId: "u1" })
      .execute();
    const identifiers = ["invite:open-invitation-secret-123456", "2fa-pending-step-abcdef"];
    for (const [i, identifier] of identifiers.entries())
      await db
        .insertInto("verification")
        .values({ id: `v${i}`, identifier, value: "x", expiresAt: now, createdAt: now, updatedAt: now })
        .execute();

    expect(await migrateToLatest(t.db)).toContain("0015-session-security");

    const session = await db.selectFrom("session").select("token").where("id", "=", "s1").executeTakeFirstOrThrow();
    expect(session.token).toBe(sha256(token));
    const stored = await db.selectFrom("verification").select(["id", "identifier"]).orderBy("id").execute();
    expect(stored.map((v: { identifier: string }) => v.identifier)).toEqual(
      identifiers.map(storedVerificationIdentifier),
    );
    // The kind prefix stays readable (the clean-up queries select by it); the secret does not.
    expect(stored[0].identifier).toMatch(/^invite:(?!open-invitation)/);
  });
});
