import type { ArticleTable } from "./articles";

/**
 * The public paths of blog posts and help guides. Their moves (301) and deletions (410) are
 * kept by the one redirects module, server/redirects/redirects.ts.
 */
export const ARTICLE_BASE_PATH: Record<ArticleTable, string> = {
  blog_posts: "/resources/blog",
  help_guides: "/resources/guides",
};

export function articlePath(table: ArticleTable, slug: string): string {
  return `${ARTICLE_BASE_PATH[table]}/${slug}`;
}
