// Originals of images: from the disk cache, else fetched from WordPress's uploads straight into
// it (never held whole in memory), at most MAX_ORIGINAL_BYTES. Fetches count under an origin gate
// (a few at once, a bounded line behind them, like the content reads' WP_MAX_CONCURRENCY), and
// the time waiting for a turn counts against WP_TIMEOUT_MS. A burst for one original fetches it
// once. After a soft purge the next request fetches it again, and the old copy is served should
// WordPress fail. What cannot be served (missing, too large) is remembered (refusals.ts).
import type http from "node:http";
import type { Logger } from "../logger";
import type { MediaStore } from "./store";
import { downloadTo, UploadTooLarge, UploadUnavailable, type UploadPool, type UploadTimeouts } from "./upstream";
import type { Refusal, Refusals } from "./refusals";

/** The largest original fetched: a 60 MB photograph fits; past it the upload is refused, remembered. */
export const MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

/** Runs fetches a few at a time (server/content/wordpress-gate.ts's shape); rejects when its line is full or `signal` aborts. */
export interface OriginGate {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export type OriginalState = { from: "cache" | "upstream" | "stale" } | { refused: Refusal } | "unavailable";

export function isRefused(state: OriginalState): state is { refused: Refusal } {
  return typeof state === "object" && "refused" in state;
}

export interface OriginalsOptions {
  uploadsUrl: string;
  pool: UploadPool;
  gate: OriginGate;
  timeouts: UploadTimeouts;
  store: MediaStore;
  refusals: Refusals;
  logger: Logger;
  /** After every change of the disk cache's size. */
  cacheBytes?(bytes: number): void;
}

/** The answer's status as what it means for the upload (a 3xx is not followed). */
function refusalOf(
  upstream: http.IncomingMessage,
  uploadPath: string,
  logger: Logger,
): Refusal | "unavailable" | undefined {
  const status = upstream.statusCode ?? 502;
  if (status === 200) {
    const length = Number(upstream.headers["content-length"] ?? NaN);
    return length > MAX_ORIGINAL_BYTES ? "too-large" : undefined;
  }
  if (status >= 300 && status < 400)
    logger.warn(
      { path: uploadPath, status, location: upstream.headers.location },
      "media upstream answered a redirect; not followed",
    );
  else if (status !== 404 && status !== 410) logger.warn({ path: uploadPath, status }, "media upstream failed");
  return status >= 500 || status === 429 ? "unavailable" : "missing";
}

export function createOriginals(options: OriginalsOptions) {
  const { uploadsUrl, pool, gate, timeouts, store, refusals, logger } = options;
  /** Paths purged softly: fetched again on their next request, their old copy kept as a fallback. */
  const purgedSoftly = new Set<string>();
  const inflight = new Map<string, Promise<OriginalState>>();

  /** One fetch into the cache, inside a turn of the gate; `remainingMs` of the deadline left for the headers. */
  async function download(uploadPath: string, remainingMs: number): Promise<OriginalState> {
    const upstream = await pool.request(
      uploadsUrl + uploadPath,
      { method: "GET" },
      { ...timeouts, headersTimeoutMs: Math.max(1, remainingMs) },
    );
    const refused = refusalOf(upstream, uploadPath, logger);
    if (refused !== undefined) {
      upstream.destroy();
      return refused === "unavailable" ? refused : { refused };
    }
    const declared = Number(upstream.headers["content-length"] ?? NaN);
    const reservation = store.reserve(uploadPath, Number.isFinite(declared) ? declared : MAX_ORIGINAL_BYTES);
    try {
      const size = await downloadTo(upstream, reservation.file, timeouts.idleTimeoutMs, MAX_ORIGINAL_BYTES);
      if (purgedSoftly.delete(uploadPath)) await store.drop(uploadPath);
      await reservation.commit("original", size);
      options.cacheBytes?.(store.bytes);
      return { from: "upstream" };
    } finally {
      await reservation.abandon();
    }
  }

  async function fetchOriginal(uploadPath: string): Promise<OriginalState> {
    const started = Date.now();
    try {
      return await gate.run(
        () => download(uploadPath, timeouts.headersTimeoutMs - (Date.now() - started)),
        AbortSignal.timeout(timeouts.headersTimeoutMs),
      );
    } catch (error) {
      if (error instanceof UploadTooLarge) return { refused: "too-large" };
      const reason =
        error instanceof UploadUnavailable ? error.message : error instanceof Error ? error.message : String(error);
      logger.warn({ err: reason, path: uploadPath }, "media upstream unavailable");
      return "unavailable";
    }
  }

  async function resolve(uploadPath: string): Promise<OriginalState> {
    const softlyPurged = purgedSoftly.has(uploadPath);
    if (!softlyPurged && store.has(uploadPath, "original")) return { from: "cache" };
    const fetched = await fetchOriginal(uploadPath);
    if (isRefused(fetched)) {
      if (fetched.refused === "too-large")
        logger.warn({ path: uploadPath, maxBytes: MAX_ORIGINAL_BYTES }, "upload too large for the media service");
      refusals.remember(uploadPath, fetched.refused);
    }
    if (fetched === "unavailable" && softlyPurged && store.has(uploadPath, "original")) return { from: "stale" };
    return fetched;
  }

  /** The original is in the cache (or why not); a burst for one path resolves it once. */
  function original(uploadPath: string): Promise<OriginalState> {
    let pending = inflight.get(uploadPath);
    if (!pending) {
      pending = resolve(uploadPath).finally(() => inflight.delete(uploadPath));
      inflight.set(uploadPath, pending);
    }
    return pending;
  }

  return {
    original,
    /** Whether the next request must fetch again (its cached files are kept as a fallback). */
    isSoftlyPurged: (uploadPath: string) => purgedSoftly.has(uploadPath),
    purgeSoftly: (uploadPath: string) => void purgedSoftly.add(uploadPath),
    forgetPurge: (uploadPath: string) => void purgedSoftly.delete(uploadPath),
  };
}

export type Originals = ReturnType<typeof createOriginals>;
