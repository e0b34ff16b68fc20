import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import { addDays, arizonaDayStart } from "@common/arizona";
import { contactFilterSchema, type ContactFilter } from "@common/contacts";
import { CONTACT_LIMITS } from "@common/limits";
import { parseInput } from "@common/result";
import type { DB } from "../db";
import { isPostgres } from "../db/dialect";
import type { Database } from "../db/schema";
import { contactColumns, toContactRow, type ContactRow } from "./contacts";

/**
 * The contacts list: search, filters (status, owner, source, dates), sorts and pages that
 * stay fast at 100k contacts (every sort on an index ending in id), and the sources for the
 * filter menu. The CSV export (export.ts) narrows with the same filter.
 */

export interface ContactPage {
  rows: ContactRow[];
  total: number;
  page: number;
  pages: number;
}

type ContactsQuery = SelectQueryBuilder<Database, "contacts", object>;

/**
 * What a search looks in: name, business, e-mail and phone, lower-cased, as one text (on
 * PostgreSQL a trigram index on this very expression serves it: migration 0041).
 */
const searchText = sql<string>`lower(${sql.ref("contacts.name")} || ' ' || ${sql.ref("contacts.business_name")} || ' ' || ${sql.ref("contacts.email")} || ' ' || ${sql.ref("contacts.phone")})`;

/**
 * The contact's search text contains q, case-insensitively, with % and _ in q taken
 * literally. PostgreSQL matches the one lower-cased text its trigram index holds; SQLite
 * (whose `like` ignores ASCII case) tests the four columns, which costs half the CPU of
 * building that text for every row.
 */
