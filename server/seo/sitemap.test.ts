import { describe, expect, it } from "vitest";
import type { DB } from "../db";
import { buildSitemap, collectSitemapEntries, renderRobotsTxt, renderSitemapXml, type SitemapSource } from "./sitemap";

const db = {} as DB; // the fake sources below never touch it

const pages: SitemapSource = async () => [
  { path: "/", lastmod: "2026-11-01", priority: 1 },
  { path: "/about", lastmod: "2026-10-01" },
];
const posts: SitemapSource = async () => [
  { path: "/resources/blog/fees & rates", lastmod: "2026-11-20T15:30:00.000Z", changefreq: "weekly" },
  { path: "/about", lastmod: "2026-11-05T00:00:00Z" },
];
const leaky: SitemapSource = async () => [
  { path: "/admin", lastmod: "2026-11-01" },
  { path: "/admin/contacts", lastmod: "2026-11-01" },
  { path: "/login", lastmod: "2026-11-01" },
  { path: "/api/leads", lastmod: "2026-11-01" },
  { path: "https://elsewhere.example/", lastmod: "2026-11-01" },
  { path: "/administrators-guide", lastmod: "2026-11-01" },
];

describe("collectSitemapEntries", () => {
  it("merges all sources, keeps the latest lastmod of a duplicate and puts / first", async () => {
    const entries = await collectSitemapEntries(db, [pages, posts]);
    expect(entries.map((e) => e.path)).toEqual(["/", "/about", "/resources/blog/fees & rates"]);
    expect(entries.find((e) => e.path === "/about")!.lastmod).toBe("2026-11-05");
    expect(entries.find((e) => e.path.startsWith("/resources"))!.lastmod).toBe("2026-11-20");
  });

  it("never lists admin, login, API or foreign URLs", async () => {
    const entries = await collectSitemapEntries(db, [leaky]);
    expect(entries.map((e) => e.path)).toEqual(["/administrators-guide"]);
  });

  it("adding a source is one more array element", async () => {
    const extra: SitemapSource = async () => [{ path: "/resources/guides/chargebacks", lastmod: "2026-09-09" }];
    const entries = await collectSitemapEntries(db, [pages, extra]);
    expect(entries.map((e) => e.path)).toContain("/resources/guides/chargebacks");
  });
});

describe("renderSitemapXml", () => {
  it("writes absolute, escaped URLs with lastmod under the sitemaps.org namespace", async () => {
    const xml = await buildSitemap(db, "https://www.meritum.example/", [pages, posts]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain("<loc>https://www.meritum.example/</loc>");
    expect(xml).toContain("<loc>https://www.meritum.example/resources/blog/fees &amp; rates</loc>");
    expect(xml).toContain("<lastmod>2026-11-20</lastmod>");
    expect(xml).toContain("<changefreq>weekly</changefreq>");
    expect(xml).toContain("<priority>1.0</priority>");
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml.trim().endsWith("</urlset>")).toBe(true);
  });

  it("renders an empty urlset for no entries", () => {
    expect(renderSitemapXml([], "https://x.example")).toContain("<urlset");
  });
});

describe("renderRobotsTxt", () => {
  it("disallows admin and login and points at the absolute sitemap", () => {
    const text = renderRobotsTxt("https://www.meritum.example/");
    expect(text).toContain("User-agent: *");
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/login$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/www\.meritum\.example\/sitemap\.xml$/m);
  });
});
