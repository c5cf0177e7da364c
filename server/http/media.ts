// GET /media/{path}: WordPress's uploads through the site (when MEDIA_URL is unset).
//
// Images (JPEG, PNG, WebP, AVIF) are answered at the widths srcset offers (`?w=640`, a fixed list:
// common/renditions.ts; any other width is a 400, never a resize of the visitor's
// choosing) in the best format the visitor's Accept names (AVIF, WebP, else the original's), with
// `Vary: Accept`; without `?w` the original as uploaded. Originals and renditions live in the disk
// cache (server/media/store.ts), which answers while WordPress is down; an image never fetched
// then answers 503 with Retry-After. Encodes run a few at a time (server/media/renditions.ts);
// past the queue a request is refused with 503 and Retry-After. GIF and SVG are never re-encoded.
//
// PDF and video stream through, uncached. Nothing a visitor or the upstream does can crash the process: every byte moves through stream.pipeline
// (an error on either side ends both, and is logged, never thrown), the upstream request is
// aborted when the visitor goes, its headers have a deadline and its body an idle bound (never
// one for the whole transfer), and redirects are not followed. Video answers Range requests
// (206) as the upstream does. An SVG is always served as an image with a sandboxing policy,
// whatever type the upstream claims, so a script in it never runs on the site's origin.
import type { IncomingMessage } from "node:http";
import { pipeline } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "../logger";
import { idleWatchdog, readBody, requestUpload, UploadTooLarge, UploadUnavailable, type UploadTimeouts } from "../media/upstream";
import { encode, negotiate, QueueFull, type RenditionFormat, type TransformQueue } from "../media/renditions";
import { isRenditionWidth } from "../../common/renditions";
import type { MediaStore } from "../media/store";
import { uploadKey } from "../media/ids";

export const MEDIA_RESULTS = ["hit", "miss", "stale", "refused", "error"] as const;
export type MediaResult = (typeof MEDIA_RESULTS)[number];

/** Kinds kept whole in the cache (and, for the first four, resized); the rest stream through. */
const CACHED_KINDS = new Set(["jpg", "png", "webp", "avif", "gif", "svg"]);
const RESIZED_KINDS = new Set(["jpg", "png", "webp", "avif"]);
/** The largest upload read into memory to cache and resize (a 50 MP PNG is less). */
const MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

const FORMAT_TYPES: Record<RenditionFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };

/** Upload paths as WordPress names them (YYYY/MM/name.ext), and only the kinds the site links to. */
const SAFE_PATH = /^\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(webp|jpe?g|png|gif|avif|svg|pdf|mp4)$/i;

/** The type each extension is served as: the upstream's Content-Type is not trusted. */
const TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  mp4: "video/mp4",
};

/** An SVG may carry scripts and links: as a document of its own it can do nothing. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

const YEAR = "public, max-age=31536000, immutable";
/** How long a visitor is told to wait before asking again while the upstream is away. */
export const RETRY_AFTER_SECONDS = 30;

const PASS_HEADERS = ["content-length", "last-modified", "etag", "content-range", "accept-ranges"];

export interface MediaOptions {
  /** WordPress's uploads base URL (no trailing slash). */
  uploadsUrl: string;
  timeouts: UploadTimeouts;
  logger: Logger;
  store: MediaStore;
  queue: TransformQueue;
  /** The WordPress media id of an upload path, when the site has learned it. */
  idOf?(uploadPath: string): number | undefined;
  observe?: {
    request(result: MediaResult): void;
    transform(format: RenditionFormat, seconds: number): void;
    /** After every change of the disk cache's size. */
    cacheBytes(bytes: number): void;
  };
}

export interface MediaService {
  handler: RequestHandler;
  /**
   * Drops an upload's originals and renditions (hard), or marks them to be fetched again while
   * kept as a fallback should WordPress fail (soft). `uploadPath` as in the URL: `/2024/03/a.jpg`.
   */
  purge(uploadPath: string, mode: "hard" | "soft"): Promise<void>;
}

