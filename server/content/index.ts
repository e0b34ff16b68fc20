import type { DB } from "../db";
import { seedArticles } from "./article-writes";
import { listVisibleArticles } from "./articles";
import { seedFaq } from "./faq";
import { faqSeed } from "./seed/faq";
import { guideSeed } from "./seed/guides";
import { postSeed } from "./seed/posts";
import { bumpContentVersion } from "../content-version/content-version";

export { isVisible } from "./visibility";
export type { Article } from "./articles";

function later(a: string | null, b: string): string {
  return a && a > b ? a : b;
}

/**
 * Public URLs of every visible blog post and help guide with their last modification
 * (the later of published_at and updated_at), for the sitemap.
 */
export async function listPublishedContentUrls(db: DB): Promise<Array<{ path: string; lastmod: string }>> {
  const now = new Date();
  const [posts, guides] = await Promise.all([
    listVisibleArticles(db, "blog_posts", { now }),
    listVisibleArticles(db, "help_guides", { now, order: "sort" }),
  ]);
  return [
    ...posts.map((p) => ({ path: `/resources/blog/${p.slug}`, lastmod: later(p.publishedAt, p.updatedAt) })),
    ...guides.map((g) => ({ path: `/resources/guides/${g.slug}`, lastmod: later(g.publishedAt, g.updatedAt) })),
  ];
}

/** Idempotent: inserts seeded posts, guides and FAQ items whose slug is missing. */
export async function seedContent(db: DB): Promise<void> {
  const inserted =
    (await seedArticles(db, "blog_posts", postSeed)) +
    (await seedArticles(db, "help_guides", guideSeed)) +
    (await seedFaq(db, faqSeed));
  if (inserted) await bumpContentVersion(db);
}
