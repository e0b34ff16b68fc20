import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Prepared statements kept for reuse (distinct SQL texts; the oldest goes first). */
const STATEMENT_CACHE_SIZE = 500;

/** node:sqlite cannot bind booleans or Dates; store them the way the schema expects. */
function bindable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === undefined) return null;
  return value;
}

/**
 * Adapts node:sqlite's DatabaseSync to the interface Kysely's SqliteDialect expects.
 * A leading `{}` argument stops node:sqlite from reading the first positional value as a
 * named-parameter object.
 */
export function openSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000");
  // FULL: a commit is on the disk before it is acknowledged, so an acknowledged lead survives a power cut (decision 0022).
  db.exec("PRAGMA synchronous = FULL");
  // Prepared statements are reused by SQL text (the page cache reads the content version on
  // every request). Iteration (streamed exports) gets a statement of its own: iterating a
  // shared one would be reset by the next query of the same text.
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      // Kysely opens every transaction with a plain (deferred) `begin`. Two instances on one
      // file: a transaction that reads before it writes can then be refused with SQLITE_BUSY
      // when the other wrote in between (busy_timeout cannot help an upgrade). `begin immediate`
      // takes the write lock at the start, waiting its turn (busy_timeout); WAL readers are not
      // held up, and within one process the single connection serialises transactions anyway.
      const stmt = prepared(sql === "begin" ? "begin immediate" : sql);
      return {
        reader: stmt.columns().length > 0,
        all: (params) => stmt.all({}, ...(params.map(bindable) as never[])),
        run: (params) => stmt.run({}, ...(params.map(bindable) as never[])),
        iterate: (params) => db.prepare(sql).iterate({}, ...(params.map(bindable) as never[])),
      };
    },
  };
}
