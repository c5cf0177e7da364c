// A WordPress image with every rendition in srcset and its ratio fixed, so nothing shifts while
// it loads (CLS 0). Alt text comes from WordPress media, in the page's language. Where a crop
// (object-fit: cover) cuts the image, the media's focal point stays in frame: it sits at the same
// fraction of the frame as of the image (the home hero on a phone).
import { renditionsOf, type ShownImage } from "../lib/product-cards";

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
  image: ShownImage | null;
  sizes: string;
  className?: string;
  priority?: boolean;
  ratio?: string;
  alt?: string;
}) {
  if (!image) return <div className={`image-placeholder ${className ?? ""}`} style={ratio ? { aspectRatio: ratio } : undefined} aria-hidden="true" />;
  const renditions = renditionsOf(image);
  const srcSet = renditions.map((s) => `${s.url} ${s.width}w`).join(", ");
  const fallback = renditions.find((s) => s.width >= 768) ?? renditions.at(-1) ?? image;
  return (
    <img
      className={className}
      src={fallback.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      style={ratio || image.focal ? { aspectRatio: ratio, objectPosition: image.focal ? focalPosition(image.focal) : undefined } : undefined}
    />
  );
}
