import crypto from "node:crypto";
import { faqInputSchema, faqReorderSchema, type FaqInput, type FaqValues } from "@common/content";
import { parseInput, ServiceError } from "@common/result";
import { slugify } from "@common/slug";
import { writeAuditBy } from "../audit/audit";
import type { Selectable } from "kysely";
import { missingSlugs, type DB } from "../db";
import type { FaqItemsTable } from "../db/schema";
import { nowIso } from "../db/dialect";
import { renderMarkdown } from "../markdown/markdown";
import type { Actor } from "../auth/actor";
import { bumpContentVersion } from "../content-version/content-version";

const auditFaq = (db: DB, actor: Actor | undefined, action: string, target: string, details = {}) =>
  writeAuditBy(db, actor, { action, target, details });

export interface FaqItem {
  id: string;
  slug: string;
  question: string;
  answer: string;
  category: string;
  categorySlug: string;
  sortOrder: number;
  published: boolean;
  updatedAt: string;
}

type Row = Selectable<FaqItemsTable>;

function toFaq(row: Row): FaqItem {
  return {
    id: row.id,
    slug: row.slug,
    question: row.question,
    answer: row.answer,
    category: row.category,
    categorySlug: slugify(row.category),
    sortOrder: Number(row.sort_order),
    published: Boolean(row.published),
    updatedAt: row.updated_at,
  };
}

/** Published FAQ items in sort order (an FAQ item has no date: the flag alone decides). */
export async function listPublishedFaq(db: DB, limit?: number): Promise<FaqItem[]> {
  let query = db
    .selectFrom("faq_items")
    .selectAll()
    .where("published", "=", true)
    .orderBy("sort_order")
    .orderBy("question");
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toFaq);
}

export interface FaqCategory {
  name: string;
  slug: string;
  items: Array<FaqItem & { html: string }>;
}

/** Published items with rendered answers, grouped by category in order of first appearance. */
export async function listFaqCategories(db: DB): Promise<FaqCategory[]> {
  const groups = new Map<string, FaqCategory>();
  for (const item of await listPublishedFaq(db)) {
    let group = groups.get(item.category);
    if (!group) {
      group = { name: item.category, slug: item.categorySlug, items: [] };
      groups.set(item.category, group);
    }
    group.items.push({ ...item, html: renderMarkdown(item.answer).html });
  }
  return [...groups.values()];
}

function parseFaq(input: unknown): FaqValues {
  return parseInput(faqInputSchema, input);
}

async function assertSlugFree(db: DB, slug: string, exceptId?: string) {
  let query = db.selectFrom("faq_items").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst())
    throw new ServiceError("conflict", "That slug is already used.", { slug: "That slug is already used." });
}

export async function listAllFaq(db: DB): Promise<FaqItem[]> {
  return (await db.selectFrom("faq_items").selectAll().orderBy("sort_order").orderBy("question").execute()).map(toFaq);
}

/** The row a new FAQ item is stored as. */
function newFaqRow(value: FaqValues, now: string) {
  return {
    id: crypto.randomUUID(),
    slug: value.slug,
    question: value.question,
    answer: value.answer,
    category: value.category,
    sort_order: value.sortOrder,
    published: value.published,
    created_at: now,
    updated_at: now,
  };
}

export async function getFaqById(db: DB, id: string): Promise<FaqItem | undefined> {
  const row = await db.selectFrom("faq_items").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toFaq(row) : undefined;
}

/** Creates an item; without a sort order it goes last in its category. */
export async function createFaq(db: DB, input: unknown, actor?: Actor): Promise<FaqItem> {
  const given = input as { sortOrder?: unknown } | null;
  const value = parseFaq(input);
  await assertSlugFree(db, value.slug);
  return db.transaction().execute(async (trx) => {
    if (given?.sortOrder === undefined || given.sortOrder === "")
      value.sortOrder = await nextSortOrder(trx, value.category);
    const row = await trx
      .insertInto("faq_items")
      .values(newFaqRow(value, nowIso()))
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpContentVersion(trx);
    await auditFaq(trx, actor, "faq.created", value.question, { slug: value.slug, category: value.category });
    return toFaq(row);
  });
}

/** One past the last item of a category (or of the whole list for a new category). */
async function nextSortOrder(db: DB, category: string): Promise<number> {
  const last = async (scoped: boolean) => {
    let q = db.selectFrom("faq_items").select((eb) => eb.fn.max("sort_order").as("max"));
    if (scoped) q = q.where("category", "=", category);
    return (await q.executeTakeFirst())?.max;
  };
  const max = (await last(true)) ?? (await last(false));
  return max === null || max === undefined ? 10 : Number(max) + 1;
}

