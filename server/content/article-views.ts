import type { DB } from "../db";
import { renderMarkdown, type Heading } from "../markdown/markdown";
import { responsiveBodyImages } from "../media/body-images";
import { withUnsavedChanges } from "./article-writes";
import {
  getArticleById,
  getVisibleArticle,
  toSummary,
  type Article,
  type ArticleSummary,
  type ArticleTable,
} from "./articles";
import { guideParts, type GuideParts } from "./guides";
import { postParts, type PostParts } from "./posts";

/**
 * The one builder of a post's or a guide's page data, for the public page and the staff
 * preview alike: the article without its body, the body rendered (uploaded images made
 * responsive), its headings, and what the kind adds (posts.ts, guides.ts).
 */
interface ViewBase {
  article: ArticleSummary;
  html: string;
  headings: Heading[];
}

export type PostView = ViewBase & PostParts;
export type GuideView = ViewBase & GuideParts;
export type ArticleView = PostView | GuideView;

interface ViewOf {
  blog_posts: PostView;
  help_guides: GuideView;
}

async function buildView<T extends ArticleTable>(db: DB, table: T, article: Article, now: Date): Promise<ViewOf[T]> {
  const { html: bodyHtml, headings } = renderMarkdown(article.body);
  const [html, parts] = await Promise.all([
    responsiveBodyImages(db, bodyHtml),
    table === "blog_posts" ? postParts(db, article, now) : guideParts(db, article, headings, now),
  ]);
  return { ...parts, article: toSummary(article), html, headings } as ViewOf[T];
}

/** A visible post or guide's page; undefined when it is not public. */
export async function getArticleView<T extends ArticleTable>(
  db: DB,
  table: T,
  slug: string,
  now: Date = new Date(),
): Promise<ViewOf[T] | undefined> {
  const article = await getVisibleArticle(db, table, slug, now);
  return article ? buildView(db, table, article, now) : undefined;
}

/**
 * Any post or guide (draft, scheduled or published) as it will look on the public site: the
 * staff preview. With `changes` (the editor's unsaved values), as it will look once they are
 * saved; nothing is stored.
 */
export async function getArticlePreview<T extends ArticleTable>(
  db: DB,
  table: T,
  id: string,
  changes?: object | null,
  now: Date = new Date(),
): Promise<ViewOf[T] | undefined> {
  const stored = await getArticleById(db, table, id);
  if (!stored) return undefined;
  return buildView(db, table, changes ? withUnsavedChanges(table, stored, changes) : stored, now);
}
