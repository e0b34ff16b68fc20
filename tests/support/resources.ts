/** Helpers for the tests of the public resources pages (blog, guides, FAQ, search). */

/**
 * Who the tests write posts and guides as: they go through the admin editor's services
 * (server/content/editor.ts: createArticleAs, saveArticleAs, bulkArticlesAs), audited and
 * with revisions, as staff writes do.
 */
export const testEditor = { id: "test-editor", email: "editor@meritum.test" };

export const HOUR = 3_600_000;

/** An ISO timestamp `offsetMs` from now. */
export const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** The hrefs of search results, in rank order. */
export function resultLinks(html: string): string[] {
  const list = /<ol class="mt-6 space-y-5">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<h3[^>]*><a[^>]*href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

/** Every JSON-LD object of a page (arrays flattened). */
export function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const parsed = JSON.parse(m[1]!);
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}
