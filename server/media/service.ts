// The media service: WordPress's uploads as the site serves them, in the service's own words
// (answers.ts); server/http/media.ts is its HTTP face. Images (images.ts) come from the disk cache
// (store.ts) or from originals fetched into it (originals.ts) and encoded within the transform
// budget (budget.ts); PDF and video stream through within their slots (streams.ts); what cannot
// be served is remembered (refusals.ts). Each purpose has its own pool of connections to
// WordPress's uploads (upstream.ts), and none shares the content reads'.
import type { Logger } from "../logger";
import type { MediaAnswer, MediaResult, StreamAnswer } from "./answers";
import { TransformBudget } from "./budget";
import { createImages, type RenditionRequest } from "./images";
import { createOriginals, type OriginGate } from "./originals";
import { Refusals } from "./refusals";
import type { RenditionFormat } from "./renditions";
import type { MediaStore } from "./store";
import { createStreams, StreamSlots, type StreamRequest } from "./streams";
import { createUploadPool, type UploadTimeouts } from "./upstream";

/** The bounds of the service besides MEDIA_CACHE_MB and the memory budget (docs/capacity.md, "Images"). */
export const MEDIA_BOUNDS = {
  /** Originals fetched at once (the image pool's connections) and waiting for a turn. */
  fetches: { inflight: 8, waiting: 256 },
  /** Streams (PDF, video) at once in the process, and per visitor. */
  streams: { total: 32, perClient: 4 },
  /** Transforms waiting for a turn before one more answers 503: the hard bound. */
  transformsWaiting: 256,
} as const;

export interface MediaServiceOptions {
  /** WordPress's uploads base URL (no trailing slash). */
  uploadsUrl: string;
  timeouts: UploadTimeouts;
  logger: Logger;
  store: MediaStore;
  /** The turns of original fetches (MEDIA_BOUNDS.fetches). */
  fetchGate: OriginGate;
  /** Transforms at once, and the bytes they may hold together. */
  transforms: { running: number; memoryBytes: number };
  observe?: {
    request?(result: MediaResult): void;
    transform?(format: RenditionFormat, seconds: number): void;
    degraded?(how: "nearest" | "fast"): void;
    streams?(active: number): void;
    /** After every change of the disk cache's size. */
    cacheBytes?(bytes: number): void;
  };
}

export interface MediaService {
  rendition(request: RenditionRequest): Promise<MediaAnswer>;
  /** The upload as it is (GIF, SVG, or an image without a width). */
  original(uploadPath: string, kind: string): Promise<MediaAnswer>;
  stream(request: StreamRequest): Promise<StreamAnswer>;
  /**
   * Drops an upload's originals and renditions (hard), or marks them to be fetched again while
   * kept as a fallback should WordPress fail (soft). `uploadPath` as in the URL: `/2024/03/a.jpg`.
   */
  purge(uploadPath: string, mode: "hard" | "soft"): Promise<void>;
  readonly budget: TransformBudget;
}

export function createMediaService(options: MediaServiceOptions): MediaService {
  const { store, logger, observe } = options;
  const refusals = new Refusals();
  const budget = new TransformBudget({ ...options.transforms, waiting: MEDIA_BOUNDS.transformsWaiting });
  const originals = createOriginals({
    uploadsUrl: options.uploadsUrl,
    pool: createUploadPool(MEDIA_BOUNDS.fetches.inflight),
    gate: options.fetchGate,
    timeouts: options.timeouts,
    store,
    refusals,
    logger,
    cacheBytes: observe?.cacheBytes,
  });
  const images = createImages({ store, originals, refusals, budget, logger, observe });
  const streams = createStreams({
    uploadsUrl: options.uploadsUrl,
    pool: createUploadPool(MEDIA_BOUNDS.streams.total),
    slots: new StreamSlots(MEDIA_BOUNDS.streams.total, MEDIA_BOUNDS.streams.perClient),
    timeouts: options.timeouts,
    refusals,
    logger,
    changed: observe?.streams,
  });

  async function purge(uploadPath: string, mode: "hard" | "soft"): Promise<void> {
    refusals.forget(uploadPath);
    if (mode === "soft") originals.purgeSoftly(uploadPath);
    else {
      originals.forgetPurge(uploadPath);
      await store.drop(uploadPath);
    }
    observe?.cacheBytes?.(store.bytes);
  }

  return { rendition: images.rendition, original: images.original, stream: streams.open, purge, budget };
}
