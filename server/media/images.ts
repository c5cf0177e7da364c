// Images at the widths srcset offers, in the best format the visitor's Accept names, and originals
// as uploaded. A rendition is read from the cache, else encoded from the original's file
// (encodes.ts: once for a burst, within the transform budget of budget.ts).
//
// Under pressure an image degrades, it does not break: while transforms are busy, a rendition not
// in the cache is answered with the nearest one that is (another width or format the visitor
// takes), else with a cheap encoding (fastFormat) — each marked short-lived, so the edge asks
// again later and gets the proper one. Only past the budget's hard line is the answer a 503. A
// format whose transform alone would exceed the budget gives way to the next the visitor takes
// (AVIF's encoder to WebP's); an image for which none fits is refused, remembered.
import type { Logger } from "../logger";
import type { Lifetime, MediaAnswer, MediaResult } from "./answers";
import { TransformsBusy, type TransformBudget } from "./budget";
import { createEncodes, toMake, type RenditionRequest } from "./encodes";
import { UPLOAD_TYPES } from "./kinds";
import { isRefused, type Originals, type OriginalState } from "./originals";
import type { Refusal, Refusals } from "./refusals";
import { acceptable, negotiate, type RenditionFormat } from "./renditions";
import type { MediaStore } from "./store";

const FORMAT_TYPES: Record<RenditionFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};
/** Originals up to this size are answered from memory (the store's tier); larger ones from the disk. */
const SMALL_ORIGINAL_BYTES = 2 * 1024 * 1024;
/** How long a visitor waits before asking again when even the line of transforms is full. */
const BUSY_RETRY_SECONDS = 5;

export interface ImagesOptions {
  store: MediaStore;
  originals: Originals;
  refusals: Refusals;
  budget: TransformBudget;
  logger: Logger;
  observe?: {
    transform?(format: RenditionFormat, seconds: number): void;
    /** A stand-in answered under pressure: the nearest cached rendition, or a cheap encoding. */
    degraded?(how: "nearest" | "fast"): void;
    cacheBytes?(bytes: number): void;
  };
}

export type { RenditionRequest } from "./encodes";

function resultOf(state: { from: "cache" | "upstream" | "stale" }): MediaResult {
  return state.from === "cache" ? "hit" : state.from === "stale" ? "stale" : "miss";
}

/** The cached rendition nearest `width` in a format the visitor takes: the narrowest at least as wide, else the widest. */
async function nearestCached(
  store: MediaStore,
  uploadPath: string,
  width: number,
  formats: RenditionFormat[],
): Promise<{ body: Buffer; format: RenditionFormat } | undefined> {
  const found = store
    .variants(uploadPath)
    .map((v) => /^w(\d+)\.(\w+)$/.exec(v))
    .filter((m): m is RegExpExecArray => m !== null && formats.includes(m[2] as RenditionFormat))
    .map((m) => ({ variant: m[0], width: Number(m[1]), format: m[2] as RenditionFormat }))
    .sort((a, b) =>
      a.width >= width !== b.width >= width
        ? a.width >= width
          ? -1
          : 1
        : a.width >= width
          ? a.width - b.width
          : b.width - a.width,
    );
  for (const candidate of found) {
    const body = await store.get(uploadPath, candidate.variant);
    if (body) return { body, format: candidate.format };
  }
  return undefined;
}

function refusedOr(state: OriginalState): MediaAnswer | undefined {
  if (state === "unavailable") return { kind: "unavailable" };
  if (isRefused(state)) return { kind: "refused", refusal: state.refused };
  return undefined;
}

/** A rendition's bytes: its type follows its format, so it varies with the browser's Accept. */
function renditionBytes(body: Buffer, format: RenditionFormat, lifetime: Lifetime, result: MediaResult): MediaAnswer {
  return { kind: "bytes", body, type: FORMAT_TYPES[format], variesByAccept: true, lifetime, result };
}

