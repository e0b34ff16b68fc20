import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/**
 * Contacts search on PostgreSQL: a trigram index (pg_trgm, in PostgreSQL's contrib) on the
 * lower-cased name, business, e-mail and phone, which is the expression the contacts list
 * searches with `like '%…%'`, so a search reads the matching rows instead of all of them.
 * Where the extension cannot be created (not installed, or not allowed) the migration
 * leaves the index out and search scans, as it does on SQLite. Keep the expression in
 * step with `searchText` in server/contacts/contacts.ts.
 */
export async function up(db: Kysely<any>) {
  if (!isPostgres(db)) return;
  const available = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows[0]?.n) return;
  await sql`savepoint contacts_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index contacts_search_trgm_idx on contacts using gin ((lower(name || ' ' || business_name || ' ' || email || ' ' || phone)) gin_trgm_ops)`.execute(
      db,
    );
    await sql`release savepoint contacts_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint contacts_trgm`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) await sql`drop index if exists contacts_search_trgm_idx`.execute(db);
}
