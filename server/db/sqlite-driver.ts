import { DatabaseSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

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
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = db.prepare(sql);
      return {
        reader: stmt.columns().length > 0,
        all: (params) => stmt.all({}, ...(params.map(bindable) as never[])),
        run: (params) => stmt.run({}, ...(params.map(bindable) as never[])),
        iterate: (params) => stmt.iterate({}, ...(params.map(bindable) as never[])),
      };
    },
  };
}
