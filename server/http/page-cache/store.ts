// The store: pages kept compressed (gzip, brotli) with an ETag, tagged with the content they were
// rendered from and purged with it, bounded in bytes by PAGE_CACHE_MB.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { TaggedLru } from "../../cache/tagged-lru";

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
  /** When its render began (a purge received after that instant concerns it). */
  renderStartedAt?: number;
}

export interface PageCacheObserver {
  lookup(result: "hit" | "stale" | "miss"): void;
}

/**
 * The levels a render compresses its page at, chosen by measurement (docs/decisions/0018): each is
 * the knee of its curve on the site's pages, past which more CPU buys few bytes. Brotli 1 instead
 * of 2 is half the CPU for 11 % more bytes (the products list: 151 against 308 µs, 13.0 KB against
 * 11.7), 2 instead of 5 was 59 % fewer instructions for 16 % more; gzip 3 instead of 6 is 46 % fewer
 * for 10 % more (15.2 KB instead of 13.8). A render is the pod's cost; a document is about 2 % of
 * the bytes its page loads (the images are the rest).
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 3;

/**
 * One page compressed in one synchronous call. Why not a compression stream per answer: a brotli
 * stream reserves a 4 MB window that V8 counts as external memory, and at SSR rates that pressure
 * alone set off garbage collections costing more than the render (bench: 48 → 80 req/s). A whole
 * page at once, with its size as a hint, needs a window of its own size.
 */
export function compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body, { level: GZIP_LEVEL });
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

/** Surrogate-Key: all tags up to 8 KiB; beyond that only list and type tags, which still purge the page. */
export function surrogateKeyHeader(tags: readonly string[], limit = 8 * 1024): string {
  const all = [...new Set(tags)].sort().join(" ");
  if (all.length <= limit) return all;
  const coarse = [...new Set(tags.filter((t) => !/:\d+$/.test(t) || t.endsWith(":list")))].sort().join(" ");
  return coarse.length <= limit ? coarse : coarse.slice(0, limit).replace(/\s+\S*$/, "");
}

export class PageCache {
  private readonly lru: TaggedLru<PageEntry>;
  /** When each tag was last purged: a page whose render began before that is not stored. */
  private readonly purgedAt = new Map<string, number>();
  private purgedAllAt = 0;
  /**
   * When each tag was purged on the instance that received the purge: a page another pod rendered
   * after that instant saw the purge (that pod had heard of it, or cleans its write itself), so
   * this pod may adopt it from the shared tier even if it heard of the purge later.
   */
  private readonly purgedAtOrigin = new Map<string, number>();
  private purgedAllAtOrigin = 0;

  /** Told of every page this pod rendered and kept (the shared tier writes it for the other pods). */
  onStored: ((key: string, entry: PageEntry, renderStartedAt: number) => void) | undefined;

