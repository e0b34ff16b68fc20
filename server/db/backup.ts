import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { backup as sqliteBackup, DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { DatabaseTarget } from "../config";
import { ensurePrivateDir, restrictFile } from "../private-fs";
import { extractArchive, writeArchive } from "./archive";
import { migrations } from "./migrations";

/**
 * `npm run db:backup` / `db:restore`: one tar.gz holding a consistent copy of the database
 * (uploaded files live in it, decision 0012) and `manifest.json` with the sha256 of every other
 * entry, row counts per table and the stored files' count. Decision 0023.
 */

export const BACKUP_FORMAT = 1;
const MANIFEST = "manifest.json";
const SQLITE_ENTRY = "database.sqlite";
const PG_ENTRY = "database.pgdump";

export interface Manifest {
  format: number;
  createdAt: string;
  database: "sqlite" | "postgres";
  /** The newest migration applied in the copied database. */
  migration: string | null;
  /** Migrations this version of the app knows (its latest), for information. */
  appMigration: string;
  entries: Record<string, { sha256: string; size: number }>;
  rows: Record<string, number>;
  storedFiles: { count: number; bytes: number };
}

const latestMigration = () => Object.keys(migrations).sort().at(-1)!;

function tempDir(near: string): string {
  const dir = fs.mkdtempSync(path.join(near, ".meritum-backup-"));
  ensurePrivateDir(dir);
  return dir;
}

// --- SQLite -------------------------------------------------------------------------------

function sqliteTables(db: DatabaseSync): string[] {
  return (
    db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as {
      name: string;
    }[]
  ).map((r) => r.name);
}

function sqliteFacts(file: string): Pick<Manifest, "migration" | "rows" | "storedFiles"> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows: Record<string, number> = {};
    for (const t of sqliteTables(db)) {
      rows[t] = Number((db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n);
    }
    const migration = rows.kysely_migration
      ? ((db.prepare("select max(name) as m from kysely_migration").get() as { m: string | null }).m ?? null)
      : null;
    const files = rows.stored_files
      ? (db.prepare("select count(*) as n, coalesce(sum(size_bytes), 0) as b from stored_files").get() as {
          n: number;
          b: number;
        })
      : { n: 0, b: 0 };
    return { migration, rows, storedFiles: { count: Number(files.n), bytes: Number(files.b) } };
  } finally {
    db.close();
  }
}

// --- PostgreSQL -----------------------------------------------------------------------------

/** pg_dump/pg_restore: PATH's, or the newest under /usr/lib/postgresql (Debian's client packages). */
function pgTool(name: "pg_dump" | "pg_restore", serverMajor: number): string {
  const candidates: string[] = [name];
  try {
    for (const v of fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))) {
      candidates.push(`/usr/lib/postgresql/${v}/bin/${name}`);
    }
  } catch {
    // No Debian layout: PATH only.
  }
  let found: string[] = [];
  for (const tool of candidates) {
    const r = spawnSync(tool, ["--version"], { encoding: "utf8" });
    const major = Number(/(\d+)(?:\.\d+)?/.exec(r.stdout ?? "")?.[1]);
    if (r.status === 0 && major >= serverMajor) return tool;
    if (r.status === 0) found.push(`${tool} ${major}`);
  }
  found = found.length ? found : ["none"];
  throw new Error(
    `${name} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server (found: ${found.join(", ")}). ` +
      `Install it: apt-get install postgresql-client-${serverMajor} (or run npm run test:setup).`,
  );
}

/** Connection settings for the pg tools through the environment, so no password shows in `ps`. */
function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: u.hostname, PGPORT: u.port || "5432" };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  env.PGDATABASE = decodeURIComponent(u.pathname.slice(1));
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function pgTables(client: pg.Client): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
  );
  return r.rows.map((row) => row.name);
}

async function pgServerMajor(client: pg.Client): Promise<number> {
  const r = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
  return Math.floor(Number(r.rows[0]!.v) / 10000);
}

/**
 * pg_dump and the counts read one snapshot: a repeatable-read transaction exports it and
 * pg_dump --snapshot uses it, so the manifest describes exactly the dump.
 */
