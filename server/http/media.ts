// GET /media/{path}: WordPress's uploads through the site (when MEDIA_URL is unset), the HTTP face
// of the media service (server/media: what is served, from where, within which bounds).
//
// Images (JPEG, PNG, WebP, AVIF) are answered at the widths srcset offers (`?w=640`, a fixed list:
// common/renditions.ts; any other width is a 400, never a resize of the visitor's choosing) in
// the best format the visitor's Accept names, with `Vary: Accept`; without `?w` the original as
// uploaded. `w` is the only query parameter /media/ defines: any other is a 400 (never stored), so
// no parameter can vary the CDN's key and walk past its cache. A year of caching for what was
// asked for; a minute for a stand-in served under pressure, and for an upload that cannot be
// served (missing, too large, unreadable: remembered in the pod for as long). WordPress down with
// nothing cached, or every stream slot taken: 503 with Retry-After.
//
// Nothing a visitor or the upstream does can crash the process: every byte moves through
// stream.pipeline (an error on either side ends both, and is logged, never thrown), the upstream
// request is aborted when the visitor goes, its headers have a deadline and its body an idle bound
// (never one for the whole transfer), and redirects are not followed. Video answers Range requests
// (206) as the upstream does. An SVG is always served as an image with a sandboxing policy,
// whatever type the upstream claims, so a script in it never runs on the site's origin.
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "../logger";
import type { Metrics } from "./metrics";
import type { MediaAnswer, MediaResult, MediaService, StreamAnswer } from "../media";
import { uploadKey } from "../media/ids";
import { CACHED_KINDS, RESIZED_KINDS, UPLOAD_TYPES, uploadKind } from "../media/kinds";
import { REFUSAL_SECONDS, type Refusal } from "../media/refusals";
import { idleWatchdog, UploadUnavailable } from "../media/upstream";
import { isRenditionWidth } from "../../common/renditions";

/** An SVG may carry scripts and links: as a document of its own it can do nothing. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

const LIFETIMES = { year: "public, max-age=31536000, immutable", short: `public, max-age=${REFUSAL_SECONDS}` } as const;
/** How long a visitor is told to wait before asking again while the upstream is away. */
export const RETRY_AFTER_SECONDS = 30;

const PASS_HEADERS = ["content-length", "last-modified", "etag", "content-range", "accept-ranges"];

const REFUSAL_TEXT: Record<Refusal, string> = {
  missing: "This page could not be found\n",
  "too-large": "This upload is too large to be served\n",
  unreadable: "This image cannot be shown\n",
};

export interface MediaHandlerOptions {
  logger: Logger;
  /** The WordPress media id of an upload path, when the site has learned it. */
  idOf?(uploadPath: string): number | undefined;
  /** The idle bound of a streamed body (WP_TIMEOUT_MS). */
  idleTimeoutMs: number;
  observe?: { request(result: MediaResult): void };
}

/** The media service's observations as metrics (docs/interfaces.md "Metrics"). */
export function mediaMetrics(
  metrics: Pick<
    Metrics,
    "mediaRequests" | "mediaTransformDuration" | "mediaCacheBytes" | "mediaDegraded" | "mediaStreams"
  >,
) {
  return {
    request: (result: MediaResult) => metrics.mediaRequests.inc({ result }),
    transform: (format: string, seconds: number) => metrics.mediaTransformDuration.observe({ format }, seconds),
    degraded: (how: "nearest" | "fast") => metrics.mediaDegraded.inc({ how }),
    streams: (active: number) => metrics.mediaStreams.set(active),
    cacheBytes: (bytes: number) => metrics.mediaCacheBytes.set(bytes),
  };
}

/** A 404 the edge and the pod keep for a minute: an upload that is not there costs one look. */
export function notFound(res: Response, refusal: Refusal = "missing"): void {
  res.status(404).setHeader("Cache-Control", LIFETIMES.short);
  res.type("text/plain").send(REFUSAL_TEXT[refusal]);
}

function unavailable(
  res: Response,
  retryAfterSeconds = RETRY_AFTER_SECONDS,
  text = "Media temporarily unavailable\n",
): void {
  res.status(503).setHeader("Cache-Control", "no-store").setHeader("Retry-After", String(retryAfterSeconds));
  res.type("text/plain").send(text);
}

