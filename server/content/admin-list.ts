import { sql, type Selectable } from "kysely";
import { ADMIN_ARTICLE_PAGE_SIZE, type ArticleListQuery, type ContentStatus } from "@common/content";
import type { DB } from "../db";
import { containsPattern } from "../db/dialect";
import type { ArticleColumns } from "../db/schema";
import { untyped, type ArticleTable } from "./articles";
import { articlePath } from "./redirects";
import { VISIBLE_STATUSES } from "./visibility";

/**
 * The admin list of blog posts or help guides: every status, searched by title, filtered
 * by status and category, sorted by updated, published or title, a page at a time. The
 * status shown is the one the public sees now: a scheduled item whose time has come is
 * "published" (visibility is evaluated at query time, see visibility.ts). Indexed by
 * migration 0030 (npm run bench:admin measures it at 10,000 items).
 */
export interface AdminArticleSummary {
  id: string;
  title: string;
  slug: string;
  category: string;
  authorName: string;
  /** draft, scheduled (public at publishedAt, in the future) or published (public now). */
  status: ContentStatus;
  publishedAt: string | null;
  updatedAt: string;
  version: number;
  /** The public page (only when it is public now). */
  publicPath: string | null;
}

export interface AdminArticlePage {
  items: AdminArticleSummary[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  categories: string[];
}

type ListRow = Pick<
  Selectable<ArticleColumns>,
  "id" | "title" | "slug" | "category" | "author_name" | "status" | "published_at" | "updated_at" | "version"
>;

/** `%text%` for LIKE, with LIKE's own characters escaped. */
export function effectiveStatus(row: { status: string; published_at: string | null }, now: Date): ContentStatus {
  if (!(VISIBLE_STATUSES as string[]).includes(row.status) || !row.published_at) return "draft";
  return row.published_at <= now.toISOString() ? "published" : "scheduled";
}

export async function listArticlesForAdmin(
  db: DB,
  table: ArticleTable,
  query: ArticleListQuery,
  now: Date = new Date(),
): Promise<AdminArticlePage> {
  const nowIso = now.toISOString();
  let base = untyped(db).selectFrom(table);
  if (query.q) base = base.where(sql<boolean>`lower(title) like ${containsPattern(query.q)} escape '\\'`);
  if (query.category) base = base.where("category", "=", query.category);
  if (query.status === "draft") {
    base = base.where((eb) => eb.or([eb("status", "not in", VISIBLE_STATUSES), eb("published_at", "is", null)]));
  } else if (query.status) {
    base = base
      .where("status", "in", VISIBLE_STATUSES)
      .where("published_at", "is not", null)
      .where("published_at", query.status === "published" ? "<=" : ">", nowIso);
  }
  const countRow = (await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst()) as
    { n: number | string } | undefined;
  const total = Number(countRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / ADMIN_ARTICLE_PAGE_SIZE));
  const page = Math.min(query.page, pages);

  // The page's ids from the covering index, then those rows (only 20 row reads).
  let ordered = base.select("id");
  if (query.sort === "title") ordered = ordered.orderBy("title").orderBy("id");
  else if (query.sort === "published")
    ordered = ordered.orderBy(sql`published_at desc nulls last`).orderBy("id", "desc");
  else ordered = ordered.orderBy("updated_at", "desc").orderBy("id", "desc");
  const ids = (
    (await ordered
      .limit(ADMIN_ARTICLE_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ARTICLE_PAGE_SIZE)
      .execute()) as Array<{ id: string }>
  ).map((r) => r.id);
  const rows = ids.length
    ? ((await untyped(db)
        .selectFrom(table)
        .select(["id", "title", "slug", "category", "author_name", "status", "published_at", "updated_at", "version"])
        .where("id", "in", ids)
        .execute()) as ListRow[])
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ids.map((id) => byId.get(id)).filter((r): r is ListRow => !!r);
  const categories = (await untyped(db)
    .selectFrom(table)
    .select("category")
    .distinct()
    .orderBy("category")
    .execute()) as Array<{ category: string }>;

  return {
    items: found.map((r) => {
      const status = effectiveStatus(r, now);
      return {
        id: r.id,
        title: r.title,
        slug: r.slug,
        category: r.category,
        authorName: r.author_name,
        status,
        publishedAt: r.published_at,
        updatedAt: r.updated_at,
        version: Number(r.version),
        publicPath: status === "published" ? articlePath(table, r.slug) : null,
      };
    }),
    total,
    page,
    pages,
    pageSize: ADMIN_ARTICLE_PAGE_SIZE,
    categories: categories.map((c) => c.category),
  };
}
