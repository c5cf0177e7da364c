// Capturing what the router renders: the page is buffered whole, gets its ETag and its
// Content-Security-Policy, goes out compressed in one call, and a cacheable answer is stored.
import type { RequestHandler, Response } from "express";
import { cacheable, isPagePath } from "./key";
import { matchesEtag, pickEncoding } from "./negotiation";
import { compress, etagOf, type PageCache } from "./store";

/** A page larger than this is sent but not kept. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** A document is buffered whole for its Content-Security-Policy up to this (then streamed). */
const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Below this an answer goes out uncompressed (the compression middleware's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Mounted after compression, around the router: buffers the rendered page (documents are
 * rendered whole anyway), sets its ETag, answers 304 when the browser has it, and stores a
 * cacheable answer once it has been sent. With a document policy, every HTML answer (any status,
 * any method) is buffered so its Content-Security-Policy can carry the hashes of its inline
 * scripts; the header is stored with the entry, so a hit sends the same one.
 */
export function capturePages(
  cache: PageCache | undefined,
  scopeOf: (res: Response) => { tags: Set<string>; freshSeconds: number | undefined } | undefined,
  defaultFreshSeconds: number,
  policyOf?: (html: Buffer) => string,
): RequestHandler {
  return (req, res, next) => {
    const storableRequest = cache !== undefined && cacheable(req);
    if (!storableRequest && !policyOf) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;

    const isHtml = () => String(res.getHeader("Content-Type") ?? "").startsWith("text/html");
    const isPage = () => isHtml() || isPagePath(req.path);
    /** A cacheable page: buffered for the page cache and the ETag. */
    const isCacheablePage = () => storableRequest && isPage() && res.statusCode === 200;
    /** A document whose policy needs all of it. */
    const needsPolicy = () => policyOf !== undefined && isHtml();
    const buffering = () => !overflow && (isCacheablePage() || needsPolicy());
    // A Uint8Array (the router's answer stream) is viewed, not copied: it is not written to again.
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, (encoding as BufferEncoding) ?? "utf8")
          : Buffer.from(
              (chunk as Uint8Array).buffer,
              (chunk as Uint8Array).byteOffset,
              (chunk as Uint8Array).byteLength,
            );
    const setPolicy = (body: Buffer) => {
      if (needsPolicy() && !res.headersSent) res.setHeader("Content-Security-Policy", policyOf!(body));
    };

    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
      if (!buffering()) return write(chunk, encoding, cb);
      const buffer = toBuffer(chunk, typeof encoding === "string" ? encoding : undefined);
      size += buffer.length;
      chunks.push(buffer);
      // Past the page cache's bound a page is not kept; a document is still buffered for its
      // policy, up to a hard bound (then it goes out with the hashes of what was seen).
      if (size > (needsPolicy() ? MAX_DOCUMENT_BYTES : MAX_BODY_BYTES)) {
        overflow = true;
        const seen = Buffer.concat(chunks.splice(0));
        setPolicy(seen);
        write(seen);
      }
      if (typeof encoding === "function") (encoding as () => void)();
      else if (typeof cb === "function") (cb as () => void)();
      return true;
    }) as Response["write"];

    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      if (typeof chunk === "function") {
        cb = chunk;
        chunk = undefined;
        encoding = undefined;
      }
      const callback = typeof encoding === "function" ? encoding : cb;
      if (!buffering()) {
        if (chunks.length > 0) write(Buffer.concat(chunks.splice(0)));
        return end(chunk, typeof encoding === "function" ? undefined : encoding, callback);
      }
      if (chunk !== undefined && chunk !== null)
        chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      const body = Buffer.concat(chunks.splice(0));
      setPolicy(body);
      if (!isCacheablePage() || req.method === "HEAD" || body.length > MAX_BODY_BYTES)
        return sendWhole(body, callback).result;

      const etag = etagOf(body);
      res.setHeader("ETag", etag);
      const scope = scopeOf(res);
      // Read now, not when the answer has left: a 304 below removes Content-Type, and a page first
      // asked for with a matching If-None-Match (`*`, or an ETag from another instance) must still
      // be stored with its type (tests/security/cache-poisoning.test.ts).
      const contentType = String(res.getHeader("Content-Type"));
      const key = res.locals.pageCacheKey;
      const storable =
        !res.getHeader("Set-Cookie") &&
        key !== undefined &&
        !/private|no-store/.test(String(res.getHeader("Cache-Control") ?? ""));
      const fresh = Math.max(0, scope?.freshSeconds ?? defaultFreshSeconds);
      const startedAt = res.locals.startedAt ?? Date.now();
      const csp = res.getHeader("Content-Security-Policy");
      let sent: { result: Response; encoding?: "br" | "gzip"; packed?: Buffer };
      if (matchesEtag(req, etag)) {
        res.status(304);
        res.removeHeader("Content-Type");
        sent = { result: end(undefined, undefined, callback) };
      } else {
        sent = sendWhole(body, callback);
      }
      if (storable) {
        res.once("finish", () => {
          cache!.store(
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
      }
      return sent.result;
    }) as Response["end"];

    /**
     * A buffered answer goes out compressed in one call (see compress()); the compression
     * middleware, mounted before, stands aside once Content-Encoding is set.
     */
    const sendWhole = (
      body: Buffer,
      callback: unknown,
    ): { result: Response; encoding?: "br" | "gzip"; packed?: Buffer } => {
      const encoding =
        req.method === "HEAD" || body.length < MIN_COMPRESSED_BYTES || res.getHeader("Content-Encoding")
          ? undefined
          : pickEncoding(req);
      if (req.method !== "HEAD") res.vary("Accept-Encoding");
      if (!encoding) return { result: end(body, undefined, callback) };
      const packed = compress(body, encoding);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", packed.length);
      return { result: end(packed, undefined, callback), encoding, packed };
    };
    next();
  };
}
