import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import type pg from "pg";
import { getConfig, type DatabaseTarget } from "../config";
import { preparePrivateSqliteFile } from "../private-fs";
import { log } from "../logger";
import { migrations } from "./migrations";
import type { Database } from "./schema";
import { openSqlite } from "./sqlite-driver";
import { loadOnFirstUse } from "../load-on-first-use";

export type DB = Kysely<Database>;

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/** pg, loaded with the first PostgreSQL connection: an SQLite install never loads it (decision 0056). */
const loadPg = loadOnFirstUse(() => import("pg").then((m) => m.default));

/** Make pg return what SQLite returns: numbers for counts, ISO strings for timestamps. */
function pgTypeParser(types: typeof pg.types) {
  return (oid: number, format?: string): ((value: string) => unknown) => {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (v) => Number(v);
    if (oid === PG_TIMESTAMPTZ) return (v) => new Date(v).toISOString();
    if (oid === PG_TIMESTAMP) return (v) => new Date(v + "Z").toISOString();
    return types.getTypeParser(oid, format as "text");
  };
}

async function postgresPool(url: string): Promise<pg.Pool> {
  const { Pool, types } = await loadPg();
  const pool = new Pool({
    connectionString: url,
    max: 10,
    types: { getTypeParser: pgTypeParser(types) as typeof types.getTypeParser },
  });
  pool.on("error", (err) => log.error("postgres pool error", { err }));
  // A client lent out (inside a transaction, between its queries) when the server ends its
  // connection emits the error itself; unheard, that would end the process. Its next query fails.
  pool.on("connect", (client) => client.on("error", (err) => log.error("postgres connection error", { err })));
  return pool;
}

export function createDatabase(target: DatabaseTarget): DB {
  if (target.kind === "postgres") {
    // Kysely asks for the pool once, with its first query.
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: () => postgresPool(target.url) }) });
  }
  preparePrivateSqliteFile(target.file);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: () => Promise.resolve(openSqlite(target.file)) }),
  });
}

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const applied = (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  const failed = (results ?? []).find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return applied;
}

/**
 * The seed items whose slug the table does not hold yet. The seeds run on every start: checking a
 * seed item (its schema, its Markdown read for the reading time) costs far more than this one
 * query, so only the missing ones are checked and inserted (their insert still skips a slug
 * another instance added meanwhile).
 */
export async function missingSlugs<T extends { slug: string }>(
  db: DB,
  table: "blog_posts" | "help_guides" | "faq_items" | "industries",
  items: readonly T[],
): Promise<T[]> {
  if (!items.length) return [];
  const present = new Set((await db.selectFrom(table).select("slug").execute()).map((row) => row.slug));
  return items.filter((item) => !present.has(item.slug));
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

let instance: DB | undefined;

/** The process-wide database handle. */
export function getDb(): DB {
  instance ??= createDatabase(getConfig().database);
  return instance;
}

export async function closeDb(): Promise<void> {
  const db = instance;
  instance = undefined;
  await db?.destroy();
}
