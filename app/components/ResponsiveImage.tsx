// A WordPress image with every rendition in srcset and its ratio fixed, so nothing shifts while
// it loads (CLS 0). Alt text comes from WordPress media, in the page's language. Where a crop
// (object-fit: cover) cuts the image, the media's focal point stays in frame: it sits at the same
// fraction of the frame as of the image (the home hero on a phone).
import { sourcesOf, type ShownImage, type SourcedImage } from "../lib/product-cards";

/** CSS object-position that keeps a focal point in frame. */
export function focalPosition(focal: { x: number; y: number }): string {
  const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;
  return `${percent(focal.x)} ${percent(focal.y)}`;
}

export function ResponsiveImage({
  image,
  sizes,
  className,
  priority = false,
  ratio,
  alt,
}: {
  /** With its renditions, or with its sources already worked out (cards: sourcedImage). */
  image: ShownImage | SourcedImage | null;
  sizes: string;
  className?: string;
  priority?: boolean;
  ratio?: string;
  alt?: string;
}) {
  if (!image)
    return (
      <div
        className={`image-placeholder ${className ?? ""}`}
        style={ratio ? { aspectRatio: ratio } : undefined}
        aria-hidden="true"
      />
    );
  const { src, srcSet } = "srcSet" in image ? image : sourcesOf(image);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      style={
        ratio || image.focal
          ? { aspectRatio: ratio, objectPosition: image.focal ? focalPosition(image.focal) : undefined }
          : undefined
      }
    />
  );
}
