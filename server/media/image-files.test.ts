import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ServiceError } from "@common/result";
import { detectImageFormat, processImage } from "./image-files";

const image = (format: "jpeg" | "png" | "webp" | "avif", width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("detectImageFormat", () => {
  it("reads JPEG, PNG, WebP and AVIF from their first bytes", async () => {
    for (const format of ["jpeg", "png", "webp", "avif"] as const)
      expect(detectImageFormat(await image(format))).toBe(format);
  });

  it("refuses other files whatever they are called", async () => {
    expect(detectImageFormat(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(detectImageFormat(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(detectImageFormat(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
    // An MP4 is ISO-BMFF too, without an AVIF brand.
    const mp4 = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode("ftypisom"),
      0,
      0,
      2,
      0,
      ...new TextEncoder().encode("isomiso2mp41"),
    ]);
    expect(detectImageFormat(mp4)).toBeNull();
  });
});

describe("processImage", () => {
  it("makes AVIF and WebP variants at 480/960/1600 px without enlarging", async () => {
    const large = await processImage(await image("jpeg", 2400, 1200));
    expect(large).toMatchObject({ format: "jpeg", width: 2400, height: 1200 });
    expect(large.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual([
      "480x240.avif",
      "480x240.webp",
      "960x480.avif",
      "960x480.webp",
      "1600x800.avif",
      "1600x800.webp",
    ]);
    for (const v of large.variants) expect(detectImageFormat(v.bytes)).toBe(v.format);
    const medium = await processImage(await image("png", 1000, 500));
    expect([...new Set(medium.variants.map((v) => v.width))]).toEqual([480, 960, 1000]);
  });

  it("re-encodes the original upright, keeping the ICC profile and no EXIF (GPS) or XMP", async () => {
    const photo = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#336699" } })
      .jpeg()
      .withIccProfile("p3")
      .withExif({
        IFD0: { Make: "Phone", Model: "Camera" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "33/1 21/1 0/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "111/1 47/1 0/1",
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([Boolean(before.exif), Boolean(before.icc), before.orientation]).toEqual([true, true, 6]);
    const processed = await processImage(new Uint8Array(photo));
    expect(processed).toMatchObject({ format: "jpeg", width: 32, height: 64 });
    for (const bytes of [processed.original, ...processed.variants.map((v) => v.bytes)]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
    const original = await sharp(processed.original).metadata();
    expect([original.format, original.width, original.height]).toEqual(["jpeg", 32, 64]);
    expect(original.icc?.length).toBe(before.icc?.length);
    expect(Buffer.from(processed.original).includes(Buffer.from("Phone"))).toBe(false);
  });

  it("refuses an empty file, a non-image and an image that does not decode", async () => {
    const refusal = async (bytes: Uint8Array) => {
      try {
        await processImage(bytes);
      } catch (error) {
        return error instanceof ServiceError ? error.status : error;
      }
      return "accepted";
    };
    expect(await refusal(new Uint8Array())).toBe(400);
    expect(await refusal(new TextEncoder().encode("hello"))).toBe(415);
    expect(await refusal(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]))).toBe(415);
  });
});
