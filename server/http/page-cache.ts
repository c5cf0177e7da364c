// The full-page cache: rendered HTML and React Router data responses of anonymous GETs, kept
// precompressed (gzip, brotli) with an ETag, keyed by path and the query parameters the route
// declares (tracking parameters never count), tagged with the content the page was rendered from
// and purged with it, bounded in bytes by PAGE_CACHE_MB. A hit is answered before the router runs.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { DATA_QUERY, FILE_PATHS, matchRoute } from "../../common/route-table";
import type { PageRenders, RenderTurn } from "./page-renders";

const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** A document is buffered whole for its Content-Security-Policy up to this (then streamed). */
const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Below this an answer goes out uncompressed (the compression middleware's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * A stored page, compressed only: nearly every visitor and the CDN accept brotli or gzip. A
 * render compresses its page once, in the encoding its visitor asked for; the other encoding is
 * made from it when a request first asks for that one (PageCache.encoded), and the rare request
 * that refuses both gets the page decoded (identityOf). At least one of `gzip` and `br` is set.
 * Each Buffer owns exactly its bytes (ownedCopy), so the byte bound is the memory held.
 */
export interface PageEntry {
  status: number;
  contentType: string;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  tags: string[];
  /** Surrogate-Key of the page (its tags, bounded), worked out once when stored. */
  surrogateKey: string;
  storedAt: number;
  freshUntil: number;
  /** The freshness the page was rendered with (its content's shortest policy): the CDN's max-age. */
  freshSeconds: number;
  /** The Content-Security-Policy the page was sent with (its inline scripts' hashes). */
  csp?: string;
}

export interface PageCacheObserver {
  lookup(result: "hit" | "stale" | "miss"): void;
}

/**
 * The cache key of a request: the path as requested and the query parameters its route declares
 * in the route table, sorted (tracking parameters such as utm_* or gclid never count). The route
 * is matched as React Router matches it (any letter case, percent-encoding), so the parameters
 * are those of the page that renders: /Products or /%70roducts render the product list, so
 * /Products?category=vases must never be stored, or served, as /Products
 * (tests/security/cache-poisoning.test.ts).
 */
export function pageCacheKey(pathname: string, search: URLSearchParams): string {
  const isData = pathname.endsWith(".data");
  const pagePath = isData ? pathname.slice(0, -5).replace(/\/_root$/, "/") || "/" : pathname;
  // /preview is never cached (private), but the router renders it from the key's parameters too.
  const declared = [...Object.keys(matchRoute(pagePath)?.route.query ?? {}), ...(isData ? DATA_QUERY : [])];
  const kept: [string, string][] = [];
  for (const name of declared) {
    const value = search.get(name);
    if (value !== null && value !== "") kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/**
 * One page compressed in one synchronous call. Why not a compression stream per answer: a brotli
 * stream reserves a 4 MB window that V8 counts as external memory, and at SSR rates that pressure
 * alone set off garbage collections costing more than the render (bench: 48 → 80 req/s). A whole
 * page at once, with its size as a hint, needs a window of its own size.
 */
export function compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 6 });
}

/**
 * The same bytes in memory of their own. zlib's sync output and Buffer.concat below 32 KiB are
 * slices of Node's shared 64 KiB allocation pool: a 2 KiB page kept as such a slice keeps its
 * 16 KiB zlib chunk (or the whole pool slab) alive, and the cache's byte accounting, which counts
 * the 2 KiB, undercounts what it holds.
 */
export function ownedCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** The uncompressed page, for a request that accepts neither brotli nor gzip. */
export function identityOf(entry: Pick<PageEntry, "gzip" | "br">): Buffer {
  return entry.gzip ? zlib.gunzipSync(entry.gzip) : zlib.brotliDecompressSync(entry.br!);
}

