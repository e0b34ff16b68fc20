import { sql } from "kysely";
import type { TestServer } from "./server";

/**
 * The hostile-body test's bookkeeping (tests/support/hostile-bodies.ts has the corpus and the
 * route tables): what the database holds before and after, and what changed.
 */

/** Tables whose rows a refused request may add (audit trail, abuse counters, sessions it cleared). */
export const MAY_CHANGE = new Set([
  "audit_log",
  "sign_in_lockouts",
  "rate_limits",
  "session",
  "kysely_migration",
  "kysely_migration_lock",
]);

export async function snapshot(server: TestServer): Promise<Record<string, string[]>> {
  const db = server.database.db;
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((name) => !MAY_CHANGE.has(name));
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.rows.map((r) => JSON.stringify(r, (_k, v) => (v instanceof Uint8Array ? v.byteLength : v)));
  }
  return out;
}

/** The rows that appeared or went away between two snapshots, shortened for reading. */
export function changedRows(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    for (const row of is) if (!was.has(row)) out.push(`${table} + ${row.slice(0, 300)}`);
    for (const row of was) if (!is.has(row)) out.push(`${table} - ${row.slice(0, 300)}`);
  }
  return out;
}

/** Runs `tasks` with at most `width` at a time. */
export async function inBatches(tasks: Array<() => Promise<void>>, width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}
