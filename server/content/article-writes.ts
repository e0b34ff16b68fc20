import crypto from "node:crypto";
import { articleInputSchema, type ArticleInput, type ArticleValues } from "@common/content";
import { parseInput, ServiceError } from "@common/result";
import { missingSlugs, type DB } from "../db";
import { nowIso } from "../db/dialect";
import { readingMinutes } from "../markdown/markdown";
import { toArticle, untyped, type Article, type ArticleTable } from "./articles";

/**
 * What every write of a blog post or help guide shares: the input parsed with the shared
 * schema (common/content.ts; refusals are ServiceErrors), its columns, the slug check, and
 * the item with unsaved changes applied (the staff preview). The writes themselves are the
 * editor's (editor.ts: audited, with revisions, in one transaction) and the seed's (below).
 */

export function parseArticle(input: unknown): ArticleValues {
  const value = parseInput(articleInputSchema, input);
  // Publishing without a date means "now".
  if (value.status === "published" && !value.publishedAt) value.publishedAt = nowIso();
  return value;
}

export function toColumns(table: ArticleTable, value: ArticleValues) {
  return {
    slug: value.slug,
    title: value.title,
    excerpt: value.excerpt,
    body: value.body,
    cover_image_url: value.coverImageUrl,
    cover_image_alt: value.coverImageAlt,
    cover_image_id: value.coverImageId,
    author_name: value.authorName,
    author_user_id: value.authorUserId,
    category: value.category,
    tags: JSON.stringify(value.tags),
    status: value.status,
    published_at: value.publishedAt,
    seo_title: value.seoTitle,
    seo_description: value.seoDescription,
    reading_minutes: readingMinutes(value.body),
    ...(table === "help_guides" ? { sort_order: value.sortOrder } : {}),
  };
}

export async function assertSlugFree(db: DB, table: ArticleTable, slug: string, exceptId?: string) {
  let query = untyped(db).selectFrom(table).select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) {
    throw new ServiceError("conflict", "That slug is already used.", { slug: "That slug is already used." });
  }
}

export function articleToInput(article: Article): ArticleInput {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    body: article.body,
    coverImageUrl: article.coverImageUrl,
    coverImageAlt: article.coverImageAlt,
    coverImageId: article.coverImageId,
    authorName: article.authorName,
    authorUserId: article.authorUserId,
    category: article.category,
    tags: article.tags,
    status: article.status,
    publishedAt: article.publishedAt,
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
    sortOrder: article.sortOrder,
  };
}

/**
 * The item as it would be after saving these changes (the editor's current values), checked
 * like a save but stored nowhere: what the staff preview of unsaved changes renders.
 */
export function withUnsavedChanges(table: ArticleTable, existing: Article, changes: object): Article {
  const value = parseArticle({ ...articleToInput(existing), ...changes });
  return toArticle({
    id: existing.id,
    ...toColumns(table, value),
    version: existing.version,
    created_at: existing.createdAt,
    updated_at: nowIso(),
  });
}

/** Inserts seed items whose slug is missing; returns how many were inserted. */
export async function seedArticles(db: DB, table: ArticleTable, seed: ArticleInput[]): Promise<number> {
  const items = await missingSlugs(db, table, seed);
  if (!items.length) return 0;
  const now = nowIso();
  const rows = await untyped(db)
    .insertInto(table)
    .values(
      items.map((item) => {
        const value = parseArticle(item);
        // Seeded writing dates from its publication, not from the first boot.
        const stamp = value.publishedAt && value.publishedAt < now ? value.publishedAt : now;
        return { id: crypto.randomUUID(), ...toColumns(table, value), created_at: stamp, updated_at: stamp };
      }),
    )
    .onConflict((oc) => oc.column("slug").doNothing())
    .returning("id")
    .execute();
  return rows.length;
}
