import type { ArticleTable } from "./articles";

/**
 * The public and preview paths of blog posts and help guides. Their moves (301) and deletions (410) are
 * kept by the one redirects module, server/redirects/redirects.ts.
 */
export const ARTICLE_BASE_PATH: Record<ArticleTable, string> = {
  blog_posts: "/resources/blog",
  help_guides: "/resources/guides",
};

export function articlePath(table: ArticleTable, slug: string): string {
  return `${ARTICLE_BASE_PATH[table]}/${slug}`;
}

/** The staff preview of a post or guide: `/preview/<section>/<id>` (routes/resources/article-preview.tsx). */
const PREVIEW_SECTION: Record<ArticleTable, string> = { blog_posts: "blog", help_guides: "guides" };

export function previewPath(table: ArticleTable, id: string): string {
  return `/preview/${PREVIEW_SECTION[table]}/${id}`;
}

/** The table a preview address's section names; undefined for any other section. */
export function tableOfPreviewSection(section: string): ArticleTable | undefined {
  return (Object.keys(PREVIEW_SECTION) as ArticleTable[]).find((table) => PREVIEW_SECTION[table] === section);
}
