import type { MetaDescriptor } from "react-router";
import type { RootData } from "./site";

interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

export interface PageSeo {
  title: string;
  description: string;
  /** Path for the canonical URL; defaults to the current path. */
  path?: string;
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
}

const SETTING_TOKEN = /\{(companyName|location|experience|phone|ownerName|seoDescription)\}/g;

/** Replaces {companyName}, {location}, {experience}, {phone}, {ownerName} and {seoDescription} with the settings store's values. */
export function fillSettings(text: string, settings: RootData["settings"] | undefined): string {
  const fallback = {
    companyName: "Meritum",
    location: "Gilbert, Arizona",
    experience: "35+ years",
    phone: "",
    ownerName: "our founder",
    seoDescription: "",
  };
  return text.replace(SETTING_TOKEN, (_, key: keyof typeof fallback) => String(settings?.[key] ?? fallback[key]));
}

/**
 * The meta tags of a page: title, description, canonical URL (from SITE_URL), Open Graph
 * and Twitter cards. Every route's `meta` calls this, so no page ships without them.
 */
export function seo(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  const siteUrl = root?.siteUrl ?? "";
  const brand = root?.settings.companyName ?? "Meritum";
  const pageTitle = fillSettings(page.title, root?.settings);
  const description = fillSettings(page.description, root?.settings);
  const title = pageTitle.includes(brand) ? pageTitle : `${pageTitle} | ${brand}`;
  const url = `${siteUrl}${page.path ?? args.location.pathname}`;
  const image = `${siteUrl}${page.image ?? root?.shareImagePath ?? "/og-default.png"}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}
