import { imageSources, type ImageInfo } from "@common/media";

/**
 * An uploaded image as pages show it: AVIF and WebP sources with every resized width in
 * srcset (the browser picks by `sizes` and screen density), the intrinsic width and height
 * (no layout shift), lazy loading unless `priority` (an image above the fold: the post's
 * cover, the first cards). Falls back to the original when an image has no variants.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  alt,
  className,
}: {
  image: ImageInfo;
  /** The width the image takes on screen, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
  /** Replaces the stored alt text ("" for a decorative use beside the same words). */
  alt?: string;
  className?: string;
}) {
  const sources = imageSources(image);
  return (
    <picture>
      {sources.avif ? <source type="image/avif" srcSet={sources.avif} sizes={sizes} /> : null}
      {sources.webp ? <source type="image/webp" srcSet={sources.webp} sizes={sizes} /> : null}
      <img
        src={sources.fallback}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}
