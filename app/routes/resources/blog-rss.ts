import { getConfig } from "@server/config";
import { buildBlogRss } from "@server/content/rss";
import { getDb } from "@server/db";
import { getSiteSettings } from "@server/settings/settings";

/** RSS 2.0 feed of published posts (a resource route: no UI). */
export async function loader() {
  const db = getDb();
  const settings = await getSiteSettings(db);
  const body = await buildBlogRss(db, { siteUrl: getConfig().siteUrl, companyName: settings.companyName });
  return new Response(body, {
    headers: {
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
    },
  });
}