export function notFound(res: Response): void {
  res.status(404).setHeader("Cache-Control", "public, max-age=60");
  res.type("text/plain").send("This page could not be found\n");
}

export function unavailable(res: Response): void {
  res.status(503).setHeader("Cache-Control", "no-store").setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.type("text/plain").send("Media temporarily unavailable\n");
}

/**
 * Names an answer for the edge's purges (Fastly's Surrogate-Key, Cloudflare's Cache-Tag, Varnish's
 * xkey): the upload's key always, and `media:<id>` when the id is known. A purge of `media:<id>`
 * reaches both (server/media/index.ts).
 */
export function setEdgeKeys(res: Response, uploadPath: string, id: number | undefined): void {
  const keys = id === undefined ? [uploadKey(uploadPath)] : [`media:${id}`, uploadKey(uploadPath)];
  res.setHeader("Surrogate-Key", keys.join(" "));
  res.setHeader("Cache-Tag", keys.join(","));
}

/** The extension of a valid upload path (lower case), or undefined for anything else. */
export function uploadKind(path: string): string | undefined {
  const match = SAFE_PATH.exec(path);
  if (!match || path.includes("..")) return undefined;
  const ext = match[1]!.toLowerCase();
  return ext === "jpeg" ? "jpg" : ext;
}

/** Never stored anywhere: an edge that drops tracking parameters from its key must not keep it. */
function badRequest(res: Response, message: string): void {
  res.status(400).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(`Bad request: ${message}\n`);
}

/**
 * The width asked for: undefined without `w`, a listed width, or why it is refused. Other
 * parameters (a campaign's `utm_*`) are ignored, as on pages: they never change the answer.
 */
function widthOf(req: Request): number | undefined | { refused: string } {
  const w = req.query.w;
  if (w === undefined) return undefined;
  if (typeof w !== "string") return { refused: "w may be given once" };
  const width = /^[1-9]\d{0,4}$/.test(w) ? Number(w) : NaN;
  return isRenditionWidth(width) ? width : { refused: "that width is not offered" };
}

type Original = { body: Buffer; from: "cache" | "upstream" | "stale" } | "missing" | "unavailable";

