// Capturing what the router renders: the page is buffered whole, gets its ETag and its
// Content-Security-Policy, goes out compressed in one call, and a cacheable answer is stored.
import type { Request, RequestHandler, Response } from "express";
import { cacheable, isPagePath } from "./key";
import { matchesEtag, pickEncoding } from "./negotiation";
import { compress, etagOf, type PageCache } from "./store";

/** A page larger than this is sent but not kept. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** A document is buffered whole for its Content-Security-Policy up to this (then streamed). */
const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Below this an answer goes out uncompressed (the compression middleware's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;

/** Where the page's store goes, and how: given once per site. */
interface Storage {
  cache: PageCache | undefined;
  scopeOf: (res: Response) => { tags: Set<string>; freshSeconds: number | undefined } | undefined;
  defaultFreshSeconds: number;
}

/** One answer being captured: the router's writes, held until the end. */
interface Capture {
  req: Request;
  res: Response;
  /** The response's own write and end, which the capture stands in front of. */
  write: (chunk: unknown, ...rest: unknown[]) => boolean;
  end: (...args: unknown[]) => Response;
  chunks: Buffer[];
  size: number;
  /** Past the bounds: what follows is written through. */
  overflow: boolean;
  storableRequest: boolean;
  policyOf: ((html: Buffer) => string) | undefined;
}

/** What went out: the answer, and the encoding it was sent in (not compressed a second time when stored). */
interface Sent {
  result: Response;
  encoding?: "br" | "gzip";
  packed?: Buffer;
}

/**
 * Mounted after compression, around the router: buffers the rendered page (documents are
 * rendered whole anyway), sets its ETag, answers 304 when the browser has it, and stores a
 * cacheable answer once it has been sent. With a document policy, every HTML answer (any status,
 * any method) is buffered so its Content-Security-Policy can carry the hashes of its inline
 * scripts; the header is stored with the entry, so a hit sends the same one.
 */
export function capturePages(
  cache: PageCache | undefined,
  scopeOf: Storage["scopeOf"],
  defaultFreshSeconds: number,
  policyOf?: (html: Buffer) => string,
): RequestHandler {
  const storage: Storage = { cache, scopeOf, defaultFreshSeconds };
  return (req, res, next) => {
    const storableRequest = cache !== undefined && cacheable(req);
    if (!storableRequest && !policyOf) return next();
    const capture: Capture = {
      req,
      res,
      write: res.write.bind(res) as Capture["write"],
      end: res.end.bind(res) as Capture["end"],
      chunks: [],
      size: 0,
      overflow: false,
      storableRequest,
      policyOf,
    };
    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) =>
      captureWrite(capture, chunk, encoding, cb)) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) =>
      captureEnd(capture, storage, chunk, encoding, cb)) as Response["end"];
    next();
  };
}

const isHtml = (c: Capture) => String(c.res.getHeader("Content-Type") ?? "").startsWith("text/html");
/** A cacheable page: buffered for the page cache and the ETag. */
const isCacheablePage = (c: Capture) =>
  c.storableRequest && (isHtml(c) || isPagePath(c.req.path)) && c.res.statusCode === 200;
/** A document whose policy needs all of it. */
const needsPolicy = (c: Capture) => c.policyOf !== undefined && isHtml(c);
const buffering = (c: Capture) => !c.overflow && (isCacheablePage(c) || needsPolicy(c));

function setPolicy(c: Capture, body: Buffer): void {
  if (needsPolicy(c) && !c.res.headersSent) c.res.setHeader("Content-Security-Policy", c.policyOf!(body));
}

