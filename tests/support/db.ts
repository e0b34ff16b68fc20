import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "@server/config";
import { sql } from "kysely";
import { createDatabase, migrateToLatest, type DB } from "@server/db";
import { newRunName, runStartedAt } from "./test-run";

export type DbKind = "sqlite" | "postgres";

/**
 * The databases the suite runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL
 * is set. In CI a missing TEST_DATABASE_URL is an error, never a silent skip.
 */
export function dbKinds(): DbKind[] {
  if (process.env.TEST_DATABASE_URL) return ["sqlite", "postgres"];
  if (process.env.CI) throw new Error("CI must set TEST_DATABASE_URL: the suite runs against PostgreSQL too.");
  return ["sqlite"];
}

export interface TestDatabase {
  kind: DbKind;
  target: DatabaseTarget;
  /** DATABASE_URL to hand a child server process ("" for SQLite under DATA_DIR). */
  databaseUrl: string;
  dataDir: string;
  db: DB;
  cleanup: () => Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

const root = path.resolve(import.meta.dirname, "../..");

/** The migration set's fingerprint: a template made from other migrations is never used. */
function migrationsHash(): string {
  const dir = path.join(root, "server/db/migrations");
  const hash = crypto.createHash("sha256");
  for (const name of fs.readdirSync(dir).sort()) hash.update(name).update(fs.readFileSync(path.join(dir, name)));
  return hash.digest("hex").slice(0, 12);
}

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrlFor = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A migrated, empty database to copy from, made once per migration set and kept: an SQLite file
 * under .tmp/test-db-templates, or a PostgreSQL database `meritum_tpl_<hash>` on the
 * TEST_DATABASE_URL server. Migrating takes seconds (tens of them on a loaded 2-core machine,
 * every commit synced); copying the result takes milliseconds. Safe when several processes
 * (test workers, other checkouts) ask at once: the finished template appears by a rename.
 */
const migratedTemplate = (kind: DbKind) =>
  once(`migrated-${kind}`, kind === "sqlite" ? sqliteTemplate : postgresTemplate);

/** Each template is asked for at most once per process; later callers share the answer. */
const templates = new Map<string, Promise<string>>();
function once(key: string, make: () => Promise<string>): Promise<string> {
  let template = templates.get(key);
  if (!template) {
    template = make();
    templates.set(key, template);
  }
  return template;
}

/** An SQLite template file, whole in itself: its WAL folded in and the journal mode plain. */
async function settleSqliteFile(db: DB) {
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  await sql`pragma journal_mode = delete`.execute(db);
}

/**
 * Makes the SQLite template `file` unless it is there: `build` fills a file of its own name, which
 * then takes the template's name by a rename, so another process never finds half a template.
 */
async function sqliteTemplateFile(file: string, build: (building: string) => Promise<void>): Promise<string> {
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  await build(building);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${building}${suffix}`, { force: true });
  fs.renameSync(building, file);
  return file;
}

/**
 * Makes the PostgreSQL template `name` unless it is there: one builder at a time across processes
 * (the others wait, then find it made); `build` fills a database of its own name, renamed at the end.
 */
function postgresTemplateNamed(name: string, build: (admin: pg.Client, building: string) => Promise<void>) {
  return withAdmin(async (admin) => {
    await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
    try {
      const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount) return name;
      const building = `${name}_${crypto.randomBytes(4).toString("hex")}`;
      await build(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext($1))", [name]);
    }
  });
}

function sqliteTemplate(): Promise<string> {
  const file = path.join(root, ".tmp/test-db-templates", `sqlite-${migrationsHash()}.db`);
  return sqliteTemplateFile(file, async (building) => {
    const db = createDatabase({ kind: "sqlite", file: building });
    try {
      await migrateToLatest(db);
      await settleSqliteFile(db);
    } finally {
      await db.destroy();
    }
  });
}

function postgresTemplate(): Promise<string> {
  return postgresTemplateNamed(`meritum_tpl_${migrationsHash()}`, async (admin, building) => {
    await admin.query(`create database ${building}`);
    const db = createDatabase({ kind: "postgres", url: databaseUrlFor(building) });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  });
}

/**
 * This run of the suite: vitest.config.ts names it once, and every worker inherits it. The seeded
 * templates below belong to one run (seeded rows carry the time of their seeding, and the seed
 * follows the code, which changes between runs); a process outside Vitest gets a run of its own.
 */
const RUN = process.env.MERITUM_TEST_RUN ?? newRunName();

/** Where a run's SQLite templates live, and the prefix of its PostgreSQL ones. */
const runTemplateDir = (run: string) => path.join(root, ".tmp/test-db-templates", `run-${run}`);
const runTemplatePrefix = "meritum_run_";

/**
 * The migrated template with the seed rows every server inserts at its first start (settings,
 * industries, posts, guides, FAQ, the system forms): what a test server starts on by default. A
 * server still seeds on start, and finds nothing missing: reading the seed (its Markdown above all)
 * was about a fifth of a start's CPU, and the suite starts about 140 servers.
 */
const seededTemplate = (kind: DbKind) =>
  once(`seeded-${kind}`, kind === "sqlite" ? sqliteSeededTemplate : postgresSeededTemplate);

async function seedInto(target: DatabaseTarget) {
  const { seedDatabase } = await import("@server/app/seed");
  const db = createDatabase(target);
  try {
    await seedDatabase(db);
    if (target.kind === "sqlite") await settleSqliteFile(db);
  } finally {
    await db.destroy();
  }
}

function sqliteSeededTemplate(): Promise<string> {
  return sqliteTemplateFile(path.join(runTemplateDir(RUN), "sqlite-seeded.db"), async (building) => {
    fs.copyFileSync(await migratedTemplate("sqlite"), building);
    await seedInto({ kind: "sqlite", file: building });
  });
}

async function postgresSeededTemplate(): Promise<string> {
  const migrated = await migratedTemplate("postgres");
  return postgresTemplateNamed(`${runTemplatePrefix}${RUN}`, async (admin, building) => {
    await createDatabaseFrom(admin, building, migrated);
    await seedInto({ kind: "postgres", url: databaseUrlFor(building) });
  });
}

/**
 * Drops the templates of a run, and those of runs that started over a day ago (a run that crashed
 * before its teardown). Called by the suite's global teardown.
 */
export async function dropRunTemplates(run: string): Promise<void> {
  const dayAgo = Date.now() - 86_400_000;
  const stale = (name: string) => name === run || runStartedAt(name) < dayAgo;
  const dir = path.dirname(runTemplateDir(run));
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (entry.startsWith("run-") && stale(entry.slice(4)))
      fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  if (!process.env.TEST_DATABASE_URL) return;
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${runTemplatePrefix}%`,
    ]);
    for (const { datname } of rows) {
      if (stale(datname.slice(runTemplatePrefix.length)))
        await admin.query(`drop database if exists ${datname} with (force)`);
    }
  });
}