export function createMediaService(options: MediaOptions): MediaService {
  const { uploadsUrl, timeouts, logger, store, queue, observe, idOf } = options;
  /** Paths purged softly: fetched again on their next request, their old copy kept as a fallback. */
  const purgedSoftly = new Set<string>();
  /** Fetches and encodes under way, so a burst for one image does each once. */
  const inflight = new Map<string, Promise<unknown>>();

  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let pending = inflight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = work().finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  }

  async function fetchOriginal(uploadPath: string): Promise<Buffer | "missing" | "unavailable"> {
    try {
      const upstream = await requestUpload(uploadsUrl + uploadPath, { method: "GET" }, timeouts);
      const status = upstream.statusCode ?? 502;
      if (status !== 200) {
        upstream.resume();
        upstream.once("error", () => undefined);
        if (status >= 300 && status < 400) logger.warn({ path: uploadPath, status, location: upstream.headers.location }, "media upstream answered a redirect; not followed");
        else if (status !== 404 && status !== 410) logger.warn({ path: uploadPath, status }, "media upstream failed");
        return status >= 500 || status === 429 ? "unavailable" : "missing";
      }
      return await readBody(upstream, timeouts.idleTimeoutMs, MAX_ORIGINAL_BYTES);
    } catch (error) {
      if (error instanceof UploadTooLarge) {
        logger.warn({ path: uploadPath, maxBytes: error.maxBytes }, "upload too large for the media service");
        return "missing";
      }
      logger.warn({ err: error instanceof UploadUnavailable ? error.message : error, path: uploadPath }, "media upstream unavailable");
      return "unavailable";
    }
  }

  /** The original: from the cache, else from WordPress (then cached). */
  function originalOf(uploadPath: string): Promise<Original> {
    return once(`original ${uploadPath}`, async (): Promise<Original> => {
      const softlyPurged = purgedSoftly.has(uploadPath);
      if (!softlyPurged) {
        const cached = await store.get(uploadPath, "original");
        if (cached) return { body: cached, from: "cache" };
      }
      const fetched = await fetchOriginal(uploadPath);
      if (fetched === "unavailable" && softlyPurged) {
        const kept = await store.get(uploadPath, "original");
        if (kept) return { body: kept, from: "stale" };
      }
      if (!Buffer.isBuffer(fetched)) return fetched;
      if (softlyPurged) {
        purgedSoftly.delete(uploadPath);
        await store.drop(uploadPath);
      }
      await store.put(uploadPath, "original", fetched);
      observe?.cacheBytes(store.bytes);
      return { body: fetched, from: "upstream" };
    });
  }

  async function encodeRendition(uploadPath: string, original: Buffer, width: number, format: RenditionFormat, variant: string): Promise<Buffer> {
    return once(`${variant} ${uploadPath}`, () =>
      queue.run(async () => {
        const started = process.hrtime.bigint();
        const body = await encode(original, width, format);
        observe?.transform(format, Number(process.hrtime.bigint() - started) / 1e9);
        await store.put(uploadPath, variant, body);
        observe?.cacheBytes(store.bytes);
        return body;
      }),
    );
  }

  function send(res: Response, body: Buffer, type: string, kind: string, varies: boolean, result: MediaResult): void {
    observe?.request(result);
    res.status(200);
    setEdgeKeys(res, res.req.path, idOf?.(res.req.path));
    res.setHeader("Content-Type", type);
    res.setHeader("Cache-Control", YEAR);
    if (varies) res.setHeader("Vary", "Accept");
    if (kind === "svg") res.setHeader("Content-Security-Policy", SVG_POLICY);
    res.setHeader("Content-Length", String(body.length));
    res.end(body);
  }

  async function answerImage(req: Request, res: Response, kind: string, width: number | undefined): Promise<void> {
    const uploadPath = req.path;
    const resized = width !== undefined && RESIZED_KINDS.has(kind);
    const format = resized ? negotiate(req.get("accept"), kind) : undefined;
    const variant = format ? `w${width}.${format}` : "original";
    if (format && !purgedSoftly.has(uploadPath)) {
      const cached = await store.get(uploadPath, variant);
      if (cached) return send(res, cached, FORMAT_TYPES[format], kind, true, "hit");
    }
    const original = await originalOf(uploadPath);
    if (original === "missing") {
      observe?.request("miss");
      return notFound(res);
    }
    if (original === "unavailable") {
      observe?.request("error");
      return unavailable(res);
    }
    const result: MediaResult = original.from === "cache" ? "hit" : original.from === "stale" ? "stale" : "miss";
    if (!format) return send(res, original.body, TYPES[kind]!, kind, false, result);
    // WordPress failed after a soft purge: the old rendition, if kept, rather than an encode per request.
    const kept = original.from === "stale" ? await store.get(uploadPath, variant) : undefined;
    if (kept) return send(res, kept, FORMAT_TYPES[format], kind, true, "stale");
    try {
      const body = await encodeRendition(uploadPath, original.body, width!, format, variant);
      send(res, body, FORMAT_TYPES[format], kind, true, result);
    } catch (error) {
      if (error instanceof QueueFull) {
        observe?.request("refused");
        res.status(503).setHeader("Cache-Control", "no-store").setHeader("Retry-After", "1");
        return void res.type("text/plain").send("Media busy, try again in a moment\n");
      }
      // The upload cannot be decoded (corrupt, or past the pixel limit): WordPress's content, not the visitor's request.
      observe?.request("error");
      logger.warn({ err: error, path: uploadPath, width, format }, "media transform failed");
      res.status(502).setHeader("Cache-Control", "no-store");
      res.type("text/plain").send("This image could not be prepared\n");
    }
  }

  const handler: RequestHandler = (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void res.status(405).setHeader("Allow", "GET, HEAD").end();
    const kind = uploadKind(req.path);
    if (!kind) return notFound(res);
    const width = widthOf(req);
    if (typeof width === "object") {
      observe?.request("refused");
      return badRequest(res, width.refused);
    }
    const work = CACHED_KINDS.has(kind) ? answerImage(req, res, kind, width) : streamUpload(req, res, kind, uploadsUrl, timeouts, logger, idOf?.(req.path));
    work.catch((error: unknown) => {
      logger.error({ err: error, path: req.path }, "media answer failed");
      if (!res.headersSent) unavailable(res);
      else res.destroy();
    });
  };

  async function purge(uploadPath: string, mode: "hard" | "soft"): Promise<void> {
    if (mode === "soft") purgedSoftly.add(uploadPath);
    else {
      purgedSoftly.delete(uploadPath);
      await store.drop(uploadPath);
    }
    observe?.cacheBytes(store.bytes);
  }

  return { handler, purge };
}

