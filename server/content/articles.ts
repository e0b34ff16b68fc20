import type { Kysely, Selectable } from "kysely";
import { CONTENT_STATUSES, type ContentStatus } from "@common/content";
import { slugify } from "@common/slug";
import type { DB } from "../db";
import type { ArticleColumns, HelpGuidesTable } from "../db/schema";
import { VISIBLE_STATUSES, canonicalIso } from "./visibility";

/**
 * Blog posts and help guides share one shape and one set of rules, parameterised by
 * table: this module reads them; editor.ts writes them (audited, with revisions), through
 * article-writes.ts (the shared schema of common/content.ts, columns, slug check);
 * article-views.ts builds their pages; posts.ts and guides.ts hold what is each kind's own.
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
  coverImageId: string | null;
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
  /** Rises on every save; an update names the version it was based on. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A post or guide as a card or page header shows it: no body. */
export type ArticleSummary = Omit<Article, "body">;

export function toSummary<T extends { body: string }>(item: T): Omit<T, "body"> {
  const { body: _body, ...rest } = item;
  return rest;
}

/** A row of either table (a post has no sort order). */
export type ArticleRow = Selectable<ArticleColumns> & Partial<Pick<Selectable<HelpGuidesTable>, "sort_order">>;

function parseTags(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    body: row.body,
    coverImageUrl: row.cover_image_url,
    coverImageAlt: row.cover_image_alt,
    coverImageId: row.cover_image_id ?? null,
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
    version: Number(row.version ?? 1),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// Both tables have the same columns (guides add sort_order); Kysely cannot type a
// query over a union of table names, so the generic queries use an untyped handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the table name is a parameter
type AnyTables = any;

export function untyped(db: DB): Kysely<AnyTables> {
  return db as unknown as Kysely<AnyTables>;
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
  const rows = (await query.execute()) as ArticleRow[];
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
    ArticleRow | undefined;
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
    .executeTakeFirst()) as ArticleRow | undefined;
  const next = (await visibleQuery(db, table, now)
    .selectAll()
    .where((eb) =>
      eb.or([eb("published_at", ">", at), eb.and([eb("published_at", "=", at), eb("slug", "<", article.slug)])]),
    )
    .orderBy("published_at")
    .orderBy("slug", "desc")
    .limit(1)
    .executeTakeFirst()) as ArticleRow | undefined;
  return { previous: previous && toArticle(previous), next: next && toArticle(next) };
}

/** Every item regardless of status (admin lists). */
export async function listAllArticles(db: DB, table: ArticleTable): Promise<Article[]> {
  const rows = (await untyped(db)
    .selectFrom(table)
    .selectAll()
    .orderBy("updated_at", "desc")
    .execute()) as ArticleRow[];
  return rows.map(toArticle);
}

export async function getArticleById(db: DB, table: ArticleTable, id: string): Promise<Article | undefined> {
  const row = (await untyped(db).selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst()) as
    ArticleRow | undefined;
  return row ? toArticle(row) : undefined;
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
