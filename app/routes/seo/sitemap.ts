import { getConfig } from "@server/config";
import { getDb } from "@server/db";
import { buildSitemap } from "@server/seo/sitemap";

/** GET /sitemap.xml: every public page and published content URL, built from the sitemap sources. */
export async function loader() {
  const xml = await buildSitemap(getDb(), getConfig().siteUrl);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
