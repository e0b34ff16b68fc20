import crypto from "node:crypto";
import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import { addDays, arizonaDayStart } from "@common/arizona";
import {
  CONTACT_STATUSES,
  contactFilterSchema,
  contactInputSchema,
  type ContactFilter,
  type ContactStatus,
} from "@common/contacts";
import { CONTACT_LIMITS } from "@common/limits";
import { parseInput, ServiceError } from "@common/result";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import { isPostgres, nowIso } from "../db/dialect";
import type { Database } from "../db/schema";
import type { Actor } from "../users/users";

/**
 * Contacts: one row per person or business, deduplicated by lower-cased e-mail. This module
 * reads them (the list with its filters, sorts and pages; one contact) and creates or edits
 * them by hand; `pipeline.ts` moves them along (status, owner, notes, bulk, delete). Every
 * change is audited with the contact's id as target, never its personal data.
 */

export interface ContactRow {
  id: string;
  name: string;
  businessName: string;
  email: string;
  phone: string;
  status: ContactStatus;
  source: string;
  ownerId: string | null;
  ownerName: string | null;
  submissionCount: number;
  createdAt: string;
  lastSubmittedAt: string;
}

export interface Contact extends ContactRow {
  website: string | null;
  monthlyVolume: string | null;
  currentProcessor: string | null;
  lostReason: string | null;
  updatedAt: string;
  firstTouch: {
    landingPage: string | null;
    referrer: string | null;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
  };
}

export interface ContactPage {
  rows: ContactRow[];
  total: number;
  page: number;
  pages: number;
}

type ContactsQuery = SelectQueryBuilder<Database, "contacts", object>;

export const contactColumns = [
  "contacts.id",
  "contacts.name",
  "contacts.business_name",
  "contacts.email",
  "contacts.phone",
  "contacts.status",
  "contacts.source",
  "contacts.owner_id",
  "user.name as owner_name",
  "contacts.submission_count",
  "contacts.created_at",
  "contacts.last_submitted_at",
] as const;

export const contactDetailColumns = [
  ...contactColumns,
  "user.email as owner_email",
  "contacts.website",
  "contacts.monthly_volume",
  "contacts.current_processor",
  "contacts.lost_reason",
  "contacts.updated_at",
  "contacts.first_landing_page",
  "contacts.first_referrer",
  "contacts.first_utm_source",
  "contacts.first_utm_medium",
  "contacts.first_utm_campaign",
] as const;

type ListRecord = {
  id: string;
  name: string;
  business_name: string;
  email: string;
  phone: string;
  status: ContactStatus;
  source: string;
  owner_id: string | null;
  owner_name: string | null;
  submission_count: number;
  created_at: string;
  last_submitted_at: string;
};

export function toContactRow(r: ListRecord): ContactRow {
  return {
    id: r.id,
    name: r.name,
    businessName: r.business_name,
    email: r.email,
    phone: r.phone,
    status: r.status,
    source: r.source,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    submissionCount: Number(r.submission_count),
    createdAt: r.created_at,
    lastSubmittedAt: r.last_submitted_at,
  };
}

/**
 * What a search looks in: name, business, e-mail and phone, lower-cased, as one text (on
 * PostgreSQL a trigram index on this very expression serves it: migration 0041).
 */
const searchText = sql<string>`lower(${sql.join(
  ["contacts.name", "contacts.business_name", "contacts.email", "contacts.phone"].map((column) => sql.ref(column)),
  sql` || ' ' || `,
)})`;

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
  return sql<SqlBool>`(${like("contacts.name")} or ${like("contacts.business_name")} or ${like("contacts.email")} or ${like("contacts.phone")})`;
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
      matches.sort((a, b) => direction * (cmp(String(a.key), String(b.key)) || cmp(a.id, b.id)));
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

