import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, pingDatabase } from "@server/db";
import { migrations } from "@server/db/migrations";
import { seedDatabase } from "@server/app/seed";
import { defaultSiteSettings } from "@common/settings";
import { getSiteSettings, updateSiteSettings } from "@server/settings/settings";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

describe.each(dbKinds())("database on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(() => t.cleanup());

  it("runs every migration up on a fresh database, then reports nothing to do", async () => {
    const applied = await migrateToLatest(t.db);
    expect(applied).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(t.db)).toEqual([]);
    expect(await pingDatabase(t.db)).toBe(true);
  });

  it("commits durably: SQLite in WAL mode with synchronous = FULL; PostgreSQL keeps the server's synchronous_commit", async () => {
    // The connection createDatabase opens, as the server's is (decision 0022).
    if (kind === "sqlite") {
      const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(t.db);
      expect(journal.rows).toEqual([{ journal_mode: "wal" }]);
      const synchronous = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(t.db);
      expect(synchronous.rows).toEqual([{ synchronous: 2 }]); // 2 = FULL
    } else {
      // The server's own setting (on by default): the connection never lowers it.
      const commit = await sql<{ source: string }>`
        select source from pg_settings where name = 'synchronous_commit'
      `.execute(t.db);
      expect(["session", "client"]).not.toContain(commit.rows[0]?.source);
    }
  });

  it("seeds idempotently: running it twice leaves the same rows", async () => {
    const snapshot = async () => {
      const settings = await t.db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute();
      const industries = await t.db.selectFrom("industries").select(["id", "slug", "name"]).orderBy("slug").execute();
      return { settings, industries };
    };
    await seedDatabase(t.db);
    const first = await snapshot();
    await seedDatabase(t.db);
    expect(await snapshot()).toEqual(first);
    expect(first.settings.length).toBe(Object.keys(defaultSiteSettings).length);
    expect(first.industries.length).toBeGreaterThanOrEqual(8);
  });

  it("re-seeds only what is missing: a deleted seed item comes back, an edited one keeps its edit", async () => {
    const tables = ["blog_posts", "help_guides", "faq_items", "industries"] as const;
    const slugs = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [
            table,
            (await t.db.selectFrom(table).select("slug").orderBy("slug").execute()).map((row) => row.slug),
          ]),
        ),
      );
    const seeded = await slugs();
    for (const table of tables) {
      expect(seeded[table]!.length, table).toBeGreaterThan(1);
      const [gone, edited] = seeded[table]!;
      await t.db.deleteFrom(table).where("slug", "=", gone!).execute();
      await t.db
        .updateTable(table)
        .set({ updated_at: "2020-01-01T00:00:00.000Z" })
        .where("slug", "=", edited!)
        .execute();
    }
    await seedDatabase(t.db);
    expect(await slugs()).toEqual(seeded);
    for (const table of tables) {
      const edited = await t.db
        .selectFrom(table)
        .select("updated_at")
        .where("slug", "=", seeded[table]![1]!)
        .executeTakeFirstOrThrow();
      expect(edited.updated_at, table).toBe("2020-01-01T00:00:00.000Z");
    }
  });

  it("reads the seeded settings and keeps staff edits across a re-seed", async () => {
    expect(await getSiteSettings(t.db)).toEqual(defaultSiteSettings);
    await updateSiteSettings(t.db, { phone: "(480) 555-0100" });
    await seedDatabase(t.db);
    expect((await getSiteSettings(t.db)).phone).toBe("(480) 555-0100");
  });

  it("falls back to the default for a stored value that no longer parses", async () => {
    await t.db.updateTable("site_settings").set({ value: "{not json" }).where("key", "=", "email").execute();
    await t.db.updateTable("site_settings").set({ value: '"not-an-email"' }).where("key", "=", "linkedinUrl").execute();
    const settings = await getSiteSettings(t.db);
    expect(settings.email).toBe(defaultSiteSettings.email);
    expect(settings.linkedinUrl).toBe(defaultSiteSettings.linkedinUrl);
  });

  it("rejects invalid settings without writing anything", async () => {
    const before = await getSiteSettings(t.db);
    await expect(updateSiteSettings(t.db, { phone: "(480) 555-0199", email: "nope" })).rejects.toThrow();
    expect(await getSiteSettings(t.db)).toEqual(before);
  });

  it("returns timestamps as ISO strings and counts as numbers", async () => {
    const row = await t.db.selectFrom("site_settings").select("updated_at").executeTakeFirstOrThrow();
    expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const { count } = await t.db
      .selectFrom("industries")
      .select(sql<number>`count(*)`.as("count"))
      .executeTakeFirstOrThrow();
    expect(typeof count).toBe("number");
  });
});

describe.each(dbKinds().filter((kind) => kind === "postgres"))("a %s connection that ends mid-transaction", (kind) => {
  it("fails that transaction and leaves the process running", async () => {
    const t = await createTestDatabase(kind, { migrate: false });
    const name = new URL(t.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // The transaction's client is lent out, between two queries, when the server ends its
      // connection: pg then emits the error on that client, which ends the process if nobody listens.
      const transaction = t.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await admin.query(`drop database ${name} with (force)`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      expect(process.exitCode ?? 0).toBe(0);
    } finally {
      await admin.end();
      await t.cleanup();
    }
  });
});