/**
 * A fresh database of the given kind (its own SQLite file, or its own PostgreSQL database):
 * migrated (a copy of the migrated template), with `seed: true` also seeded (a copy of this run's
 * seeded template), or with `migrate: false` empty.
 */
export async function createTestDatabase(
  kind: DbKind,
  options: { migrate?: boolean; seed?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate !== false;
  const template = !migrate ? undefined : options.seed ? await seededTemplate(kind) : await migratedTemplate(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meritum-test-"));
  let target: DatabaseTarget;
  let databaseUrl = "";
  let dropPg: (() => Promise<void>) | undefined;
  if (kind === "sqlite") {
    target = { kind: "sqlite", file: path.join(dataDir, "site.db") };
    if (template) fs.copyFileSync(template, target.file);
  } else {
    const name = `meritum_test_${crypto.randomBytes(6).toString("hex")}`;
    await withAdmin((admin) => createDatabaseFrom(admin, name, template));
    databaseUrl = databaseUrlFor(name);
    target = { kind: "postgres", url: databaseUrl };
    dropPg = async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    };
  }
  const db = createDatabase(target);
  return {
    kind,
    target,
    databaseUrl,
    dataDir,
    db,
    cleanup: async () => {
      await db.destroy();
      await dropPg?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `create database`, from the template when one is given (retried while another copy holds it). */
async function createDatabaseFrom(admin: pg.Client, name: string, template: string | undefined) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
      return;
    } catch (err) {
      // "source database ... is being accessed by other users": a moment later it is not.
      if ((err as { code?: string }).code !== "55006" || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