function contains(db: DB, q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (isPostgres(db)) return sql<SqlBool>`${searchText} like ${pattern} escape '\\'`;
  const like = (column: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
  const columns = ["contacts.name", "contacts.business_name", "contacts.email", "contacts.phone"];
  return sql<SqlBool>`(${sql.join(columns.map(like), sql` or `)})`;
}

/** The contacts narrowed by a parsed filter (the list and the export); join the owner to show it. */
export function filteredContacts(db: DB, filter: Omit<ContactFilter, "sort" | "page">, me: string): ContactsQuery {
  let q: ContactsQuery = db.selectFrom("contacts");
  const text = filter.q?.trim();
  if (text) q = q.where(contains(db, text));
  if (filter.status) q = q.where("contacts.status", "=", filter.status);
  if (filter.owner === "none") q = q.where("contacts.owner_id", "is", null);
  else if (filter.owner) q = q.where("contacts.owner_id", "=", filter.owner === "me" ? me : filter.owner);
  if (filter.source) q = q.where("contacts.source", "=", filter.source);
  if (filter.proposal === "none") q = q.where("contacts.proposal_state", "is", null);
  else if (filter.proposal) q = q.where("contacts.proposal_state", "=", filter.proposal);
  if (filter.from) q = q.where("contacts.created_at", ">=", arizonaDayStart(filter.from));
  if (filter.to) q = q.where("contacts.created_at", "<", arizonaDayStart(addDays(filter.to, 1)));
  return q;
}

/**
 * The list's order. With a search on SQLite the newest-first orders are written `+column`,
 * SQLite's documented way to keep the planner off that index: scanning the table once
 * beats walking 100k index entries and reading each row to test a rare match.
 */
function sorted(db: DB, q: ContactsQuery, sort: ContactFilter["sort"], searching: boolean): ContactsQuery {
  if (searching && !isPostgres(db) && (sort === "newest" || sort === "oldest" || sort === "activity")) {
    const column = sort === "activity" ? "contacts.last_submitted_at" : "contacts.created_at";
    const direction = sql.raw(sort === "oldest" ? "asc" : "desc");
    return q.orderBy(sql`+${sql.ref(column)} ${direction}`).orderBy("contacts.id", sort === "oldest" ? "asc" : "desc");
  }
  switch (sort) {
    case "oldest":
      return q.orderBy("contacts.created_at", "asc").orderBy("contacts.id", "asc");
    case "activity":
      return q.orderBy("contacts.last_submitted_at", "desc").orderBy("contacts.id", "desc");
    case "name":
      return q.orderBy("contacts.name", "asc").orderBy("contacts.id", "asc");
    case "business":
      return q.orderBy("contacts.business_name", "asc").orderBy("contacts.id", "asc");
    case "savings":
      return q
        .orderBy("contacts.proposal_annual_savings_cents", (ob) => ob.desc().nullsLast())
        .orderBy("contacts.id", "desc");
    case "waiting":
      return q.orderBy("contacts.waiting_since", (ob) => ob.asc().nullsLast()).orderBy("contacts.id", "asc");
    default:
      return q.orderBy("contacts.created_at", "desc").orderBy("contacts.id", "desc");
  }
}

/** A search matching at most this many contacts is counted, sorted and paged from one scan. */
const SEARCH_ONE_PASS = 5000;

const SORT_KEY = {
  newest: ["created_at", -1],
  oldest: ["created_at", 1],
  activity: ["last_submitted_at", -1],
  name: ["name", 1],
  business: ["business_name", 1],
  savings: ["proposal_annual_savings_cents", -1],
  waiting: ["waiting_since", 1],
} as const;

/**
 * The page's ids and the total. Without a search: the count, then the page's ids from the
 * sort's index alone (each index ends in id, so a deep offset skips index entries, not
 * rows). A search cannot use an index, so the matches are read once (id and sort key) and
 * counted, sorted and sliced here; only a search matching more than SEARCH_ONE_PASS
 * contacts falls back to count + page.
 */
async function pageIds(db: DB, filter: ContactFilter, me: string, size: number) {
  const base = filteredContacts(db, filter, me);
  if (filter.q?.trim()) {
    const [column, direction] = SORT_KEY[filter.sort];
    const matches = await base
      .select(["contacts.id as id", `contacts.${column} as key`])
      .limit(SEARCH_ONE_PASS + 1)
      .execute();
    if (matches.length <= SEARCH_ONE_PASS) {
      const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      // Numbers (the savings sort) compare as numbers; a missing key sorts last either way.
      const cmpKey = (a: unknown, b: unknown) =>
        typeof a === "number" || typeof b === "number" ? Number(a) - Number(b) : cmp(String(a), String(b));
      matches.sort((a, b) => {
        if ((a.key === null) !== (b.key === null)) return a.key === null ? 1 : -1;
        return direction * (cmpKey(a.key, b.key) || cmp(a.id, b.id));
      });
      const pages = Math.max(1, Math.ceil(matches.length / size));
      const page = Math.min(filter.page, pages);
      const ids = matches.slice((page - 1) * size, page * size).map((m) => m.id);
      return { ids, total: matches.length, page, pages };
    }
  }
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(filter.page, pages);
  const ids = (
    await sorted(db, base, filter.sort, Boolean(filter.q?.trim()))
      .select("contacts.id")
      .limit(size)
      .offset((page - 1) * size)
      .execute()
  ).map((r) => r.id);
  return { ids, total, page, pages };
}

/** One page of the list (CONTACT_LIMITS.pageSize rows) with their owners, and the total for the filter. */
export async function listContacts(db: DB, input: unknown, me: string): Promise<ContactPage> {
  const filter = parseInput(contactFilterSchema, input, "Please correct the filters.");
  const { ids, total, page, pages } = await pageIds(db, filter, me, CONTACT_LIMITS.pageSize);
  if (!ids.length) return { rows: [], total, page, pages };
  const rows = await db
    .selectFrom("contacts")
    .leftJoin("user", "user.id", "contacts.owner_id")
    .select(contactColumns)
    .where("contacts.id", "in", ids)
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rows: rows.map(toContactRow), total, page, pages };
}

/**
 * The sources contacts have, for the filter menu: one index seek per distinct source
 * (`min(source) where source > previous`), not a scan of every contact.
 */
export async function contactSources(db: DB): Promise<string[]> {
  const sources: string[] = [];
  for (let i = 0; i < 200; i++) {
    let q = db.selectFrom("contacts").select((eb) => eb.fn.min("source").as("next"));
    if (sources.length) q = q.where("source", ">", sources[sources.length - 1]!);
    const row = await q.executeTakeFirst();
    if (!row?.next) break;
    sources.push(row.next);
  }
  return sources;
}
