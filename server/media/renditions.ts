// Encoding a rendition with sharp (libvips, off the main thread), from the original's file in the
// disk cache (decoded as it is read, never loaded whole): EXIF orientation applied, colour
// converted to sRGB from any embedded profile (sharp's default output), never enlarged, and the
// decoder's pixel limit against decompression bombs. Qualities are those the bench measured
// (docs/capacity.md: SSIM against the original at each quality). Under pressure a cheaper
// encoding is made instead (`fast`: WebP or JPEG at their quickest settings, never AVIF).
import sharp from "sharp";
import type { ImageHeader } from "./budget";

export const RENDITION_FORMATS = ["avif", "webp", "jpeg", "png"] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

/** One libvips thread per transform: the budget (TransformBudget) bounds how many run at once. */
sharp.concurrency(1);
// Decoded images are not worth keeping: each original is transformed once per variant.
sharp.cache(false);

/** The largest image decoded: 50 megapixels (a 8660 × 5774 photograph); the memory budget may refuse less. */
export const MAX_INPUT_PIXELS = 50_000_000;

export const QUALITY = { avif: 55, webp: 75, jpeg: 78 } as const;

/** The header of an image file (no pixels decoded); throws when it is not an image sharp reads. */
export function readHeader(file: string): Promise<ImageHeader> {
  return sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
}

export function encode(
  original: string | Buffer,
  width: number,
  format: RenditionFormat,
  fast = false,
): Promise<Buffer> {
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", sequentialRead: true })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  switch (format) {
    case "avif":
      return image.avif({ quality: QUALITY.avif, effort: 2 }).toBuffer();
    case "webp":
      return image.webp({ quality: QUALITY.webp, effort: fast ? 0 : 4 }).toBuffer();
    case "jpeg":
      return image.jpeg(fast ? { quality: QUALITY.jpeg } : { quality: QUALITY.jpeg, mozjpeg: true }).toBuffer();
    case "png":
      return image.png(fast ? { compressionLevel: 1 } : { compressionLevel: 9, palette: false }).toBuffer();
  }
}

/** The format a visitor gets: AVIF when their Accept names it, else WebP, else the original's. */
export function negotiate(accept: string | undefined, originalKind: string): RenditionFormat {
  const types = (accept ?? "").toLowerCase();
  if (/\bimage\/avif\b/.test(types)) return "avif";
  if (/\bimage\/webp\b/.test(types)) return "webp";
  return originalFormat(originalKind);
}

/** The format of the original itself: what every browser draws when it names no other. */
function originalFormat(originalKind: string): RenditionFormat {
  if (originalKind === "png") return "png";
  if (originalKind === "webp") return "webp";
  if (originalKind === "avif") return "avif";
  return "jpeg";
}

/** The formats a visitor's Accept allows, best first (the original's always). */
export function acceptable(accept: string | undefined, originalKind: string): RenditionFormat[] {
  const types = (accept ?? "").toLowerCase();
  const formats: RenditionFormat[] = [];
  if (/\bimage\/avif\b/.test(types)) formats.push("avif");
  if (/\bimage\/webp\b/.test(types)) formats.push("webp");
  const own = originalFormat(originalKind);
  if (!formats.includes(own)) formats.push(own);
  return formats;
}

/** The cheap encoding under pressure: WebP when the visitor takes it, else the original's format (never AVIF: it costs three times WebP). */
export function fastFormat(accept: string | undefined, originalKind: string): RenditionFormat {
  const formats = acceptable(accept, originalKind).filter((f) => f !== "avif");
  return formats[0] ?? "jpeg";
}