export function etagOf(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Surrogate-Key: all tags up to 8 KiB; beyond that only list and type tags (CONTRACT). */
export function surrogateKeyHeader(tags: readonly string[], limit = 8 * 1024): string {
  const all = [...new Set(tags)].sort().join(" ");
  if (all.length <= limit) return all;
  const coarse = [...new Set(tags.filter((t) => !/:\d+$/.test(t) || t.endsWith(":list")))].sort().join(" ");
  return coarse.length <= limit ? coarse : coarse.slice(0, limit).replace(/\s+\S*$/, "");
}

export class PageCache {
  private readonly lru: LRUCache<string, PageEntry>;
  private readonly byTag = new Map<string, Set<string>>();
  /** When each tag was last purged: a page whose render began before that is not stored. */
  private readonly purgedAt = new Map<string, number>();
  private purgedAllAt = 0;

  constructor(maxBytes: number, private readonly observer?: PageCacheObserver) {
    this.lru = new LRUCache<string, PageEntry>({
      maxSize: Math.max(1, maxBytes),
      // What an entry holds, measured on the heap (node --expose-gc, 2,000 entries of 20 and 150
      // tags: 3.7 and 14.3 KB each besides its Buffers): its Buffers, its strings, about 64 bytes
      // per tag (the string, the array slot, its place in the tag index) and 1.5 KB of the rest.
      sizeCalculation: (e, key) =>
        (e.gzip?.length ?? 0) + (e.br?.length ?? 0) + 2 * (key.length + e.etag.length + e.contentType.length + (e.csp?.length ?? 0)) + e.surrogateKey.length + 64 * e.tags.length + 1536,
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
  }

  get enabled(): boolean {
    return this.lru.maxSize > 1;
  }

  get(key: string, now = Date.now()): PageEntry | undefined {
    const entry = this.lru.get(key);
    if (!entry) {
      this.observer?.lookup("miss");
      return undefined;
    }
    if (entry.freshUntil <= now) {
      // An expired page is rendered again; its data is still cached one level down.
      this.observer?.lookup("stale");
      this.lru.delete(key);
      return undefined;
    }
    this.observer?.lookup("hit");
    return entry;
  }

  /**
   * The body of `entry` (stored under `key`) for a request that accepts `encoding` (undefined:
   * neither). An encoding not kept yet is made once from the other and kept with the entry.
   */
  encoded(key: string, entry: PageEntry, encoding: "br" | "gzip" | undefined): Buffer {
    if (!encoding) return identityOf(entry);
    const kept = entry[encoding];
    if (kept) return kept;
    const made = ownedCopy(compress(identityOf(entry), encoding));
    entry[encoding] = made;
    // The same entry, now larger: set again so the byte bound counts it (no dispose: same page).
    if (this.lru.peek(key) === entry) this.lru.set(key, { ...entry }, { noDisposeOnSet: true });
    return made;
  }

  /** The fresh entry under `key`, without counting a lookup (for requests that waited on a render). */
  peekFresh(key: string, now = Date.now()): PageEntry | undefined {
    const entry = this.lru.peek(key);
    return entry && entry.freshUntil > now ? entry : undefined;
  }

  /**
   * Keep a rendered page. Compression is synchronous (a few milliseconds for a page) so the entry
   * exists as soon as the response is sent; a page whose render began before a purge of one of
   * its tags is not kept (it may show the content the purge removed).
   */
  store(key: string, init: Omit<PageEntry, "gzip" | "br" | "etag" | "surrogateKey" | "freshSeconds"> & { body: Buffer } & Partial<Pick<PageEntry, "gzip" | "br">>, renderStartedAt = init.storedAt): boolean {
    if (renderStartedAt <= this.purgedAllAt || init.tags.some((t) => (this.purgedAt.get(t) ?? 0) >= renderStartedAt)) return false;
    const { body, gzip, br, ...rest } = init;
    const entry: PageEntry = {
      ...rest,
      ...(gzip || !br ? { gzip: ownedCopy(gzip ?? compress(body, "gzip")) } : {}),
      ...(br ? { br: ownedCopy(br) } : {}),
      etag: etagOf(body),
      surrogateKey: surrogateKeyHeader(init.tags),
      freshSeconds: Math.max(0, Math.round((init.freshUntil - init.storedAt) / 1000)),
    };
    this.lru.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /**
   * Drop every page rendered from content with one of these tags; with `before`, only pages
   * stored at or before that instant (later ones were rendered from already purged content).
   */
  purge(tags: readonly string[], before?: number): number {
    // The purge's instant: a repeat pass (`before`) is the same purge, not a new one, and must not
    // refuse pages whose render began after the purge itself.
    const at = before ?? Date.now();
    for (const tag of tags) this.purgedAt.set(tag, Math.max(this.purgedAt.get(tag) ?? 0, at));
    if (this.purgedAt.size > 50_000) this.purgedAt.clear();
    const keys = new Set<string>();
    for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) keys.add(key);
    let dropped = 0;
    for (const key of keys) {
      const entry = this.lru.peek(key);
      if (entry && before !== undefined && entry.storedAt > before) continue;
      if (this.lru.delete(key)) dropped++;
    }
    return dropped;
  }

  purgeAll(before?: number): number {
    this.purgedAllAt = Math.max(this.purgedAllAt, before ?? Date.now());
    if (before === undefined) {
      const size = this.lru.size;
      this.lru.clear();
      this.byTag.clear();
      return size;
    }
    let dropped = 0;
    for (const [key, entry] of this.lru.entries()) if (entry.storedAt <= before && this.lru.delete(key)) dropped++;
    return dropped;
  }

  get size(): number {
    return this.lru.size;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys && keys.size === 0) this.byTag.delete(tag);
    }
  }
}

/** Paths with an extension that are pages all the same: data requests, sitemaps, robots. */
export function isPagePath(path: string): boolean {
  return path.endsWith(".data") || FILE_PATHS.has(path);
}

function cacheable(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !req.headers.authorization;
}

function matchesEtag(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  return typeof header === "string" && header.split(",").some((v) => v.trim() === etag || v.trim() === "*");
}

/** Browsers send a handful of distinct Accept-Encoding values: each is negotiated once. */
const encodingOf = new LRUCache<string, "br" | "gzip" | "identity">({ max: 256 });

/** The encoding the browser prefers among ours (q-values honoured: "br;q=0" refuses brotli). */
function pickEncoding(req: IncomingMessage): "br" | "gzip" | undefined {
  const accept = req.headers["accept-encoding"];
  if (!accept) return undefined;
  let known = encodingOf.get(accept);
  if (known === undefined) encodingOf.set(accept, (known = negotiateEncoding(accept)));
  return known === "identity" ? undefined : known;
}

function negotiateEncoding(accept: string): "br" | "gzip" | "identity" {
  // negotiator 1.x breaks ties with `preferred` (brotli is smaller); its types predate the option.
  const negotiator = new Negotiator({ headers: { "accept-encoding": accept } }) as unknown as { encoding(available: string[], options: { preferred: string[] }): string | undefined };
  const chosen = negotiator.encoding(["br", "gzip", "identity"], { preferred: ["br", "gzip"] });
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}

export interface PageHeaders {
  /**
   * Cache headers for a page of this status, Surrogate-Key and freshness (CONTRACT "Page
   * responses"); a private answer (the language decision at /) is never public.
   */
  (res: ServerResponse, status: number, surrogateKey: string, freshSeconds: number | undefined, privateAnswer?: boolean): void;
}

/** Requests the hit path has looked up already (and missed): the router stores them under this key. */
const lookedUp = new WeakMap<IncomingMessage, string>();

/** The page-cache key of a GET or HEAD for a page, or undefined when such a request is never cached. */
function lookupKey(req: IncomingMessage, pathname: string, search: string): string | undefined {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.authorization) return undefined;
  if (/\.[a-z0-9]+$/i.test(pathname) && !isPagePath(pathname)) return undefined;
  return pageCacheKey(pathname, new URLSearchParams(search));
}

