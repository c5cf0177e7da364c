import { afterEach, describe, expect, it, vi } from "vitest";
import zlib from "node:zlib";
import type { IncomingMessage } from "node:http";
import { PageCache, identityOf, pageCacheKey, surrogateKeyHeader } from "../../server/http/page-cache";
import { matchesEtag } from "../../server/http/page-cache/negotiation";

const key = (url: string) => {
  const u = new URL(url, "http://x");
  return pageCacheKey(u.pathname, u.searchParams);
};

describe("page cache keys", () => {
  it("keep only the parameters a route declares, in a fixed order", () => {
    expect(key("/products?sort=name&page=2&utm_source=mail&gclid=1")).toBe("/products?page=2&sort=name");
    expect(key("/products?page=2&sort=name")).toBe(key("/products?sort=name&page=2&fbclid=zzz"));
    expect(key("/it/prodotti/12?category=vasi")).toBe("/it/prodotti/12?category=vasi");
    expect(key("/about?page=3&utm_campaign=x")).toBe("/about");
    expect(key("/wishlist?items=1,2")).toBe("/wishlist?items=1%2C2");
  });

  it("key React Router data requests with the routes they load", () => {
    expect(key("/products.data?_routes=root,products-en&utm_source=x")).toBe(
      "/products.data?_routes=root%2Cproducts-en",
    );
    expect(key("/_root.data")).toBe("/_root.data");
  });

  it("keep one spelling per search: trimmed, white space collapsed, cut at 100 characters", () => {
    const vase = key("/products?q=white+vase");
    expect(vase).toBe("/products?q=white+vase");
    for (const spelling of [
      "/products?q=++white+++vase++",
      "/products?q=%09white%0Avase",
      "/products?q=white%C2%A0vase&utm_source=x",
    ])
      expect(key(spelling), spelling).toBe(vase);
    expect(key("/it/prodotti.data?q=+vaso+&_routes=root")).toBe("/it/prodotti.data?_routes=root&q=vaso");
    // Nothing but spaces: no search at all.
    expect(key("/products?q=+++")).toBe("/products");
    const long = key(`/products?q=${"a".repeat(5000)}`);
    expect(long).toBe(`/products?q=${"a".repeat(100)}`);
    // A cut never splits a character.
    expect(decodeURIComponent(key(`/products?q=${encodeURIComponent("🏺".repeat(150))}`).split("q=")[1]!)).toBe(
      "🏺".repeat(100),
    );
  });
});

describe("Surrogate-Key", () => {
  it("lists every tag while it fits, then only list and type tags", () => {
    expect(surrogateKeyHeader(["products:12", "products", "products:list", "products:12"])).toBe(
      "products products:12 products:list",
    );
    const many = Array.from({ length: 2000 }, (_, i) => `products:${i + 1}`).concat([
      "products",
      "products:list",
      "media",
    ]);
    const header = surrogateKeyHeader(many);
    expect(header.length).toBeLessThanOrEqual(8192);
    expect(header.split(" ").sort()).toEqual(["media", "products", "products:list"]);
  });
});