async function dumpPostgres(url: string, out: string): Promise<Pick<Manifest, "migration" | "rows" | "storedFiles">> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const dump = pgTool("pg_dump", await pgServerMajor(client));
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ s: string }>("select pg_export_snapshot() as s")).rows[0]!.s;
    const rows: Record<string, number> = {};
    for (const t of await pgTables(client)) {
      rows[t] = Number((await client.query<{ n: string }>(`select count(*) as n from "${t}"`)).rows[0]!.n);
    }
    const migration = rows.kysely_migration
      ? ((await client.query<{ m: string | null }>("select max(name) as m from kysely_migration")).rows[0]!.m ?? null)
      : null;
    const files = rows.stored_files
      ? (
          await client.query<{ n: string; b: string }>(
            "select count(*) as n, coalesce(sum(size_bytes), 0) as b from stored_files",
          )
        ).rows[0]!
      : { n: "0", b: "0" };
    const fd = fs.openSync(out, "wx", 0o600);
    restrictFile(out);
    const r = spawnSync(dump, ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`], {
      env: pgEnv(url),
      stdio: ["ignore", fd, "pipe"],
      encoding: "utf8",
    });
    fs.closeSync(fd);
    if (r.status !== 0) throw new Error(`pg_dump failed: ${(r.stderr || r.error?.message || "").trim()}`);
    await client.query("commit");
    return { migration, rows, storedFiles: { count: Number(files.n), bytes: Number(files.b) } };
  } finally {
    await client.end();
  }
}

// --- Backup ---------------------------------------------------------------------------------

/** Writes the archive to `out` (0600; its folder is created 0700 when missing). Safe while the site serves. */
export async function createBackup(target: DatabaseTarget, out: string): Promise<Manifest> {
  if (fs.existsSync(out)) throw new Error(`${out} already exists; choose a new file name.`);
  if (!fs.existsSync(path.dirname(out))) ensurePrivateDir(path.dirname(out));
  const work = tempDir(path.dirname(out));
  try {
    const entry = target.kind === "sqlite" ? SQLITE_ENTRY : PG_ENTRY;
    const copy = path.join(work, entry);
    let facts: Pick<Manifest, "migration" | "rows" | "storedFiles">;
    if (target.kind === "sqlite") {
      if (!fs.existsSync(target.file)) throw new Error(`No database at ${target.file}.`);
      // SQLite's online backup: a consistent copy even while the server writes.
      const source = new DatabaseSync(target.file, { readOnly: true });
      try {
        fs.closeSync(fs.openSync(copy, "wx", 0o600));
        await sqliteBackup(source, copy);
      } finally {
        source.close();
      }
      facts = sqliteFacts(copy);
    } else {
      facts = await dumpPostgres(target.url, copy);
    }
    const [extracted] = await hashFiles([{ name: entry, file: copy }]);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: target.kind,
      migration: facts.migration,
      appMigration: latestMigration(),
      entries: { [entry]: { sha256: extracted!.sha256, size: extracted!.size } },
      rows: facts.rows,
      storedFiles: facts.storedFiles,
    };
    const manifestFile = path.join(work, MANIFEST);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600, flag: "wx" });
    await writeArchive(out, [
      { name: MANIFEST, file: manifestFile },
      { name: entry, file: copy },
    ]);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function hashFiles(files: { name: string; file: string }[]) {
  const crypto = await import("node:crypto");
  const out = [];
  for (const f of files) {
    const hash = crypto.createHash("sha256");
    for await (const chunk of fs.createReadStream(f.file)) hash.update(chunk as Buffer);
    out.push({ name: f.name, sha256: hash.digest("hex"), size: fs.statSync(f.file).size });
  }
  return out;
}

// --- Restore --------------------------------------------------------------------------------

/** Extracts the archive into a private temp folder and checks every entry against the manifest. */
export async function verifyArchive(archive: string, work: string): Promise<{ manifest: Manifest; database: string }> {
  if (!fs.existsSync(archive)) throw new Error(`No archive at ${archive}.`);
  const entries = await extractArchive(archive, work);
  const manifestEntry = entries.find((e) => e.name === MANIFEST);
  if (!manifestEntry) throw new Error("The archive has no manifest.json: it is not a Meritum backup.");
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestEntry.file, "utf8")) as Manifest;
  } catch {
    throw new Error("The archive's manifest.json is not valid JSON: the archive is damaged.");
  }
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${manifest.format}.`);
  for (const e of entries) {
    if (e.name === MANIFEST) continue;
    const expected = manifest.entries?.[e.name];
    if (!expected) throw new Error(`The archive holds ${e.name}, which its manifest does not list.`);
    if (expected.sha256 !== e.sha256 || expected.size !== e.size) {
      throw new Error(`Checksum mismatch for ${e.name}: the archive was changed or damaged. Nothing was restored.`);
    }
  }
  for (const name of Object.keys(manifest.entries ?? {})) {
    if (!entries.some((e) => e.name === name)) throw new Error(`The archive is missing ${name}. Nothing was restored.`);
  }
  const database = entries.find((e) => e.name === (manifest.database === "sqlite" ? SQLITE_ENTRY : PG_ENTRY));
  if (!database) throw new Error(`The archive has no ${manifest.database} database copy.`);
  return { manifest, database: database.file };
}

async function pgHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await pgTables(client)).length > 0;
  } finally {
    await client.end();
  }
}

function sqliteHasData(file: string): boolean {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return false;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return sqliteTables(db).length > 0;
  } finally {
    db.close();
  }
}

/**
 * Restores `archive` into `target` after verifying it. Refuses a target that holds data
 * unless `force`. The site must be stopped while restoring. Returns the manifest; the caller
 * then migrates to latest.
 */
export async function restoreBackup(target: DatabaseTarget, archive: string, force: boolean): Promise<Manifest> {
  // The work folder is private (tempDir); the folder it is made in is only created when
  // missing, never narrowed: for PostgreSQL that is the system's shared temp folder.
  const near = target.kind === "sqlite" ? path.dirname(target.file) : os.tmpdir();
  if (!fs.existsSync(near)) ensurePrivateDir(near);
  const work = tempDir(near);
  try {
    const { manifest, database } = await verifyArchive(archive, work);
    if (manifest.database !== target.kind) {
      throw new Error(`This archive holds a ${manifest.database} database; the configured database is ${target.kind}.`);
    }
    const hasData = target.kind === "sqlite" ? sqliteHasData(target.file) : await pgHasData(target.url);
    if (hasData && !force) {
      const where = target.kind === "sqlite" ? target.file : "the PostgreSQL database";
      throw new Error(`${where} already holds data; restore refuses to overwrite it. Add --force to replace it.`);
    }
    if (target.kind === "sqlite") {
      // Into place in one rename; the old file's WAL must not be replayed over the copy.
      restrictFile(database);
      for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(`${target.file}${suffix}`, { force: true });
      fs.renameSync(database, target.file);
    } else {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      let major: number;
      try {
        major = await pgServerMajor(client);
        if (hasData) await client.query("drop schema public cascade; create schema public");
      } finally {
        await client.end();
      }
      const restore = pgTool("pg_restore", major);
      execFileSync(
        restore,
        [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          "--single-transaction",
          `--dbname=${pgEnv(target.url).PGDATABASE}`,
          database,
        ],
        {
          env: pgEnv(target.url),
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