  constructor(
    maxBytes: number,
    private readonly observer?: PageCacheObserver,
  ) {
    this.lru = new TaggedLru<PageEntry>({
      maxSize: Math.max(1, maxBytes),
      // What an entry holds, measured on the heap (node --expose-gc, 2,000 entries of 20 and 150
      // tags: 3.7 and 14.3 KB each besides its Buffers): its Buffers, its strings, about 64 bytes
      // per tag (the string, the array slot, its place in the tag index) and 1.5 KB of the rest.
      sizeCalculation: (e, key) =>
        (e.gzip?.length ?? 0) +
        (e.br?.length ?? 0) +
        2 * (key.length + e.etag.length + e.contentType.length + (e.csp?.length ?? 0)) +
        e.surrogateKey.length +
        64 * e.tags.length +
        1536,
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
    // The shared tier gets the new encoding too, so no pod makes it again: only for the page in
    // memory (a purge heard here has dropped it; one heard later marks this pod's writes again).
    if (this.lru.peek(key) === entry) {
      this.lru.set(key, { ...entry }, true);
      if (entry.renderStartedAt !== undefined) this.onStored?.(key, entry, entry.renderStartedAt);
    }
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
  store(
    key: string,
    init: Omit<PageEntry, "gzip" | "br" | "etag" | "surrogateKey" | "freshSeconds"> & { body: Buffer } & Partial<
        Pick<PageEntry, "gzip" | "br">
      >,
    renderStartedAt = init.storedAt,
  ): boolean {
    if (this.purgedSince(init.tags, renderStartedAt)) return false;
    const { body, gzip, br, ...rest } = init;
    const entry: PageEntry = {
      ...rest,
      ...(gzip || !br ? { gzip: ownedCopy(gzip ?? compress(body, "gzip")) } : {}),
      ...(br ? { br: ownedCopy(br) } : {}),
      etag: etagOf(body),
      surrogateKey: surrogateKeyHeader(init.tags),
      freshSeconds: Math.max(0, Math.round((init.freshUntil - init.storedAt) / 1000)),
      renderStartedAt,
    };
    const kept = this.lru.set(key, entry);
    if (kept) this.onStored?.(key, entry, renderStartedAt);
    return kept;
  }

  /**
   * Keep a page another pod rendered (the shared tier), unless its render began before a purge
   * of one of its tags that this pod has heard of; true when the page may be served. Not told to
   * `onStored`: it is there already.
   */
  adopt(key: string, entry: PageEntry, renderStartedAt: number): boolean {
    if (this.predatesPurge(entry.tags, renderStartedAt)) return false;
    // Served even when memory cannot keep it (larger than its bound): it is current; its bytes
    // are copied (ownedCopy) only to be kept.
    if (!this.keeps((entry.gzip?.length ?? 0) + (entry.br?.length ?? 0))) return true;
    this.lru.set(key, {
      ...entry,
      renderStartedAt,
      ...(entry.gzip ? { gzip: ownedCopy(entry.gzip) } : {}),
      ...(entry.br ? { br: ownedCopy(entry.br) } : {}),
    });
    return true;
  }

  /** Memory may keep a page of `bytes` body bytes: its bound holds them and an entry's overhead. */
  keeps(bytes: number): boolean {
    return bytes + 1536 <= this.lru.maxSize;
  }

  /**
   * A page another pod rendered began before a purge of one of its tags that this pod has heard
   * of (at the instant the purge was received where it was received): it may show what was purged.
   */
  predatesPurge(tags: readonly string[], renderStartedAt: number): boolean {
    return (
      renderStartedAt <= this.purgedAllAtOrigin ||
      tags.some((t) => (this.purgedAtOrigin.get(t) ?? 0) >= renderStartedAt)
    );
  }

  private purgedSince(tags: readonly string[], renderStartedAt: number): boolean {
    return renderStartedAt <= this.purgedAllAt || tags.some((t) => (this.purgedAt.get(t) ?? 0) >= renderStartedAt);
  }

  /**
   * Drop every page rendered from content with one of these tags; with `before`, only pages
   * stored at or before that instant (later ones were rendered from already purged content).
   */
  purge(tags: readonly string[], before?: number, atOrigin?: number): number {
    // The purge's instant: a repeat pass (`before`) is the same purge, not a new one, and must not
    // refuse pages whose render began after the purge itself.
    const at = before ?? Date.now();
    for (const tag of tags) this.purgedAt.set(tag, Math.max(this.purgedAt.get(tag) ?? 0, at));
    for (const tag of tags)
      this.purgedAtOrigin.set(tag, Math.max(this.purgedAtOrigin.get(tag) ?? 0, Math.min(at, atOrigin ?? at)));
    if (this.purgedAt.size > 50_000) this.purgedAt.clear();
    if (this.purgedAtOrigin.size > 50_000) this.purgedAtOrigin.clear();
    let dropped = 0;
    for (const key of this.lru.keysTagged(tags)) {
      const entry = this.lru.peek(key);
      if (entry && before !== undefined && entry.storedAt > before) continue;
      if (this.lru.delete(key)) dropped++;
    }
    return dropped;
  }

  purgeAll(before?: number, atOrigin?: number): number {
    this.purgedAllAt = Math.max(this.purgedAllAt, before ?? Date.now());
    this.purgedAllAtOrigin = Math.max(this.purgedAllAtOrigin, Math.min(before ?? Date.now(), atOrigin ?? Infinity));
    if (before === undefined) {
      const size = this.lru.size;
      this.lru.clear();
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
}
