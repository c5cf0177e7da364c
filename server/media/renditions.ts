// Encoding a rendition with sharp (libvips, off the main thread): EXIF orientation applied,
// colour converted to sRGB from any embedded profile (sharp's default output), never enlarged,
// and the decoder's pixel limit against decompression bombs. Qualities are those the bench
// measured (docs/capacity.md: SSIM against the original at each quality).
import sharp from "sharp";

export const RENDITION_FORMATS = ["avif", "webp", "jpeg", "png"] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

/** One libvips thread per transform: the queue (TransformQueue) bounds how many run at once. */
sharp.concurrency(1);
// Decoded images are not worth keeping: each original is transformed once per variant.
sharp.cache(false);

/** The largest image decoded: 50 megapixels (a 8660 × 5774 photograph; far past any upload). */
export const MAX_INPUT_PIXELS = 50_000_000;

export const QUALITY = { avif: 55, webp: 75, jpeg: 78 } as const;

export function encode(original: Buffer, width: number, format: RenditionFormat): Promise<Buffer> {
  const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate().resize({ width, withoutEnlargement: true });
  switch (format) {
    case "avif":
      return image.avif({ quality: QUALITY.avif, effort: 2 }).toBuffer();
    case "webp":
      return image.webp({ quality: QUALITY.webp, effort: 4 }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality: QUALITY.jpeg, mozjpeg: true }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9, palette: false }).toBuffer();
  }
}

/** The format a visitor gets: AVIF when their Accept names it, else WebP, else the original's. */
export function negotiate(accept: string | undefined, originalKind: string): RenditionFormat {
  const types = (accept ?? "").toLowerCase();
  if (/\bimage\/avif\b/.test(types)) return "avif";
  if (/\bimage\/webp\b/.test(types)) return "webp";
  if (originalKind === "png") return "png";
  if (originalKind === "webp") return "webp";
  if (originalKind === "avif") return "avif";
  return "jpeg";
}

export class QueueFull extends Error {
  constructor() {
    super("too many media transforms waiting");
    this.name = "QueueFull";
  }
}

/**
 * At most `running` transforms at once (one per core), `waiting` more in line; beyond that a
 * request is refused at once (503 with Retry-After) rather than queued without bound.
 */
export class TransformQueue {
  private active = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.line.length >= this.waiting) throw new QueueFull();
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