export function createImages(options: ImagesOptions) {
  const { store, originals, refusals, budget, logger, observe } = options;
  const { headerOf, encodeOnce } = createEncodes({ store, budget, logger, observe });

  /** The rendition from the original, or a stand-in while transforms are busy. */
  async function made(request: RenditionRequest, result: MediaResult): Promise<MediaAnswer> {
    const { uploadPath, kind, width, accept } = request;
    const pressured = budget.busy;
    if (pressured) {
      const nearest = await nearestCached(store, uploadPath, width, acceptable(accept, kind));
      if (nearest) {
        observe?.degraded?.("nearest");
        return renditionBytes(nearest.body, nearest.format, "short", "hit");
      }
    }
    const header = await headerOf(uploadPath);
    const make = header && toMake(request, header, pressured, budget);
    if (!header || !make) {
      const refusal: Refusal = header ? "too-large" : "unreadable";
      if (header)
        logger.warn(
          { path: uploadPath, width, original: `${header.width}x${header.height}`, depth: header.depth },
          "image too large for the media memory budget",
        );
      refusals.remember(uploadPath, refusal);
      return { kind: "refused", refusal };
    }
    const { format, standIn } = make;
    // A lesser format made for this width before (the best did not fit): served as it is.
    const kept = standIn ? undefined : await store.get(uploadPath, `w${width}.${format}`);
    if (kept) return renditionBytes(kept, format, "year", result);
    try {
      const body = await encodeOnce(uploadPath, header, width, make);
      if (typeof body === "string") {
        refusals.remember(uploadPath, body);
        return { kind: "refused", refusal: body };
      }
      if (standIn) observe?.degraded?.("fast");
      return renditionBytes(body, format, standIn ? "short" : "year", result);
    } catch (error) {
      if (error instanceof TransformsBusy) return { kind: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS };
      throw error;
    }
  }

  async function rendition(request: RenditionRequest): Promise<MediaAnswer> {
    const { uploadPath, kind, width, accept } = request;
    const format = negotiate(accept, kind);
    const variant = `w${width}.${format}`;
    const refusal = refusals.of(uploadPath);
    if (refusal) return { kind: "refused", refusal };
    if (!originals.isSoftlyPurged(uploadPath)) {
      const cached = await store.get(uploadPath, variant);
      if (cached) return renditionBytes(cached, format, "year", "hit");
    }
    const state = await originals.original(uploadPath);
    const refused = refusedOr(state);
    if (refused) return refused;
    const from = state as { from: "cache" | "upstream" | "stale" };
    // WordPress failed after a soft purge: the old rendition, if kept, rather than an encode per request.
    const kept = from.from === "stale" ? await store.get(uploadPath, variant) : undefined;
    if (kept) return renditionBytes(kept, format, "year", "stale");
    return made(request, resultOf(from));
  }

  /** The upload as it is (GIF, SVG, or an image without `?w`). */
  async function original(uploadPath: string, kind: string): Promise<MediaAnswer> {
    const refusal = refusals.of(uploadPath);
    if (refusal) return { kind: "refused", refusal };
    const state = await originals.original(uploadPath);
    const refused = refusedOr(state);
    if (refused) return refused;
    const result = resultOf(state as { from: "cache" | "upstream" | "stale" });
    const type = UPLOAD_TYPES[kind]!;
    const pinned = store.pin(uploadPath, "original");
    if (!pinned) return { kind: "unavailable" };
    if (pinned.size > SMALL_ORIGINAL_BYTES)
      return { kind: "file", file: pinned.file, size: pinned.size, type, result, release: pinned.release };
    pinned.release();
    const body = await store.get(uploadPath, "original");
    return body
      ? { kind: "bytes", body, type, variesByAccept: false, lifetime: "year", result }
      : { kind: "unavailable" };
  }

  return { rendition, original };
}

export type Images = ReturnType<typeof createImages>;