/** Never stored anywhere: an edge that drops some parameters from its key must not keep it. */
function badRequest(res: Response, message: string): void {
  res.status(400).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(`Bad request: ${message}\n`);
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

/** The width asked for: undefined without `w`, a listed width, or why the query is refused. */
function widthOf(req: Request, kind: string): number | undefined | { refused: string } {
  const unknown = Object.keys(req.query).find((name) => name !== "w");
  if (unknown !== undefined) return { refused: "only the w parameter is defined" };
  const w = req.query.w;
  if (w === undefined) return undefined;
  if (typeof w !== "string") return { refused: "w may be given once" };
  if (!RESIZED_KINDS.has(kind)) return { refused: "this upload is not offered at other widths" };
  const width = /^[1-9]\d{0,4}$/.test(w) ? Number(w) : NaN;
  return isRenditionWidth(width) ? width : { refused: "that width is not offered" };
}

export function mediaHandler(service: MediaService, options: MediaHandlerOptions): RequestHandler {
  const { logger, observe } = options;

  function answer(res: Response, answered: MediaAnswer, kind: string): void {
    if (answered.kind === "refused") return void (observe?.request("miss"), notFound(res, answered.refusal));
    if (answered.kind === "unavailable") return void (observe?.request("error"), unavailable(res));
    if (answered.kind === "busy")
      return void (
        observe?.request("refused"),
        unavailable(res, answered.retryAfterSeconds, "Media busy, try again in a moment\n")
      );
    observe?.request(answered.result);
    res.status(200);
    setEdgeKeys(res, res.req.path, options.idOf?.(res.req.path));
    res.setHeader("Content-Type", answered.type);
    if (kind === "svg") res.setHeader("Content-Security-Policy", SVG_POLICY);
    if (answered.kind === "file") return sendFile(res, answered);
    res.setHeader("Cache-Control", LIFETIMES[answered.lifetime]);
    if (answered.variesByAccept) res.setHeader("Vary", "Accept");
    res.setHeader("Content-Length", String(answered.body.length));
    res.end(answered.body);
  }

  function sendFile(res: Response, file: Extract<MediaAnswer, { kind: "file" }>): void {
    res.setHeader("Cache-Control", LIFETIMES.year);
    res.setHeader("Content-Length", String(file.size));
    if (res.req.method === "HEAD") return void (file.release(), res.end());
    pipeline(createReadStream(file.file), res, (error) => {
      file.release();
      if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE")
        logger.warn({ err: error, path: res.req.path }, "media original cut short");
    });
  }

  const handler: RequestHandler = (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD")
      return void res.status(405).setHeader("Allow", "GET, HEAD").end();
    const kind = uploadKind(req.path);
    if (!kind) return notFound(res);
    const width = widthOf(req, kind);
    if (typeof width === "object") {
      observe?.request("refused");
      return badRequest(res, width.refused);
    }
    const work = !CACHED_KINDS.has(kind)
      ? streamUpload(req, res, kind, service, options)
      : (width !== undefined
          ? service.rendition({ uploadPath: req.path, kind, width, accept: req.get("accept") })
          : service.original(req.path, kind)
        ).then((answered) => answer(res, answered, kind));
    work.catch((error: unknown) => {
      logger.error({ err: error, path: req.path }, "media answer failed");
      if (!res.headersSent) unavailable(res);
      else res.destroy();
    });
  };
  return handler;
}

/** Streams one upload to the visitor, Range included. Never rejects. */
async function streamUpload(
  req: Request,
  res: Response,
  kind: string,
  service: MediaService,
  options: MediaHandlerOptions,
): Promise<void> {
  const aborter = new AbortController();
  const leave = () => aborter.abort();
  res.once("close", leave);
  const headers: Record<string, string> = {};
  for (const name of ["range", "if-range"]) {
    const value = req.get(name);
    if (value) headers[name] = value;
  }
  const opened = await service.stream({
    uploadPath: req.path,
    method: req.method as "GET" | "HEAD",
    headers,
    client: req.ip ?? req.socket.remoteAddress ?? "unknown",
    signal: aborter.signal,
  });
  if (opened.kind !== "stream") {
    res.off("close", leave);
    if (aborter.signal.aborted) return;
    return answerRefusedStream(res, opened, options);
  }
  const { upstream, release } = opened;
  const status = upstream.statusCode ?? 200;
  options.observe?.request("miss");
  res.status(status);
  for (const name of PASS_HEADERS) {
    const value = upstream.headers[name];
    if (typeof value === "string") res.setHeader(name, value);
  }
  res.setHeader("Content-Type", UPLOAD_TYPES[kind]!);
  res.setHeader("Cache-Control", status === 416 ? "no-store" : LIFETIMES.year);
  if (status !== 416) setEdgeKeys(res, req.path, options.idOf?.(req.path));
  res.setHeader("Accept-Ranges", "bytes");
  if (req.method === "HEAD") {
    upstream.destroy();
    release();
    return void res.end();
  }
  pipeline(upstream, idleWatchdog(options.idleTimeoutMs), res, (error) => {
    res.off("close", leave);
    release();
    if (!error) return;
    // The visitor left (premature close) or the upstream failed mid-body: the answer is cut short,
    // which the visitor's client sees as a truncated response. Nothing else to do.
    if (error instanceof UploadUnavailable)
      options.logger.warn({ err: error.message, path: req.path }, "media transfer cut short");
    else if (aborter.signal.aborted || error.code === "ERR_STREAM_PREMATURE_CLOSE")
      options.logger.debug({ path: req.path }, "media visitor left before the end");
    else options.logger.warn({ err: error, path: req.path }, "media transfer cut short");
  });
}

function answerRefusedStream(
  res: Response,
  opened: Exclude<StreamAnswer, { kind: "stream" }>,
  options: MediaHandlerOptions,
): void {
  if (opened.kind === "refused") {
    options.observe?.request("miss");
    return notFound(res, opened.refusal);
  }
  options.observe?.request(opened.kind === "busy" ? "refused" : "error");
  if (opened.kind === "busy")
    return unavailable(res, opened.retryAfterSeconds, "Too many downloads at once, try again in a moment\n");
  unavailable(res);
}