/** A Uint8Array (the router's answer stream) is viewed, not copied: it is not written to again. */
function toBuffer(chunk: unknown, encoding?: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, (encoding as BufferEncoding) ?? "utf8");
  const bytes = chunk as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function captureWrite(c: Capture, chunk: unknown, encoding?: unknown, cb?: unknown): boolean {
  if (!buffering(c)) return c.write(chunk, encoding, cb);
  const buffer = toBuffer(chunk, typeof encoding === "string" ? encoding : undefined);
  c.size += buffer.length;
  c.chunks.push(buffer);
  // Past the page cache's bound a page is not kept; a document is still buffered for its
  // policy, up to a hard bound (then it goes out with the hashes of what was seen).
  if (c.size > (needsPolicy(c) ? MAX_DOCUMENT_BYTES : MAX_BODY_BYTES)) {
    c.overflow = true;
    const seen = Buffer.concat(c.chunks.splice(0));
    setPolicy(c, seen);
    c.write(seen);
  }
  if (typeof encoding === "function") (encoding as () => void)();
  else if (typeof cb === "function") (cb as () => void)();
  return true;
}

function captureEnd(c: Capture, storage: Storage, chunk?: unknown, encoding?: unknown, cb?: unknown): Response {
  if (typeof chunk === "function") {
    cb = chunk;
    chunk = undefined;
    encoding = undefined;
  }
  const callback = typeof encoding === "function" ? encoding : cb;
  if (!buffering(c)) {
    if (c.chunks.length > 0) c.write(Buffer.concat(c.chunks.splice(0)));
    return c.end(chunk, typeof encoding === "function" ? undefined : encoding, callback);
  }
  if (chunk !== undefined && chunk !== null)
    c.chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
  const body = Buffer.concat(c.chunks.splice(0));
  setPolicy(c, body);
  if (!isCacheablePage(c) || c.req.method === "HEAD" || body.length > MAX_BODY_BYTES)
    return sendWhole(c, body, callback).result;
  return endPage(c, storage, body, callback);
}

/** A cacheable page's end: its ETag, a 304 or the page, then its store once it has been sent. */
function endPage(c: Capture, storage: Storage, body: Buffer, callback: unknown): Response {
  const { req, res } = c;
  const etag = etagOf(body);
  res.setHeader("ETag", etag);
  const scope = storage.scopeOf(res);
  // Read now, not when the answer has left: a 304 below removes Content-Type, and a page first
  // asked for with a matching If-None-Match (`*`, or an ETag from another instance) must still
  // be stored with its type (tests/security/cache-poisoning.test.ts).
  const contentType = String(res.getHeader("Content-Type"));
  const key = res.locals.pageCacheKey;
  const storable =
    !res.getHeader("Set-Cookie") &&
    key !== undefined &&
    !/private|no-store/.test(String(res.getHeader("Cache-Control") ?? ""));
  const fresh = Math.max(0, scope?.freshSeconds ?? storage.defaultFreshSeconds);
  const startedAt = res.locals.startedAt ?? Date.now();
  const csp = res.getHeader("Content-Security-Policy");
  let sent: Sent;
  if (matchesEtag(req, etag)) {
    res.status(304);
    res.removeHeader("Content-Type");
    sent = { result: c.end(undefined, undefined, callback) };
  } else {
    sent = sendWhole(c, body, callback);
  }
  if (!storable) return sent.result;
  res.once("finish", () => {
    storage.cache!.store(
      key,
      {
        status: 200,
        contentType,
        body,
        // The encoding just sent is not compressed a second time.
        ...(sent.encoding ? { [sent.encoding]: sent.packed } : {}),
        tags: [...(scope?.tags ?? [])],
        storedAt: Date.now(),
        freshUntil: Date.now() + fresh * 1000,
        csp: typeof csp === "string" ? csp : undefined,
      },
      startedAt,
    );
  });
  return sent.result;
}

/**
 * A buffered answer goes out compressed in one call (see compress()); the compression
 * middleware, mounted before, stands aside once Content-Encoding is set.
 */
function sendWhole(c: Capture, body: Buffer, callback: unknown): Sent {
  const { req, res } = c;
  const encoding =
    req.method === "HEAD" || body.length < MIN_COMPRESSED_BYTES || res.getHeader("Content-Encoding")
      ? undefined
      : pickEncoding(req);
  if (req.method !== "HEAD") res.vary("Accept-Encoding");
  if (!encoding) return { result: c.end(body, undefined, callback) };
  const packed = compress(body, encoding);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", packed.length);
  return { result: c.end(packed, undefined, callback), encoding, packed };
}