/** Answers a fresh entry: its precompressed body, or 304 on a matching ETag. */
function answer(req: IncomingMessage, res: ServerResponse, cache: PageCache, key: string, entry: PageEntry, setPageHeaders: PageHeaders, privateAnswer: boolean, outcome = "page-hit"): void {
  res.statusCode = entry.status;
  res.setHeader("Content-Type", entry.contentType);
  setPageHeaders(res, entry.status, entry.surrogateKey, entry.freshSeconds, privateAnswer);
  res.setHeader("ETag", entry.etag);
  if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
  res.setHeader("Vary", privateAnswer ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding");
  res.setHeader("Server-Timing", `cache;desc="${outcome}", age;dur=${Date.now() - entry.storedAt}`);
  if (matchesEtag(req, entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = pickEncoding(req);
  const body = cache.encoded(key, entry, encoding);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The hit path, in front of express (server/main.ts): a fresh page is answered from memory with
 * nothing but the request's log line and metrics around it. Express and its middleware cost
 * about half of a hit's time (bench: 0.44 of the bare-Node ceiling inside express). Whatever
 * needs more — `/` (the language decision), paths with a trailing slash, misses — returns false
 * and goes through express; a miss is not looked up twice.
 */
export function answerPageHit(cache: PageCache, setPageHeaders: PageHeaders) {
  return (req: IncomingMessage, res: ServerResponse, pathname: string, search: string): boolean => {
    if (!cache.enabled || pathname === "/" || pathname.endsWith("/")) return false;
    const key = lookupKey(req, pathname, search);
    if (key === undefined) return false;
    const entry = cache.get(key);
    if (!entry) {
      lookedUp.set(req, key);
      return false;
    }
    answer(req, res, cache, key, entry, setPageHeaders, false);
    return true;
  };
}

/**
 * The same inside express, after the language decision at / (whose answer is private): a hit is
 * answered before the router runs; a miss leaves its key for capturePages to store under. With
 * `renders`, a GET that misses while the same key is being rendered waits for that render and is
 * answered from its entry (server/http/page-renders.ts); `onCollapsed` counts those answers.
 */
export function servePageCache(cache: PageCache, setPageHeaders: PageHeaders, renders?: PageRenders, onCollapsed?: (req: Request) => void): RequestHandler {
  return (req, res, next) => {
    if (!cache.enabled) return next();
    const known = lookedUp.get(req);
    const key = known ?? lookupKey(req, req.path, req.originalUrl.split("?")[1] ?? "");
    if (key === undefined) return next();
    res.locals.pageCacheKey = key;
    const entry = known === undefined ? cache.get(key) : undefined;
    if (entry) {
      res.locals.cacheOutcome = "page-hit";
      return answer(req, res, cache, key, entry, setPageHeaders, res.locals.privateAnswer === true);
    }
    res.locals.cacheOutcome = "page-miss";
    // Only a GET stores what it renders (capturePages), so only a GET leads or waits.
    if (!renders || req.method !== "GET") return next();
    const proceed = (turn: RenderTurn) => {
      if (turn.entry) {
        res.locals.cacheOutcome = "page-collapsed";
        onCollapsed?.(req);
        return answer(req, res, cache, key, turn.entry, setPageHeaders, res.locals.privateAnswer === true, "page-collapsed");
      }
      // A visitor who left while waiting has had its 'close' already: nothing to render for, and
      // the turn goes back at once (a turn never returned would hold its key's flight for good).
      if (req.socket.destroyed || res.destroyed || res.writableEnded) return turn.finished();
      // 'close' follows 'finish', where capturePages stores the entry; it also comes when the
      // visitor leaves first. Either way the waiters learn the outcome.
      res.once("close", turn.finished);
      next();
    };
    const turn = renders.arrive(key);
    if ("then" in turn) turn.then(proceed, next);
    else proceed(turn);
  };
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
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, (encoding as BufferEncoding) ?? "utf8") : Buffer.from(chunk as Uint8Array);
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
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      const body = Buffer.concat(chunks.splice(0));
      setPolicy(body);
      if (!isCacheablePage() || req.method === "HEAD" || body.length > MAX_BODY_BYTES) return sendWhole(body, callback).result;

      const etag = etagOf(body);
      res.setHeader("ETag", etag);
      const scope = scopeOf(res);
      // Read now, not when the answer has left: a 304 below removes Content-Type, and a page first
      // asked for with a matching If-None-Match (`*`, or an ETag from another instance) must still
      // be stored with its type (tests/security/cache-poisoning.test.ts).
      const contentType = String(res.getHeader("Content-Type"));
      const storable =
        !res.getHeader("Set-Cookie") &&
        res.locals.pageCacheKey !== undefined &&
        !/private|no-store/.test(String(res.getHeader("Cache-Control") ?? ""));
      const key = res.locals.pageCacheKey as string;
      const fresh = Math.max(0, scope?.freshSeconds ?? defaultFreshSeconds);
      const startedAt = (res.locals.startedAt as number | undefined) ?? Date.now();
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
          cache!.store(key, {
            status: 200,
            contentType,
            body,
            // The encoding just sent is not compressed a second time.
            ...(sent.encoding ? { [sent.encoding]: sent.packed } : {}),
            tags: [...(scope?.tags ?? [])],
            storedAt: Date.now(),
            freshUntil: Date.now() + fresh * 1000,
            csp: typeof csp === "string" ? csp : undefined,
          }, startedAt);
        });
      }
      return sent.result;
    }) as Response["end"];

    /**
     * A buffered answer goes out compressed in one call (see compress()); the compression
     * middleware, mounted before, stands aside once Content-Encoding is set.
     */
    const sendWhole = (body: Buffer, callback: unknown): { result: Response; encoding?: "br" | "gzip"; packed?: Buffer } => {
      const encoding = req.method === "HEAD" || body.length < MIN_COMPRESSED_BYTES || res.getHeader("Content-Encoding") ? undefined : pickEncoding(req);
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
