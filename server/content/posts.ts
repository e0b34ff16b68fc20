import type { DB } from "../db";
import {
  countVisibleArticles,
  getVisibleNeighbours,
  listVisibleArticles,
  listVisibleCategories,
  toSummary,
  type Article,
} from "./articles";

export const BLOG_PAGE_SIZE = 9;

/** The blog: its paged list, the latest posts, and what a post's page shows beside its body. */

export type BlogPost = Article;

/** A post as a card in a list: no body. */
export type PostSummary = Omit<BlogPost, "body">;

export interface BlogPage {
  posts: PostSummary[];
  total: number;
  page: number;
  pageCount: number;
  categories: Array<{ name: string; slug: string; count: number }>;
  category: { name: string; slug: string } | null;
}

/**
 * One page of the blog list. Returns null when the page number does not exist (the
 * route answers 404): page must be an integer from 1 to the last page; page 1 always
 * exists so an empty blog or category shows its empty state.
 */
export async function getBlogPage(
  db: DB,
  options: { page: number; categorySlug?: string; now?: Date },
): Promise<BlogPage | null> {
  const now = options.now ?? new Date();
  const categories = await listVisibleCategories(db, "blog_posts", now);
  let category: BlogPage["category"] = null;
  if (options.categorySlug) {
    const found = categories.find((c) => c.slug === options.categorySlug);
    category = found
      ? { name: found.name, slug: found.slug }
      : { name: options.categorySlug, slug: options.categorySlug };
    if (!found) {
      return options.page === 1 ? { posts: [], total: 0, page: 1, pageCount: 1, categories, category } : null;
    }
  }
  const total = await countVisibleArticles(db, "blog_posts", { now, category: category?.name });
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (!Number.isInteger(options.page) || options.page < 1 || options.page > pageCount) return null;
  const posts = await listVisibleArticles(db, "blog_posts", {
    now,
    category: category?.name,
    limit: BLOG_PAGE_SIZE,
    offset: (options.page - 1) * BLOG_PAGE_SIZE,
  });
  return { posts: posts.map(toSummary), total, page: options.page, pageCount, categories, category };
}

export async function listLatestPosts(db: DB, limit: number, now: Date = new Date()): Promise<PostSummary[]> {
  return (await listVisibleArticles(db, "blog_posts", { now, limit })).map(toSummary);
}

/** What a post's page shows beside its body: related posts and its neighbours by date. */
export interface PostParts {
  kind: "post";
  related: PostSummary[];
  previous: PostSummary | null;
  next: PostSummary | null;
}

/** Up to `limit` other posts: same category first, then shared tags, then newest. */
export function pickRelated(post: BlogPost, candidates: BlogPost[], limit = 3): BlogPost[] {
  const tags = new Set(post.tags);
  return candidates
    .filter((c) => c.id !== post.id)
    .map((c) => ({
      c,
      score: (c.category === post.category ? 10 : 0) + c.tags.filter((t) => tags.has(t)).length * 3,
    }))
    .sort((a, b) => b.score - a.score || (b.c.publishedAt ?? "").localeCompare(a.c.publishedAt ?? ""))
    .slice(0, limit)
    .map((x) => x.c);
}

/** A post page's parts (see article-views.ts, which renders the body). */
export async function postParts(db: DB, post: BlogPost, now: Date): Promise<PostParts> {
  const [all, neighbours] = await Promise.all([
    listVisibleArticles(db, "blog_posts", { now, limit: 200 }),
    // A draft has no date yet, so no place among its neighbours (its preview shows none).
    post.publishedAt ? getVisibleNeighbours(db, "blog_posts", post, now) : { previous: undefined, next: undefined },
  ]);
  return {
    kind: "post",
    related: pickRelated(post, all).map(toSummary),
    previous: neighbours.previous ? toSummary(neighbours.previous) : null,
    next: neighbours.next ? toSummary(neighbours.next) : null,
  };
}