export async function getContact(db: DB, id: string): Promise<Contact> {
  const r = await db
    .selectFrom("contacts")
    .leftJoin("user", "user.id", "contacts.owner_id")
    .select(contactDetailColumns)
    .where("contacts.id", "=", id)
    .executeTakeFirst();
  if (!r) throw new ServiceError("not_found", "This contact does not exist (it may have been deleted).");
  return {
    ...toContactRow(r),
    website: r.website,
    monthlyVolume: r.monthly_volume,
    currentProcessor: r.current_processor,
    lostReason: r.lost_reason,
    updatedAt: r.updated_at,
    firstTouch: {
      landingPage: r.first_landing_page,
      referrer: r.first_referrer,
      utmSource: r.first_utm_source,
      utmMedium: r.first_utm_medium,
      utmCampaign: r.first_utm_campaign,
    },
  };
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

export function auditFrom(actor: Actor) {
  return { actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null };
}

/** The acting staff member's display name (kept on notes and timeline events). */
export async function actorName(db: DB, actor: Actor): Promise<string> {
  const row = await db.selectFrom("user").select("name").where("id", "=", actor.id).executeTakeFirst();
  return row?.name || actor.email;
}

export async function addActivity(
  db: DB,
  entry: {
    contactId: string;
    kind: "note" | "status" | "owner" | "edited" | "created";
    actor: Actor;
    actorName: string;
  },
  extra: { body?: string | null; details?: Record<string, unknown> } = {},
) {
  await db
    .insertInto("contact_activity")
    .values({
      id: crypto.randomUUID(),
      contact_id: entry.contactId,
      kind: entry.kind,
      actor_id: entry.actor.id,
      actor_name: entry.actorName,
      body: extra.body ?? null,
      details: JSON.stringify(extra.details ?? {}),
      created_at: nowIso(),
    })
    .execute();
}

function emailTaken(existingId: string) {
  return new ServiceError("conflict", "A contact with this e-mail address already exists.", {
    email: `A contact with this e-mail address already exists (contact ${existingId}).`,
  });
}

async function assertEmailFree(db: DB, email: string, except?: string) {
  let q = db.selectFrom("contacts").select("id").where("email", "=", email);
  if (except) q = q.where("id", "!=", except);
  const existing = await q.executeTakeFirst();
  if (existing) throw emailTaken(existing.id);
}

/** A contact staff add by hand (source "manual"); refused when the e-mail is already a contact. */
export async function createContact(db: DB, actor: Actor, input: unknown): Promise<{ id: string }> {
  const value = parseInput(contactInputSchema, input);
  await assertEmailFree(db, value.email);
  const id = crypto.randomUUID();
  const now = nowIso();
  const name = await actorName(db, actor);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contacts")
      .values({
        id,
        email: value.email,
        name: value.name,
        business_name: value.businessName ?? "",
        phone: value.phone ?? "",
        website: value.website,
        status: "new",
        submission_count: 0,
        created_at: now,
        updated_at: now,
        last_submitted_at: now,
        monthly_volume: value.monthlyVolume,
        current_processor: value.currentProcessor,
        source: "manual",
        first_landing_page: null,
        first_referrer: null,
        first_utm_source: null,
        first_utm_medium: null,
        first_utm_campaign: null,
        owner_id: null,
        lost_reason: null,
      })
      .execute();
    await addActivity(trx, { contactId: id, kind: "created", actor, actorName: name });
    await writeAudit(trx, {
      action: "contact.created",
      target: id,
      ...auditFrom(actor),
      details: { source: "manual" },
    });
  });
  return { id };
}

/** Staff edit the contact's details (never its submissions, which stay as submitted). */
export async function updateContact(db: DB, actor: Actor, id: string, input: unknown): Promise<void> {
  const value = parseInput(contactInputSchema, input);
  const before = await getContact(db, id);
  await assertEmailFree(db, value.email, id);
  const after = {
    name: value.name,
    business_name: value.businessName ?? "",
    email: value.email,
    phone: value.phone ?? "",
    website: value.website,
    monthly_volume: value.monthlyVolume,
    current_processor: value.currentProcessor,
  };
  const previous: Record<keyof typeof after, string | null> = {
    name: before.name,
    business_name: before.businessName,
    email: before.email,
    phone: before.phone,
    website: before.website,
    monthly_volume: before.monthlyVolume,
    current_processor: before.currentProcessor,
  };
  // Which fields changed (names only: the audit log keeps no personal data).
  const changed = (Object.keys(after) as Array<keyof typeof after>).filter(
    (k) => (previous[k] ?? "") !== (after[k] ?? ""),
  );
  if (!changed.length) return;
  const name = await actorName(db, actor);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("contacts")
      .set({ ...after, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await addActivity(trx, { contactId: id, kind: "edited", actor, actorName: name }, { details: { fields: changed } });
    await writeAudit(trx, { action: "contact.updated", target: id, ...auditFrom(actor), details: { fields: changed } });
  });
}

export const isContactStatus = (value: string): value is ContactStatus =>
  (CONTACT_STATUSES as readonly string[]).includes(value);
