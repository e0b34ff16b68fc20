import { listPublishedContentUrls } from "../content";
import type { DB } from "../db";
import { listPublishedIndustries } from "../industries/industries";
import { ownerPath } from "@common/settings";
import { getSiteSettings } from "../settings/settings";

/** One URL of the sitemap: a site path and when its content last changed (ISO date or timestamp). */
export interface SitemapEntry {
  path: string;
  lastmod: string;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
}

/** Something that knows a set of public URLs. Blog posts, guides, ... each add one source. */
export type SitemapSource = (db: DB) => Promise<SitemapEntry[]>;

/** When the copy of the static pages last changed; bump it with an edit of that copy. */
export const STATIC_PAGES_LASTMOD = "2026-11-22";

/** Public pages that exist in code. Search results, login and admin never belong here. */
export const staticPagesSource: SitemapSource = async (db) => {
  const settings = await getSiteSettings(db);
  const pages: Array<Omit<SitemapEntry, "lastmod">> = [
    { path: "/", changefreq: "weekly", priority: 1 },
    { path: "/services", changefreq: "monthly", priority: 0.9 },
    { path: "/services/merchant-accounts", changefreq: "monthly", priority: 0.9 },
    { path: "/services/mobile-payments", changefreq: "monthly", priority: 0.8 },
    { path: "/services/online-gateways", changefreq: "monthly", priority: 0.8 },
    { path: "/industries", changefreq: "monthly", priority: 0.8 },
    { path: "/resources", changefreq: "weekly", priority: 0.6 },
    { path: "/resources/blog", changefreq: "weekly", priority: 0.6 },
    { path: "/resources/guides", changefreq: "weekly", priority: 0.6 },
    { path: "/resources/faq", changefreq: "monthly", priority: 0.6 },
    { path: "/about", changefreq: "yearly", priority: 0.6 },
    { path: ownerPath(settings), changefreq: "yearly", priority: 0.5 },
    { path: "/contact", changefreq: "yearly", priority: 0.8 },
    { path: "/privacy-policy", changefreq: "yearly", priority: 0.2 },
    { path: "/terms-of-service", changefreq: "yearly", priority: 0.2 },
  ];
  return pages.map((page) => ({ ...page, lastmod: STATIC_PAGES_LASTMOD }));
};

/** Every published industry page. */
export const industriesSource: SitemapSource = async (db) => {
  const industries = await listPublishedIndustries(db);
  return industries.map((industry) => ({
    path: `/industries/${industry.slug}`,
    lastmod: industry.updatedAt,
    changefreq: "monthly",
    priority: 0.7,
  }));
};

/** Every visible blog post and help guide. */
export const articlesSource: SitemapSource = async (db) =>
  (await listPublishedContentUrls(db)).map((entry) => ({ ...entry, changefreq: "monthly", priority: 0.6 }));

/** The sources the sitemap is built from: add one line per kind of published content. */
export const sitemapSources: SitemapSource[] = [staticPagesSource, industriesSource, articlesSource];

/** Never listed, whatever a source returns. */
const PRIVATE_PREFIXES = ["/admin", "/login", "/api"];

function isPrivate(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + "/"));
}

/** The date part (YYYY-MM-DD) of an ISO timestamp; W3C datetime allows either, dates read best. */
function toW3cDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? STATIC_PAGES_LASTMOD : date.toISOString().slice(0, 10);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Entries from all sources: private paths dropped, duplicates merged (latest lastmod wins), sorted by path. */
export async function collectSitemapEntries(
  db: DB,
  sources: SitemapSource[] = sitemapSources,
): Promise<SitemapEntry[]> {
  const lists = await Promise.all(sources.map((source) => source(db)));
  const byPath = new Map<string, SitemapEntry>();
  for (const entry of lists.flat()) {
    if (!entry.path.startsWith("/") || isPrivate(entry.path)) continue;
    const normalized = { ...entry, lastmod: toW3cDate(entry.lastmod) };
    const existing = byPath.get(entry.path);
    if (!existing || normalized.lastmod > existing.lastmod) byPath.set(entry.path, normalized);
  }
  return [...byPath.values()].sort((a, b) => (a.path === "/" ? -1 : b.path === "/" ? 1 : a.path.localeCompare(b.path)));
}

/** The sitemap XML (sitemaps.org protocol 0.9) with absolute URLs under `siteUrl`. */
export function renderSitemapXml(entries: SitemapEntry[], siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  const urls = entries.map((entry) => {
    const parts = [
      `    <loc>${escapeXml(base + entry.path)}</loc>`,
      `    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`,
    ];
    if (entry.changefreq) parts.push(`    <changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined) parts.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>\n${parts.join("\n")}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export async function buildSitemap(
  db: DB,
  siteUrl: string,
  sources: SitemapSource[] = sitemapSources,
): Promise<string> {
  return renderSitemapXml(await collectSitemapEntries(db, sources), siteUrl);
}

/** robots.txt: everything public may be crawled; admin and login may not. */
export function renderRobotsTxt(siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /api/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
