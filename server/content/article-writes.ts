import crypto from "node:crypto";
import { articleInputSchema, type ArticleInput, type ArticleValues, type ContentStatus } from "@common/content";
import { parseInput, ServiceError } from "@common/result";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { readingMinutes } from "../markdown/markdown";
import { getArticleById, toArticle, untyped, type Article, type ArticleRow, type ArticleTable } from "./articles";
import { bumpContentVersion } from "../content-version/content-version";

/**
 * Creating, changing, publishing and deleting blog posts and help guides. Every write is
 * parsed with the shared schema (common/content.ts); refusals are ServiceErrors. Each
 * change bumps the content version (search index and caches follow it).
 */

const NOT_FOUND = "That item no longer exists.";

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

export async function createArticle(db: DB, table: ArticleTable, input: unknown): Promise<Article> {
  const value = parseArticle(input);
  await assertSlugFree(db, table, value.slug);
  const now = nowIso();
  const row = (await untyped(db)
    .insertInto(table)
    .values({ id: crypto.randomUUID(), ...toColumns(table, value), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()) as ArticleRow;
  await bumpContentVersion(db);
  return toArticle(row);
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

/** Applies a partial change; the merged item is validated as a whole. */
export async function updateArticle(
  db: DB,
  table: ArticleTable,
  id: string,
  changes: Partial<ArticleInput>,
): Promise<Article> {
  const existing = await getArticleById(db, table, id);
  if (!existing) throw new ServiceError("not_found", NOT_FOUND);
  const value = parseArticle({ ...articleToInput(existing), ...changes });
  await assertSlugFree(db, table, value.slug, id);
  const row = (await untyped(db)
    .updateTable(table)
    .set((eb) => ({ ...toColumns(table, value), version: eb("version", "+", 1), updated_at: nowIso() }))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()) as ArticleRow;
  await bumpContentVersion(db);
  return toArticle(row);
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

/** Publishes now, or schedules for `at` when it lies in the future. */
export async function publishArticle(db: DB, table: ArticleTable, id: string, at?: string | Date): Promise<Article> {
  const when = at ? new Date(at) : new Date();
  if (Number.isNaN(when.getTime()))
    throw new ServiceError("validation", "Choose a valid date.", { publishedAt: "Choose a valid date." });
  const status: ContentStatus = when.getTime() > Date.now() ? "scheduled" : "published";
  return updateArticle(db, table, id, { status, publishedAt: when.toISOString() });
}

/** Back to draft: disappears from the site and the search index. */
export async function unpublishArticle(db: DB, table: ArticleTable, id: string): Promise<Article> {
  return updateArticle(db, table, id, { status: "draft" });
}

export async function deleteArticle(db: DB, table: ArticleTable, id: string): Promise<void> {
  const result = await untyped(db).deleteFrom(table).where("id", "=", id).executeTakeFirst();
  if (!Number(result.numDeletedRows)) throw new ServiceError("not_found", NOT_FOUND);
  await bumpContentVersion(db);
}

/** Inserts seed items whose slug is missing; returns how many were inserted. */
export async function seedArticles(db: DB, table: ArticleTable, items: ArticleInput[]): Promise<number> {
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
