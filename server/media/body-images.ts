import { imageIdOfUrl, imageSources } from "@common/media";
import type { DB } from "../db";
import { getImageInfos } from "./images";

/*
 * Images inside rendered Markdown: an uploaded image (`![alt](/media/<id>/original)`) becomes
 * the same <picture> the ResponsiveImage component renders (AVIF and WebP srcset, width and
 * height, lazy), so body images cost phones no more than covers. Runs on sanitised HTML; every
 * attribute it writes comes from the images table or is escaped.
 */

const escapeAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** The width a body image takes: the article column (max-w-3xl, 48rem) or the screen. */
export const BODY_IMAGE_SIZES = "(min-width: 800px) 768px, 100vw";

export async function responsiveBodyImages(db: DB, html: string, sizes = BODY_IMAGE_SIZES): Promise<string> {
  const tags = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  const ids = tags.map((tag) => imageIdOfUrl(attr(tag, "src"))).filter((id): id is string => !!id);
  if (!ids.length) return html;
  const infos = await getImageInfos(db, ids);
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const info = infos.get(imageIdOfUrl(attr(tag, "src")) ?? "");
    if (!info) return tag;
    // The alt written in the text (already escaped by the sanitiser), else the stored one.
    const alt = attr(tag, "alt") ?? escapeAttr(info.alt);
    const sources = imageSources(info);
    const source = (type: string, set: string) =>
      set ? `<source type="${type}" srcset="${escapeAttr(set)}" sizes="${sizes}" />` : "";
    return (
      `<picture>${source("image/avif", sources.avif)}${source("image/webp", sources.webp)}` +
      `<img src="${escapeAttr(sources.fallback)}" alt="${alt}" width="${info.width}" height="${info.height}" loading="lazy" decoding="async" /></picture>`
    );
  });
}