/** Streams one upload to the visitor, Range included for video. Never rejects. */
async function streamUpload(req: Request, res: Response, kind: string, uploadsUrl: string, timeouts: UploadTimeouts, logger: Logger, id: number | undefined): Promise<void> {
  const aborter = new AbortController();
  const leave = () => aborter.abort();
  res.once("close", leave);
  const headers: Record<string, string> = {};
  if (kind === "mp4" || kind === "pdf") {
    for (const name of ["range", "if-range"]) {
      const value = req.get(name);
      if (value) headers[name] = value;
    }
  }
  let upstream: IncomingMessage;
  try {
    upstream = await requestUpload(uploadsUrl + req.path, { method: req.method as "GET" | "HEAD", headers, signal: aborter.signal }, timeouts);
  } catch (error) {
    if (aborter.signal.aborted) return;
    logger.warn({ err: error, path: req.path }, "media upstream unavailable");
    if (!res.headersSent) unavailable(res);
    return;
  }
  const status = upstream.statusCode ?? 502;
  if (status !== 200 && status !== 206 && status !== 416) {
    upstream.resume();
    upstream.once("error", () => undefined);
    if (status === 404 || status === 410 || (status >= 300 && status < 400)) {
      if (status < 400) logger.warn({ path: req.path, status, location: upstream.headers.location }, "media upstream answered a redirect; not followed");
      return notFound(res);
    }
    logger.warn({ path: req.path, status }, "media upstream failed");
    return unavailable(res);
  }
  res.status(status);
  for (const name of PASS_HEADERS) {
    const value = upstream.headers[name];
    if (typeof value === "string") res.setHeader(name, value);
  }
  res.setHeader("Content-Type", TYPES[kind]!);
  if (kind === "svg") res.setHeader("Content-Security-Policy", SVG_POLICY);
  res.setHeader("Cache-Control", status === 416 ? "no-store" : YEAR);
  if (status !== 416) setEdgeKeys(res, req.path, id);
  if (kind === "mp4" || kind === "pdf") res.setHeader("Accept-Ranges", "bytes");
  if (req.method === "HEAD") {
    upstream.destroy();
    return void res.end();
  }
  pipeline(upstream, idleWatchdog(timeouts.idleTimeoutMs), res, (error) => {
    res.off("close", leave);
    if (!error) return;
    // The visitor left (premature close) or the upstream failed mid-body: the answer is cut short,
    // which the visitor's client sees as a truncated response. Nothing else to do.
    if (error instanceof UploadUnavailable) logger.warn({ err: error.message, path: req.path }, "media transfer cut short");
    else if (aborter.signal.aborted || error.code === "ERR_STREAM_PREMATURE_CLOSE") logger.debug({ path: req.path }, "media visitor left before the end");
    else logger.warn({ err: error, path: req.path }, "media transfer cut short");
  });
}

