import * as z from "zod/mini";
import { IMAGE_LIMITS } from "./limits";
import { requiredText } from "./text";

/**
 * Content images: the public URLs of an image's files, shared by the upload API, the media screen and the
 * ResponsiveImage component, and the rules of the media API's input. `/media/<imageId>/original` is the
 * uploaded file; `/media/<imageId>/<width>.<avif|webp>` a resized variant. The bytes behind a URL never
 * change, so they are served with immutable caching.
 */
export const IMAGE_FORMATS = ["jpeg", "png", "webp", "avif"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export interface ImageVariant {
  width: number;
  height: number;
  format: VariantFormat;
  size: number;
}

/** What a page needs to render an image (no bytes). */
export interface ImageInfo {
  id: string;
  alt: string;
  width: number;
  height: number;
  format: ImageFormat;
  variants: ImageVariant[];
}

export function imageOriginalUrl(id: string): string {
  return `/media/${id}/original`;
}

export function imageVariantUrl(id: string, variant: Pick<ImageVariant, "width" | "format">): string {
  return `/media/${id}/${variant.width}.${variant.format}`;
}

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const MEDIA_URL = new RegExp(`^/media/(${ID})/(?:original|\\d+\\.(?:avif|webp))$`);

/** The image id of a site image URL ("/media/<id>/original"), or null for any other URL. */
export function imageIdOfUrl(url: string | null | undefined): string | null {
  return url ? (MEDIA_URL.exec(url)?.[1] ?? null) : null;
}

/** Every image id a Markdown text or URL mentions (for "where is it used"). */
export function imageIdsIn(text: string): string[] {
  return [...text.matchAll(new RegExp(`/media/(${ID})/`, "g"))].map((m) => m[1]!);
}

/** The srcset of each variant format (smallest first) and the fallback src for <img>. */
export function imageSources(image: ImageInfo): { avif: string; webp: string; fallback: string } {
  const set = (format: VariantFormat) =>
    image.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${imageVariantUrl(image.id, v)} ${v.width}w`)
      .join(", ");
  const webp = image.variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width);
  const fallback = webp.find((v) => v.width <= 960) ?? webp.at(-1);
  return {
    avif: set("avif"),
    webp: set("webp"),
    fallback: fallback ? imageVariantUrl(image.id, fallback) : imageOriginalUrl(image.id),
  };
}

/**
 * The file link previews should use: the original when it is JPEG, PNG or WebP (what
 * LinkedIn, Facebook and messengers read), else the largest WebP variant.
 */
export function shareImagePath(image: ImageInfo): string {
  if (image.format !== "avif") return imageOriginalUrl(image.id);
  const largest = image.variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
  return largest ? imageVariantUrl(image.id, largest) : imageOriginalUrl(image.id);
}

/** The alt-text rule: required, every image on the site is described. */
export const imageAltSchema = z.object({
  alt: requiredText("a description of the image (alt text)", IMAGE_LIMITS.alt, {
    missing: "Describe the image for people who cannot see it (alt text).",
  }),
});
export type ImageAltInput = z.input<typeof imageAltSchema>;

/** Deleting an image: `?force=1` deletes it even where it is still used (the screen's "Delete anyway"). */
export const imageDeleteQuerySchema = z.object({
  force: z.catch(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => value === "1"),
    ),
    false,
  ),
});
