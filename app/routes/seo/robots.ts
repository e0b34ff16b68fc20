import { getConfig } from "@server/config";
import { renderRobotsTxt } from "@server/seo/sitemap";

/** GET /robots.txt: crawl everything public, not the admin area or login; where the sitemap is. */
export function loader() {
  return new Response(renderRobotsTxt(getConfig().siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
