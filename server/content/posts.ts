import type { DB } from "../db";
import { renderMarkdown, type Heading } from "../markdown/markdown";
import { responsiveBodyImages } from "../media/body-images";
import type { ArticleInput } from "@common/content";
import {
  createArticle,
  deleteArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
  withUnsavedChanges,
} from "./article-writes";
import {
  countVisibleArticles,
  getArticleById,
  getVisibleArticle,
  getVisibleNeighbours,
  listAllArticles,
  listVisibleArticles,
  listVisibleCategories,
  type Article,
} from "./articles";

export const BLOG_PAGE_SIZE = 9;

export type BlogPost = Article;
export type PostInput = ArticleInput;

/** A post as a card in a list: no body. */
export type PostSummary = Omit<BlogPost, "body">;

export function toSummary<T extends { body: string }>(item: T): Omit<T, "body"> {
  const { body: _body, ...rest } = item;
  return rest;
}

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

export interface PostView {
  post: BlogPost;
  html: string;
  headings: Heading[];
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

/** A visible post with its rendered body, related posts and neighbours; undefined when not public. */
export async function getPostView(db: DB, slug: string, now: Date = new Date()): Promise<PostView | undefined> {
  const post = await getVisibleArticle(db, "blog_posts", slug, now);
  return post ? buildPostView(db, post, now) : undefined;
}

/**
 * Any post (draft, scheduled or published) as it will look on the public site: the staff
 * preview. With `changes` (the editor's unsaved values), as it will look once they are saved;
 * nothing is stored.
 */
export async function getPostPreview(
  db: DB,
  id: string,
  changes?: object | null,
  now: Date = new Date(),
): Promise<PostView | undefined> {
  const stored = await getArticleById(db, "blog_posts", id);
  if (!stored) return undefined;
  return buildPostView(db, changes ? withUnsavedChanges("blog_posts", stored, changes) : stored, now);
}

/** The one place a post page's data is made (public page and preview): uploaded body images come out responsive. */
async function buildPostView(db: DB, post: BlogPost, now: Date): Promise<PostView> {
  const { html: bodyHtml, headings } = renderMarkdown(post.body);
  const [all, neighbours, html] = await Promise.all([
    listVisibleArticles(db, "blog_posts", { now, limit: 200 }),
    // A draft has no date yet, so no place among its neighbours (its preview shows none).
    post.publishedAt ? getVisibleNeighbours(db, "blog_posts", post, now) : { previous: undefined, next: undefined },
    responsiveBodyImages(db, bodyHtml),
  ]);
  return {
    post,
    html,
    headings,
    related: pickRelated(post, all).map(toSummary),
    previous: neighbours.previous ? toSummary(neighbours.previous) : null,
    next: neighbours.next ? toSummary(neighbours.next) : null,
  };
}

export const getPublishedPost = (db: DB, slug: string, now?: Date) => getVisibleArticle(db, "blog_posts", slug, now);
export const listPublishedPosts = (db: DB, options: { now?: Date; limit?: number; category?: string } = {}) =>
  listVisibleArticles(db, "blog_posts", options);

// Staff-side operations (used by the admin content screens and API). Each bumps the content version.
export const listAllPosts = (db: DB) => listAllArticles(db, "blog_posts");
export const getPostById = (db: DB, id: string) => getArticleById(db, "blog_posts", id);
export const createPost = (db: DB, input: unknown) => createArticle(db, "blog_posts", input);
export const updatePost = (db: DB, id: string, changes: Partial<PostInput>) =>
  updateArticle(db, "blog_posts", id, changes);
export const publishPost = (db: DB, id: string, at?: string | Date) => publishArticle(db, "blog_posts", id, at);
export const unpublishPost = (db: DB, id: string) => unpublishArticle(db, "blog_posts", id);
export const deletePost = (db: DB, id: string) => deleteArticle(db, "blog_posts", id);
