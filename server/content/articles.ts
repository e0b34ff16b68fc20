import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { readingMinutes } from "../markdown/markdown";
import { slugify } from "../settings/settings";
import { bumpContentVersion } from "./version";
import { CONTENT_STATUSES, VISIBLE_STATUSES, canonicalIso, type ContentStatus } from "./visibility";

/**
 * Blog posts and help guides share one shape and one set of rules; this module holds
 * them, parameterised by table. posts.ts and guides.ts are the typed faces used by
 * loaders, the admin content screens and the JSON API.
 */
export type ArticleTable = "blog_posts" | "help_guides";

export interface Article {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  coverImageUrl: string | null;
  coverImageAlt: string | null;
  authorName: string;
  authorUserId: string | null;
  category: string;
  categorySlug: string;
  tags: string[];
  status: ContentStatus;
  publishedAt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  readingMinutes: number;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export class ContentError extends Error {
  override name = "ContentError";
  constructor(
    readonly code: "not_found" | "conflict" | "validation",
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const slugSchema = z
  .string()
  .trim()
  .min(1, "Enter a slug.")
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, numbers and single hyphens.");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const articleInputSchema = z
  .object({
    slug: slugSchema,
    title: z.string().trim().min(1, "Enter a title.").max(200),
    excerpt: z.string().trim().min(1, "Enter an excerpt.").max(600),
    body: z.string().trim().min(1, "Enter the body.").max(200_000),
    coverImageUrl: z
      .string()
      .trim()
      .max(2000)
      .regex(/^(https:\/\/|\/(?!\/))\S*$/, "Use an https:// URL or a site path starting with /.")
      .nullish()
      .transform((v) => (v ? v : null)),
    coverImageAlt: optionalText(300),
    authorName: z.string().trim().min(1, "Enter the author.").max(120),
    authorUserId: optionalText(64),
    category: z.string().trim().min(1, "Enter a category.").max(80),
    tags: z
      .array(z.string().trim().min(1).max(40))
      .max(20)
      .default([])
      .transform((tags) => [...new Set(tags)]),
    status: z.enum(CONTENT_STATUSES).default("draft"),
    publishedAt: z.iso
      .datetime({ offset: true })
      .nullish()
      .transform((v) => (v ? canonicalIso(v) : null)),
    seoTitle: optionalText(200),
    seoDescription: optionalText(320),
    sortOrder: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.status === "scheduled" && !value.publishedAt) {
      ctx.addIssue({ code: "custom", path: ["publishedAt"], message: "Choose when the scheduled item goes live." });
    }
  });

export type ArticleInput = z.input<typeof articleInputSchema>;

type Row = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover_image_url: string | null;
  cover_image_alt: string | null;
  author_name: string;
  author_user_id: string | null;
  category: string;
  tags: string;
  status: string;
  published_at: string | null;
  seo_title: string | null;
  seo_description: string | null;
  reading_minutes: number;
  sort_order?: number;
  created_at: string;
  updated_at: string;
};

function parseTags(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

function toArticle(row: Row): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    coverImageUrl: row.cover_image_url,
    coverImageAlt: row.cover_image_alt,
    authorName: row.author_name,
    authorUserId: row.author_user_id,
    category: row.category,
    categorySlug: slugify(row.category),
    tags: parseTags(row.tags),
    status: (CONTENT_STATUSES as readonly string[]).includes(row.status) ? (row.status as ContentStatus) : "draft",
    publishedAt: row.published_at,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    readingMinutes: Number(row.reading_minutes),
    sortOrder: Number(row.sort_order ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// Both tables have the same columns (guides add sort_order); Kysely cannot type a
// query over a union of table names, so the generic queries use an untyped handle.
function untyped(db: DB): Kysely<any> {
  return db as unknown as Kysely<any>;
}

/** A query of the visible rows of a table at `now` (see visibility.ts). */
function visibleQuery(db: DB, table: ArticleTable, now: Date) {
  return untyped(db)
    .selectFrom(table)
    .where("status", "in", VISIBLE_STATUSES)
    .where("published_at", "is not", null)
    .where("published_at", "<=", now.toISOString());
}

export interface ListVisibleOptions {
  now?: Date;
  category?: string;
  limit?: number;
  offset?: number;
  order?: "newest" | "sort";
}

export async function listVisibleArticles(
  db: DB,
  table: ArticleTable,
  options: ListVisibleOptions = {},
): Promise<Article[]> {
  let query = visibleQuery(db, table, options.now ?? new Date()).selectAll();
  if (options.category) query = query.where("category", "=", options.category);
  query =
    options.order === "sort"
      ? query.orderBy("sort_order").orderBy("title")
      : query.orderBy("published_at", "desc").orderBy("slug");
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  const rows = (await query.execute()) as Row[];
  return rows.map(toArticle);
}

export async function countVisibleArticles(
  db: DB,
  table: ArticleTable,
  options: { now?: Date; category?: string } = {},
): Promise<number> {
  let query = visibleQuery(db, table, options.now ?? new Date()).select((eb) => eb.fn.countAll().as("n"));
  if (options.category) query = query.where("category", "=", options.category);
  const row = (await query.executeTakeFirst()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Categories that have at least one visible item, with counts, alphabetical. */
export async function listVisibleCategories(
  db: DB,
  table: ArticleTable,
  now: Date = new Date(),
): Promise<Array<{ name: string; slug: string; count: number }>> {
  const rows = (await visibleQuery(db, table, now)
    .select(["category", (eb) => eb.fn.countAll().as("n")])
    .groupBy("category")
    .orderBy("category")
    .execute()) as Array<{ category: string; n: number | string }>;
  return rows.map((r) => ({ name: r.category, slug: slugify(r.category), count: Number(r.n) }));
}

export async function getVisibleArticle(
  db: DB,
  table: ArticleTable,
  slug: string,
  now: Date = new Date(),
): Promise<Article | undefined> {
  const row = (await visibleQuery(db, table, now).selectAll().where("slug", "=", slug).executeTakeFirst()) as
    Row | undefined;
  return row ? toArticle(row) : undefined;
}

/** The visible neighbours of an article by date: older (previous) and newer (next). */
export async function getVisibleNeighbours(
  db: DB,
  table: ArticleTable,
  article: Article,
  now: Date = new Date(),
): Promise<{ previous: Article | undefined; next: Article | undefined }> {
  const at = article.publishedAt ?? "";
  const previous = (await visibleQuery(db, table, now)
    .selectAll()
    .where((eb) =>
      eb.or([eb("published_at", "<", at), eb.and([eb("published_at", "=", at), eb("slug", ">", article.slug)])]),
    )
    .orderBy("published_at", "desc")
    .orderBy("slug")
    .limit(1)
    .executeTakeFirst()) as Row | undefined;
  const next = (await visibleQuery(db, table, now)
    .selectAll()
    .where((eb) =>
      eb.or([eb("published_at", ">", at), eb.and([eb("published_at", "=", at), eb("slug", "<", article.slug)])]),
    )
    .orderBy("published_at")
    .orderBy("slug", "desc")
    .limit(1)
    .executeTakeFirst()) as Row | undefined;
  return { previous: previous && toArticle(previous), next: next && toArticle(next) };
}

/** Every item regardless of status (admin lists). */
export async function listAllArticles(db: DB, table: ArticleTable): Promise<Article[]> {
  const rows = (await untyped(db).selectFrom(table).selectAll().orderBy("updated_at", "desc").execute()) as Row[];
  return rows.map(toArticle);
}

export async function getArticleById(db: DB, table: ArticleTable, id: string): Promise<Article | undefined> {
  const row = (await untyped(db).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()) as
    Row | undefined;
  return row ? toArticle(row) : undefined;
}

function parseInput(input: unknown) {
  const parsed = articleInputSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "form"] ??= issue.message;
    throw new ContentError("validation", "Check the highlighted fields.", fields);
  }
  const value = parsed.data;
  // Publishing without a date means "now".
  if (value.status === "published" && !value.publishedAt) value.publishedAt = nowIso();
  return value;
}

function toColumns(table: ArticleTable, value: ReturnType<typeof parseInput>) {
  return {
    slug: value.slug,
    title: value.title,
    excerpt: value.excerpt,
    body: value.body,
    cover_image_url: value.coverImageUrl,
    cover_image_alt: value.coverImageAlt,
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

async function assertSlugFree(db: DB, table: ArticleTable, slug: string, exceptId?: string) {
  let query = untyped(db).selectFrom(table).select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) {
    throw new ContentError("conflict", "That slug is already used.", { slug: "That slug is already used." });
  }
}

export async function createArticle(db: DB, table: ArticleTable, input: unknown): Promise<Article> {
  const value = parseInput(input);
  await assertSlugFree(db, table, value.slug);
  const now = nowIso();
  const row = (await untyped(db)
    .insertInto(table)
    .values({ id: crypto.randomUUID(), ...toColumns(table, value), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
  await bumpContentVersion(db);
  return toArticle(row);
}

function articleToInput(article: Article): ArticleInput {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    body: article.body,
    coverImageUrl: article.coverImageUrl,
    coverImageAlt: article.coverImageAlt,
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
  if (!existing) throw new ContentError("not_found", "That item no longer exists.");
  const value = parseInput({ ...articleToInput(existing), ...changes });
  await assertSlugFree(db, table, value.slug, id);
  const row = (await untyped(db)
    .updateTable(table)
    .set({ ...toColumns(table, value), updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
  await bumpContentVersion(db);
  return toArticle(row);
}

/** Publishes now, or schedules for `at` when it lies in the future. */
export async function publishArticle(db: DB, table: ArticleTable, id: string, at?: string | Date): Promise<Article> {
  const when = at ? new Date(at) : new Date();
  if (Number.isNaN(when.getTime()))
    throw new ContentError("validation", "Choose a valid date.", { publishedAt: "Choose a valid date." });
  const status: ContentStatus = when.getTime() > Date.now() ? "scheduled" : "published";
  return updateArticle(db, table, id, { status, publishedAt: when.toISOString() });
}

/** Back to draft: disappears from the site and the search index. */
export async function unpublishArticle(db: DB, table: ArticleTable, id: string): Promise<Article> {
  return updateArticle(db, table, id, { status: "draft" });
}

export async function deleteArticle(db: DB, table: ArticleTable, id: string): Promise<void> {
  const result = await untyped(db).deleteFrom(table).where("id", "=", id).executeTakeFirst();
  if (!Number(result.numDeletedRows)) throw new ContentError("not_found", "That item no longer exists.");
  await bumpContentVersion(db);
}

/**
 * The earliest published_at still in the future among items that will become visible
 * by themselves (the search index rebuilds when it comes due).
 */
export async function nextDueAt(db: DB, table: ArticleTable, now: Date = new Date()): Promise<string | null> {
  const row = (await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.min("published_at").as("due"))
    .where("status", "in", VISIBLE_STATUSES)
    .where("published_at", ">", now.toISOString())
    .executeTakeFirst()) as { due: string | null } | undefined;
  return row?.due ? canonicalIso(row.due) : null;
}

/** Inserts seed items whose slug is missing; returns how many were inserted. */
export async function seedArticles(db: DB, table: ArticleTable, items: ArticleInput[]): Promise<number> {
  if (!items.length) return 0;
  const now = nowIso();
  const rows = await untyped(db)
    .insertInto(table)
    .values(
      items.map((item) => {
        const value = parseInput(item);
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
