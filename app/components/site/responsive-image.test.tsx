import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "./responsive-image";

const image = {
  id: "0b8a1c3e-5d2f-4e6a-9b7c-1d2e3f4a5b6c",
  alt: "Owner at the counter",
  width: 1600,
  height: 900,
  format: "png" as const,
  variants: [480, 960].flatMap((width) =>
    (["avif", "webp"] as const).map((format) => ({ width, height: (width * 9) / 16, format, size: 1 })),
  ),
};

describe("ResponsiveImage", () => {
  it("renders AVIF and WebP sources with sizes, the intrinsic size, alt text and lazy loading", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={image} sizes="100vw" />);
    expect(html).toContain('<source type="image/avif" srcSet="/media/');
    expect(html).toContain('480.webp 480w, /media/0b8a1c3e-5d2f-4e6a-9b7c-1d2e3f4a5b6c/960.webp 960w" sizes="100vw"');
    expect(html).toMatch(
      /<img src="[^"]+\/960\.webp" alt="Owner at the counter" width="1600" height="900" loading="lazy"/,
    );
  });

  it("loads at once with high priority above the fold", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={image} sizes="100vw" priority alt="" />);
    expect(html).toContain('alt=""');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });
});