export async function updateFaq(db: DB, id: string, changes: Partial<FaqInput>, actor?: Actor): Promise<FaqItem> {
  if (!changes || typeof changes !== "object" || Array.isArray(changes))
    throw new ServiceError("validation", "Send the fields to change.");
  const editable = ["slug", "question", "answer", "category", "sortOrder", "published"];
  if (!editable.some((key) => key in changes))
    throw new ServiceError("validation", `Nothing to change: send at least one of ${editable.join(", ")}.`);
  const existing = await getFaqById(db, id);
  if (!existing) throw new ServiceError("not_found", "That item no longer exists.");
  const value = parseFaq({
    slug: existing.slug,
    question: existing.question,
    answer: existing.answer,
    category: existing.category,
    sortOrder: existing.sortOrder,
    published: existing.published,
    ...changes,
  });
  await assertSlugFree(db, value.slug, id);
  return db.transaction().execute(async (trx) => {
    if (value.category !== existing.category && changes.sortOrder === undefined)
      value.sortOrder = await nextSortOrder(trx, value.category);
    const row = await trx
      .updateTable("faq_items")
      .set({
        slug: value.slug,
        question: value.question,
        answer: value.answer,
        category: value.category,
        sort_order: value.sortOrder,
        published: value.published,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpContentVersion(trx);
    const changed = (Object.keys(changes) as Array<keyof FaqInput>).filter(
      (key) => JSON.stringify(changes[key]) !== JSON.stringify(existing[key as keyof FaqItem]),
    );
    const action =
      changed.length === 1 && changed[0] === "published"
        ? value.published
          ? "faq.published"
          : "faq.unpublished"
        : "faq.updated";
    await auditFaq(trx, actor, action, value.question, { slug: value.slug, changed });
    return toFaq(row);
  });
}

export const publishFaq = (db: DB, id: string, actor?: Actor) => updateFaq(db, id, { published: true }, actor);
export const unpublishFaq = (db: DB, id: string, actor?: Actor) => updateFaq(db, id, { published: false }, actor);

export async function deleteFaq(db: DB, id: string, actor?: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("faq_items")
      .where("id", "=", id)
      .returning(["question", "slug"])
      .executeTakeFirst();
    if (!row) throw new ServiceError("not_found", "That item no longer exists.");
    await bumpContentVersion(trx);
    await auditFaq(trx, actor, "faq.deleted", row.question, { slug: row.slug });
  });
}

/**
 * Puts one category's items in the given order. The category keeps its place among the
 * others: its items take the positions its items held in the whole list, and every item is
 * numbered again (10, 20, 30 ...) so the order is strict. The ids must be exactly the
 * category's items (otherwise someone changed the list meanwhile: 409), and when the move
 * names the order it was made from (`basis`), that must still be the category's order (409).
 */
export async function reorderFaq(db: DB, input: unknown, actor?: Actor): Promise<FaqItem[]> {
  const { category, ids, basis } = parseInput(faqReorderSchema, input);
  return db.transaction().execute(async (trx) => {
    const all = (await trx.selectFrom("faq_items").selectAll().orderBy("sort_order").orderBy("question").execute()).map(
      toFaq,
    );
    const inCategory = all.filter((item) => item.category === category);
    if (!inCategory.length) throw new ServiceError("not_found", `There is no category called “${category}”.`);
    const known = new Set(inCategory.map((item) => item.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new ServiceError("conflict", "The list changed since it was loaded. Reload and try again.");
    if (basis && basis.join("\n") !== inCategory.map((item) => item.id).join("\n"))
      throw new ServiceError("conflict", "Someone else changed this order meanwhile. Reload and try again.");
    const byId = new Map(inCategory.map((item) => [item.id, item]));
    const queue = ids.map((id) => byId.get(id)!);
    const ordered = all.map((item) => (item.category === category ? queue.shift()! : item));
    const now = nowIso();
    for (const [index, item] of ordered.entries()) {
      const sortOrder = (index + 1) * 10;
      if (item.sortOrder === sortOrder) continue;
      await trx
        .updateTable("faq_items")
        .set({ sort_order: sortOrder, updated_at: now })
        .where("id", "=", item.id)
        .execute();
    }
    await bumpContentVersion(trx);
    await auditFaq(trx, actor, "faq.reordered", category, {
      order: ids.map((id) => byId.get(id)!.slug),
    });
    return ordered.filter((item) => item.category === category);
  });
}

/** Inserts seed items whose slug is missing; returns how many were inserted. */
export async function seedFaq(db: DB, seed: FaqInput[]): Promise<number> {
  const items = await missingSlugs(db, "faq_items", seed);
  if (!items.length) return 0;
  const now = nowIso();
  const rows = await db
    .insertInto("faq_items")
    .values(items.map((item) => newFaqRow(parseFaq(item), now)))
    .onConflict((oc) => oc.column("slug").doNothing())
    .returning("id")
    .execute();
  return rows.length;
}
