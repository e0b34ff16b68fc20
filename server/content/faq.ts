import crypto from "node:crypto";
import { faqInputSchema, type FaqInput, type FaqValues } from "@common/content";
import { parseInput, ServiceError } from "@common/result";
import { slugify } from "@common/slug";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { renderMarkdown } from "../markdown/markdown";
import { bumpContentVersion } from "./version";

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

type Row = {
  id: string;
  slug: string;
  question: string;
  answer: string;
  category: string;
  sort_order: number;
  published: number | boolean;
  updated_at: string;
};

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

export async function createFaq(db: DB, input: unknown): Promise<FaqItem> {
  const value = parseFaq(input);
  await assertSlugFree(db, value.slug);
  const now = nowIso();
  const row = await db.insertInto("faq_items").values(newFaqRow(value, now)).returningAll().executeTakeFirstOrThrow();
  await bumpContentVersion(db);
  return toFaq(row);
}

export async function updateFaq(db: DB, id: string, changes: Partial<FaqInput>): Promise<FaqItem> {
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
  const row = await db
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
  await bumpContentVersion(db);
  return toFaq(row);
}

export const publishFaq = (db: DB, id: string) => updateFaq(db, id, { published: true });
export const unpublishFaq = (db: DB, id: string) => updateFaq(db, id, { published: false });

export async function deleteFaq(db: DB, id: string): Promise<void> {
  const result = await db.deleteFrom("faq_items").where("id", "=", id).executeTakeFirst();
  if (!Number(result.numDeletedRows)) throw new ServiceError("not_found", "That item no longer exists.");
  await bumpContentVersion(db);
}

/** Inserts seed items whose slug is missing; returns how many were inserted. */
export async function seedFaq(db: DB, items: FaqInput[]): Promise<number> {
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
