import { PostgresAdapter, type Kysely } from "kysely";

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Column types that differ between the two dialects, for migrations. */
export function columnTypes(db: Kysely<any>) {
  const pg = isPostgres(db);
  return {
    timestamp: pg ? ("timestamptz" as const) : ("text" as const),
    boolean: pg ? ("boolean" as const) : ("integer" as const),
    binary: pg ? ("bytea" as const) : ("blob" as const),
  };
}

/** Current time as the ISO string every timestamp column stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A `like … escape '\'` pattern matching text that contains `text` (lower-cased; %, _ and \ taken literally). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
