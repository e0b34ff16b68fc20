import type { Sharp } from "sharp";
import { loadOnFirstUse } from "../load-on-first-use";
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES } from "@common/limits";
import type { ImageFormat, VariantFormat } from "@common/media";
import { ServiceError } from "@common/result";

/*
 * What happens to an uploaded image's bytes before anything is stored: its type is read from
 * its first bytes (never from the name or the declared content type), it is decoded by
 * sharp (a file that only looks like an image is refused), turned upright (EXIF), and
 * resized into the variants public pages offer in srcset. The original is re-encoded in its
 * own format too, upright and with nothing of its metadata but the colour (ICC) profile: what
 * is served publicly carries no EXIF (GPS, camera, date) or XMP.
 */

/** sharp, loaded with the first upload (decision 0056). */
const loadSharp = loadOnFirstUse(() => import("sharp").then((m) => m.default));

export const MIME_TYPES: Record<ImageFormat | VariantFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

/** The original's own format at a quality that keeps it the full-size master (PNG stays lossless). */
const ORIGINAL_ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 92, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9 }),
  webp: (image) => image.webp({ quality: 92 }),
  avif: (image) => image.avif({ quality: 80, effort: 2 }),
};

/** At most this many pixels are decoded (a small file can unpack into a huge bitmap). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The image format by magic bytes: JPEG, PNG, WebP or AVIF; null for anything else. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: the box size, "ftyp", the major brand, a minor version, then compatible brands.
    const boxSize = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

export interface ResizedVariant {
  width: number;
  height: number;
  format: VariantFormat;
  bytes: Uint8Array;
}

export interface ProcessedImage {
  format: ImageFormat;
  /** The original re-encoded: upright, the ICC profile kept, every other metadata dropped. */
  original: Uint8Array;
  width: number;
  height: number;
  variants: ResizedVariant[];
}

/** Checks an upload's size and type by content, then makes the AVIF and WebP variants. */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) throw new ServiceError("validation", "The file is empty.");
  if (bytes.byteLength > MAX_IMAGE_BYTES)
    throw new ServiceError("payload_too_large", "The image is larger than 10 MB. Upload a smaller file.");
  const format = detectImageFormat(bytes);
  if (!format)
    throw new ServiceError(
      "unsupported_media_type",
      "That file is not a JPEG, PNG, WebP or AVIF image. Upload one of those formats.",
    );
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
    if (!width || !height) throw new Error("no size");
  } catch (error) {
    if (String(error).includes("pixel limit"))
      throw new ServiceError("payload_too_large", "The image has too many pixels (at most 40 megapixels).");
    throw new ServiceError("unsupported_media_type", "The file could not be read as an image. It may be damaged.");
  }
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  if (widths.length < IMAGE_WIDTHS.length) widths.push(Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!));
  const variants: ResizedVariant[] = [];
  let original: Uint8Array;
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().keepIccProfile();
    original = new Uint8Array(await ORIGINAL_ENCODERS[format](upright).toBuffer());
    for (const targetWidth of [...new Set(widths)]) {
      const base = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: targetWidth });
      const targetHeight = Math.max(1, Math.round((height * targetWidth) / width));
      const avif = await base.clone().avif({ quality: 55, effort: 2 }).toBuffer();
      const webp = await base.clone().webp({ quality: 78 }).toBuffer();
      variants.push({ width: targetWidth, height: targetHeight, format: "avif", bytes: new Uint8Array(avif) });
      variants.push({ width: targetWidth, height: targetHeight, format: "webp", bytes: new Uint8Array(webp) });
    }
  } catch {
    throw new ServiceError("unsupported_media_type", "The file could not be read as an image. It may be damaged.");
  }
  return { format, original, width, height, variants };
}
