import type { DB } from "../db";
import { listVisibleArticles } from "./articles";

export const RSS_ITEM_LIMIT = 20;

function xml(text: string): string {
  return (
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Characters XML 1.0 does not allow at all.
      // eslint-disable-next-line no-control-regex -- the allowed control characters are listed on purpose
      .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
  );
}

/** RSS 2.0 of the newest visible blog posts. */
export async function buildBlogRss(
  db: DB,
  options: { siteUrl: string; companyName: string; now?: Date },
): Promise<string> {
  const posts = await listVisibleArticles(db, "blog_posts", { now: options.now ?? new Date(), limit: RSS_ITEM_LIMIT });
  const base = options.siteUrl.replace(/\/$/, "");
  const channelLink = `${base}/resources/blog`;
  const items = posts
    .map((p) => {
      const link = `${base}/resources/blog/${p.slug}`;
      return [
        "    <item>",
        `      <title>${xml(p.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        `      <description>${xml(p.excerpt)}</description>`,
        `      <category>${xml(p.category)}</category>`,
        `      <dc:creator>${xml(p.authorName)}</dc:creator>`,
        `      <pubDate>${new Date(p.publishedAt ?? p.createdAt).toUTCString()}</pubDate>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = posts[0]?.publishedAt ? new Date(posts[0].publishedAt).toUTCString() : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xml(`${options.companyName} blog`)}</title>
    <link>${xml(channelLink)}</link>
    <atom:link href="${xml(`${base}/resources/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${xml(`Articles on card processing fees, pricing, chargebacks, PCI compliance and getting paid, from ${options.companyName}.`)}</description>
    <language>en-us</language>
    <lastBuildDate>${lastBuild}</lastBuildDate>
${items}
  </channel>
</rss>
`;
}
