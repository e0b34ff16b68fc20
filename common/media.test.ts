import { describe, expect, it } from "vitest";
import { imageIdOfUrl, imageIdsIn, imageSources, type ImageInfo } from "./media";

const id = "0b8a1c3e-5d2f-4e6a-9b7c-1d2e3f4a5b6c";
const info: ImageInfo = {
  id,
  alt: "A terminal",
  width: 2000,
  height: 1000,
  format: "jpeg",
  variants: [960, 480, 1600].flatMap((width) =>
    (["webp", "avif"] as const).map((format) => ({ width, height: width / 2, format, size: 1 })),
  ),
};

describe("media URLs", () => {
  it("finds the image id of a site image URL and nothing else", () => {
    expect(imageIdOfUrl(`/media/${id}/original`)).toBe(id);
    expect(imageIdOfUrl(`/media/${id}/960.webp`)).toBe(id);
    expect(imageIdOfUrl(`https://cdn.example.com/media/${id}/original`)).toBeNull();
    expect(imageIdOfUrl(`/media/${id}/original/../../x`)).toBeNull();
    expect(imageIdOfUrl(null)).toBeNull();
    expect(imageIdsIn(`![a](/media/${id}/original) and ![b](/media/${id}/480.avif)`)).toEqual([id, id]);
  });

  it("builds srcsets smallest first, with a middle-sized WebP fallback", () => {
    expect(imageSources(info)).toEqual({
      avif: `/media/${id}/480.avif 480w, /media/${id}/960.avif 960w, /media/${id}/1600.avif 1600w`,
      webp: `/media/${id}/480.webp 480w, /media/${id}/960.webp 960w, /media/${id}/1600.webp 1600w`,
      fallback: `/media/${id}/960.webp`,
    });
    expect(imageSources({ ...info, variants: [] }).fallback).toBe(`/media/${id}/original`);
  });
});