describe("PageCache", () => {
  const page = (tags: string[]) => ({
    status: 200,
    contentType: "text/html",
    body: Buffer.from("<html>" + "x".repeat(1000)),
    tags,
    storedAt: Date.now(),
    freshUntil: Date.now() + 60_000,
  });

  it("purges exactly the pages rendered from a tag", async () => {
    const cache = new PageCache(10 * 1024 * 1024);
    cache.store("/products", page(["products:list", "products:1", "products:2"]));
    cache.store("/products/1", page(["products:1"]));
    cache.store("/about", page(["pages:5"]));
    expect(cache.purge(["products:1"])).toBe(2);
    expect(cache.get("/products")).toBeUndefined();
    expect(cache.get("/about")?.status).toBe(200);
  });

  it("stays within its byte bound", async () => {
    const cache = new PageCache(20 * 1024);
    for (let i = 0; i < 100; i++) cache.store(`/p/${i}`, page([`products:${i}`]));
    expect(cache.bytes).toBeLessThanOrEqual(20 * 1024);
    expect(cache.size).toBeLessThan(100);
  });

  it("holds no more bytes than it counts: each page's compressed forms own exactly their memory", () => {
    const cache = new PageCache(10 * 1024 * 1024);
    const pages = Array.from({ length: 50 }, (_, i) =>
      Buffer.from(`<html><body>${`<li>product ${i}</li>`.repeat(1000 + i)}</body></html>`),
    );
    // As capturePages hands them over: the encoding just sent, straight from zlib (a pool slice).
    pages.forEach((body, i) => cache.store(`/p/${i}`, { ...page([]), body, gzip: zlib.gzipSync(body) }));
    // Half of them are then asked for in brotli too.
    pages.forEach((_, i) => i % 2 === 0 && cache.encoded(`/p/${i}`, cache.get(`/p/${i}`)!, "br"));
    let held = 0;
    const seen = new Set<ArrayBufferLike>();
    for (let i = 0; i < pages.length; i++) {
      const entry = cache.get(`/p/${i}`)!;
      for (const b of [entry.gzip, entry.br]) {
        if (!b || seen.has(b.buffer)) continue;
        seen.add(b.buffer);
        held += b.buffer.byteLength;
      }
    }
    expect(held).toBeLessThanOrEqual(cache.bytes);
    // A request that refuses compression gets the page itself, decoded.
    pages.forEach((body, i) =>
      expect(cache.encoded(`/p/${i}`, cache.get(`/p/${i}`)!, undefined).equals(body)).toBe(true),
    );
    // No uncompressed copy is kept: far less than the pages themselves.
    expect(cache.bytes).toBeLessThan(pages.reduce((n, b) => n + b.length, 0) / 2);
  });

  it("compresses a rendered page once; the other encoding is made when first asked for, kept and counted", () => {
    const cache = new PageCache(10 * 1024 * 1024);
    const body = Buffer.from(`<html>${"<p>porcelain</p>".repeat(500)}</html>`);
    cache.store("/products", { ...page([]), body, br: zlib.brotliCompressSync(body) });
    expect(cache.get("/products")!.gzip).toBeUndefined();
    const before = cache.bytes;
    const gzip = cache.encoded("/products", cache.get("/products")!, "gzip");
    expect(zlib.gunzipSync(gzip).equals(body)).toBe(true);
    expect(cache.get("/products")!.gzip).toBe(gzip);
    expect(cache.bytes).toBe(before + gzip.length);
    expect(identityOf(cache.get("/products")!).equals(body)).toBe(true);
  });

  it("treats an expired page as a miss", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.store("/a", { ...page([]), freshUntil: Date.now() - 1 });
    expect(cache.get("/a")).toBeUndefined();
  });
});

describe("PageCache and purges racing a render", () => {
  it("does not keep a page whose render began before a purge of its tags", () => {
    const cache = new PageCache(1024 * 1024);
    const started = Date.now() - 50;
    cache.purge(["products:1"]);
    const kept = cache.store(
      "/products/1",
      {
        status: 200,
        contentType: "text/html",
        body: Buffer.from("old"),
        tags: ["products:1"],
        storedAt: Date.now(),
        freshUntil: Date.now() + 60_000,
      },
      started,
    );
    expect(kept).toBe(false);
    expect(cache.get("/products/1")).toBeUndefined();
  });

  afterEach(() => vi.useRealTimers());

  it("keeps a page rendered after a purge when the purge's repeat pass comes (it is the same purge)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const cache = new PageCache(1024 * 1024);
    const purgedAt = Date.now();
    cache.purgeAll();
    cache.purge(["products:1"]);
    vi.setSystemTime(purgedAt + 200);
    const renderStarted = Date.now(); // after the purge: renders new content
    // The stack repeats every purge about a second later, for answers fetched before it.
    vi.setSystemTime(purgedAt + 1000);
    cache.purgeAll(purgedAt);
    cache.purge(["products:1"], purgedAt);
    vi.setSystemTime(purgedAt + 1100);
    const kept = cache.store(
      "/products/1",
      {
        status: 200,
        contentType: "text/html",
        body: Buffer.from("new"),
        tags: ["products:1"],
        storedAt: Date.now(),
        freshUntil: Date.now() + 60_000,
      },
      renderStarted,
    );
    expect(kept).toBe(true);
    expect(cache.get("/products/1")?.status).toBe(200);
  });
});

describe("conditional requests", () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  const etag = 'W/"abc"';
  it("answer 304 for the page's ETag (weakly compared) or *, also when the client adds Cache-Control: no-cache (fetch() does)", () => {
    expect(matchesEtag(request({ "if-none-match": etag }), etag)).toBe(true);
    expect(matchesEtag(request({ "if-none-match": '"abc"' }), etag)).toBe(true);
    expect(matchesEtag(request({ "if-none-match": 'W/"other", W/"abc"' }), etag)).toBe(true);
    expect(matchesEtag(request({ "if-none-match": "*" }), etag)).toBe(true);
    expect(matchesEtag(request({ "if-none-match": 'W/"other"' }), etag)).toBe(false);
    expect(matchesEtag(request({}), etag)).toBe(false);
    expect(matchesEtag(request({ "if-none-match": etag, "cache-control": "no-cache" }), etag)).toBe(true);
  });
});
