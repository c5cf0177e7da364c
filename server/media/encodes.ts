// Encoding renditions from the original's file in the disk cache: its header read first (no pixels
// decoded), each encode charged its estimated peak against the transform budget (budget.ts), a
// burst for one rendition encoded once, and the result stored unless it only stands in under
// pressure. What to make for a request — the best format the visitor takes that fits the budget,
// else the same at its quickest setting, or under pressure the cheap stand-in — is decided here too.
import type { Logger } from "../logger";
import { transformBytes, TransformsBusy, type ImageHeader, type TransformBudget } from "./budget";
import type { Refusal } from "./refusals";
import { acceptable, encode, fastFormat, readHeader, type RenditionFormat } from "./renditions";
import type { MediaStore } from "./store";

/** A rendition to encode: its format, at the quickest setting or not, and whether it only stands in under pressure (short-lived, not stored). */
export interface Made {
  format: RenditionFormat;
  fast: boolean;
  standIn: boolean;
}

export interface RenditionRequest {
  uploadPath: string;
  kind: string;
  width: number;
  accept: string | undefined;
}

export interface EncodesOptions {
  store: MediaStore;
  budget: TransformBudget;
  logger: Logger;
  observe?: {
    transform?(format: RenditionFormat, seconds: number): void;
    cacheBytes?(bytes: number): void;
  };
}

/**
 * What to make: the best format the visitor takes whose transform fits the whole budget (AVIF's
 * encoder needs several times WebP's memory at the widest widths), else the same at its quickest
 * setting (less memory still; stored as that rendition all the same); under pressure the cheap
 * stand-in. Undefined when nothing fits: the upload is too large to serve.
 */
export function toMake(
  request: RenditionRequest,
  header: ImageHeader,
  pressured: boolean,
  budget: TransformBudget,
): Made | undefined {
  const fits = (m: Made) => transformBytes(header, request.width, m.format, m.fast) <= budget.options.memoryBytes;
  if (pressured) {
    const standIn: Made = { format: fastFormat(request.accept, request.kind), fast: true, standIn: true };
    return fits(standIn) ? standIn : undefined;
  }
  const formats = acceptable(request.accept, request.kind);
  const candidates: Made[] = [
    ...formats.map((format) => ({ format, fast: false, standIn: false })),
    ...formats.filter((f) => f !== "avif").map((format) => ({ format, fast: true, standIn: false })),
  ];
  return candidates.find(fits);
}

export function createEncodes(options: EncodesOptions) {
  const { store, budget, logger, observe } = options;
  const encodes = new Map<string, Promise<Buffer | Refusal>>();

  /** The original's header (dimensions, depth, layout), read from its file; undefined when it is not an image sharp reads. */
  async function headerOf(uploadPath: string): Promise<ImageHeader | undefined> {
    const pinned = store.pin(uploadPath, "original");
    if (!pinned) throw new Error("the original left the cache before its transform");
    try {
      return await readHeader(pinned.file).catch(() => undefined);
    } finally {
      pinned.release();
    }
  }

  /** One encode from the pinned original file, within the budget (stored unless it is a stand-in). */
  async function encodeFromFile(
    uploadPath: string,
    header: ImageHeader,
    width: number,
    made: Made,
  ): Promise<Buffer | Refusal> {
    const { format, fast, standIn } = made;
    const pinned = store.pin(uploadPath, "original");
    if (!pinned) throw new Error("the original left the cache before its transform");
    try {
      const body = await budget.run(transformBytes(header, width, format, fast), async () => {
        const started = process.hrtime.bigint();
        const encoded = await encode(pinned.file, width, format, fast);
        observe?.transform?.(format, Number(process.hrtime.bigint() - started) / 1e9);
        return encoded;
      });
      if (!standIn) {
        await store.put(uploadPath, `w${width}.${format}`, body);
        observe?.cacheBytes?.(store.bytes);
      }
      return body;
    } catch (error) {
      if (error instanceof TransformsBusy) throw error;
      logger.warn({ err: error, path: uploadPath, width, format }, "media transform failed");
      return "unreadable";
    } finally {
      pinned.release();
    }
  }

  /** A burst for one rendition encodes it once. */
  function encodeOnce(uploadPath: string, header: ImageHeader, width: number, made: Made): Promise<Buffer | Refusal> {
    const key = `${uploadPath} w${width}.${made.format}${made.fast ? " fast" : ""}${made.standIn ? " stand-in" : ""}`;
    let pending = encodes.get(key);
    if (!pending) {
      pending = encodeFromFile(uploadPath, header, width, made).finally(() => encodes.delete(key));
      encodes.set(key, pending);
    }
    return pending;
  }

  return { headerOf, encodeOnce };
}

export type Encodes = ReturnType<typeof createEncodes>;
