// Renders the demo catalogue's images on request: the artwork recipe stored on an attachment is
// drawn as SVG (artwork/scenes.ts) and rasterised by sharp to WebP at the requested WordPress
// size. Results live in a byte-bounded memory cache and on disk under .cache/demo-media/, so a
// restart does not redraw what was already drawn; concurrent requests for one image share a render.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { drawArtwork } from "./artwork/scenes";
import type { Artwork } from "./artwork/recipes";
import type { ImageSize } from "./sizes";

/** Bump when drawings change, so disk caches from older code are not served. */
const RENDER_VERSION = "fc-demo-art-5";

/**
 * The package's own directory (the nearest one up with a package.json): the checkout, or /app in
 * the image. This module runs from demo/ under tsx and from build/node/chunks/ when
 * bundled, so a path relative to it would land in build/.cache — read-only in the image, and not
 * where the chart mounts its writable emptyDir (/app/.cache).
 */
function packageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export const DEFAULT_MEDIA_CACHE_DIR = path.join(
  packageDir(path.dirname(fileURLToPath(import.meta.url))),
  ".cache/demo-media",
);

export interface MediaRendererOptions {
  /** Where rendered files are kept between runs; false for memory only. */
  cacheDir?: string | false;
  /** Bound of the memory cache in bytes (default 48 MiB). */
  memoryBytes?: number;
}

export interface RenderedImage {
  body: Buffer;
  /** A strong validator: the recipe and size fully determine the bytes. */
  etag: string;
}

export class MediaRenderer {
  private readonly memory: LRUCache<string, Buffer>;
  private readonly inflight = new Map<string, Promise<RenderedImage>>();
  private readonly cacheDir: string | false;
  private dirReady: Promise<unknown> | null = null;
  /** How many images were drawn (not served from a cache): tests and benchmarks read it. */
  renders = 0;

  constructor(options: MediaRendererOptions = {}) {
    this.cacheDir = options.cacheDir ?? DEFAULT_MEDIA_CACHE_DIR;
    this.memory = new LRUCache<string, Buffer>({
      maxSize: options.memoryBytes ?? 48 * 1024 * 1024,
      sizeCalculation: (buffer) => buffer.length || 1,
    });
  }

  render(artwork: Artwork, size: Pick<ImageSize, "width" | "height" | "crop">): Promise<RenderedImage> {
    const key = createHash("sha1")
      .update(`${RENDER_VERSION}|${size.width}x${size.height}|${size.crop}|${JSON.stringify(artwork)}`)
      .digest("hex");
    const etag = `"${key.slice(0, 20)}"`;
    const hit = this.memory.get(key);
    if (hit) return Promise.resolve({ body: hit, etag });
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.load(key, artwork, size)
        .then((body) => {
          this.memory.set(key, body);
          return { body, etag };
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** Loads sharp's SVG and WebP codecs ahead of the first real request. */
  warm(): Promise<void> {
    return sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#F2EFE8"/></svg>',
      ),
    )
      .removeAlpha()
      .webp()
      .toBuffer()
      .then(
        () => undefined,
        () => undefined,
      );
  }

  private async load(
    key: string,
    artwork: Artwork,
    size: Pick<ImageSize, "width" | "height" | "crop">,
  ): Promise<Buffer> {
    const file = this.cacheDir ? path.join(this.cacheDir, `${key}.webp`) : null;
    if (file) {
      try {
        return await readFile(file);
      } catch {
        // Not drawn yet.
      }
    }
    const body = await rasterise(artwork, size);
    this.renders += 1;
    if (file) void this.store(file, body);
    return body;
  }

  private async store(file: string, body: Buffer): Promise<void> {
    try {
      this.dirReady ??= mkdir(path.dirname(file), { recursive: true });
      await this.dirReady;
      // Write then rename, so a concurrent reader never sees half a file.
      const temp = `${file}.${process.pid}.${Math.floor(performance.now() * 1000)}.tmp`;
      await writeFile(temp, body);
      await rename(temp, file);
    } catch {
      // The disk cache is an optimisation; a read-only checkout still serves from memory.
    }
  }
}

/** SVG → WebP at the size asked for; thumbnails are cropped to fill their square. */
export async function rasterise(artwork: Artwork, size: Pick<ImageSize, "width" | "height" | "crop">): Promise<Buffer> {
  const svg = drawArtwork(artwork).toSvg(size.width, size.height, size.crop);
  const large = size.width * size.height > 700_000;
  // Encoding effort is most of the cost at full size; gradients compress well even at low effort.
  // The images are opaque: dropping alpha halves the encoder's work.
  return sharp(Buffer.from(svg), { density: 72 })
    .removeAlpha()
    .webp({ quality: 82, effort: large ? 1 : 4 })
    .toBuffer();
}
