// The CacheStack without Redis (REDIS_URL unset → memory tier only): the seam's contract
// (tags and policy from the fetch, errors never cached, not-found cached briefly), coalescing,
// stale-while-revalidate, purges with their listeners and CDN hook, timeouts.
import { afterEach, describe, expect, it } from "vitest";
import {
  createCacheStack,
  createCacheStackFromConfig,
  createPolicies,
  type CacheStack,
  type PurgeEvent,
} from "../../server/cache/index";
import type { CacheEntry } from "../../server/content/cached";
import { WordPressError } from "../../server/content/wordpress-client";
import { wordpressOriginErrors } from "../../server/content/wordpress-errors";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stacks: CacheStack[] = [];
afterEach(async () => {
  await Promise.all(stacks.splice(0).map((s) => s.close()));
});

function stack(extra: { cdn?: string[][]; cdnModes?: string[]; hardTimeoutMs?: number } = {}) {
  const lookups: string[] = [];
  const s = createCacheStack({
    errors: wordpressOriginErrors,
    policies: createPolicies({ freshSeconds: 0.1, staleSeconds: 5 }),
    memoryBytes: 1024 * 1024,
    softTimeoutMs: 100,
    hardTimeoutMs: extra.hardTimeoutMs ?? 500,
    busDeadlineMs: 30,
    errorBackoffMs: 0,
    observe: { lookup: (tier, result) => lookups.push(`${tier}:${result}`), redisState: () => undefined },
    cdnPurger: {
      purge: async (tags, options) => {
        extra.cdn?.push(tags);
        extra.cdnModes?.push(options?.soft ? "soft" : "hard");
      },
    },
  });
  stacks.push(s);
  return { s, lookups };
}

function counter() {
  const c = {
    calls: 0,
    fetch:
      (tags: string[] = []) =>
      async (entry: CacheEntry) => {
        entry.tag(...tags);
        await sleep(5);
        return { n: ++c.calls };
      },
  };
  return c;
}

describe("CacheStack, memory tier only", () => {
  it("coalesces parallel misses into one fetch", async () => {
    const { s, lookups } = stack();
    const c = counter();
    const answers = await Promise.all(Array.from({ length: 100 }, () => s.cached("k", [], "short", c.fetch())));
    expect(c.calls).toBe(1);
    expect(answers.every((a) => a.n === 1)).toBe(true);
    expect(lookups.filter((l) => l === "memory:miss")).toHaveLength(100);
    expect(lookups.some((l) => l.startsWith("redis"))).toBe(false);
    expect(s.stats()).toMatchObject({ redis: "disabled", bus: "disabled", breaker: "none", memory: { entries: 1 } });
  });

  it("purges by the tags the fetch added, and tells the listeners", async () => {
    const { s } = stack();
    const events: PurgeEvent[] = [];
    s.onPurge((e) => events.push(e));
    const c = counter();
    await s.cached("list", ["products:list"], "long", c.fetch(["products:3"]));
    expect(await s.purge(["products:3"], { mode: "hard" })).toBe(1);
    expect((await s.cached("list", ["products:list"], "long", c.fetch(["products:3"]))).n).toBe(2);
    expect(events[0]).toEqual({
      tags: ["products:3"],
      all: false,
      mode: "hard",
      source: "local",
      at: expect.any(Number),
    });
  });

  it("serves stale at once and revalidates once in the background", async () => {
    const { s } = stack();
    const c = counter();
    await s.cached("k", [], "short", c.fetch());
    await sleep(150);
    const stale = await Promise.all(Array.from({ length: 10 }, () => s.cached("k", [], "short", c.fetch())));
    expect(stale.every((a) => a.n === 1)).toBe(true);
    await sleep(50);
    expect(c.calls).toBe(2);
    expect((await s.cached("k", [], "short", c.fetch())).n).toBe(2);
  });

  it("caches a value the fetch files under notFound, and a thrown not-found, briefly", async () => {
    const { s } = stack();
    let calls = 0;
    const missing = async (entry: CacheEntry) => {
      calls++;
      entry.policy("notFound");
      return null;
    };
    expect(await s.cached("a", [], "long", missing)).toBeNull();
    expect(await s.cached("a", [], "long", missing)).toBeNull();
    expect(calls).toBe(1);
    const thrown = async () => {
      calls++;
      throw new WordPressError({
        code: "rest_post_invalid_id",
        status: 404,
        message: "no",
        endpoint: "wp/v2/pages/:id",
      });
    };
    for (let i = 0; i < 3; i++)
      await expect(s.cached("b", [], "long", thrown)).rejects.toMatchObject({ notFound: true, status: 404 });
    expect(calls).toBe(2);
  });

  it("never caches other errors", async () => {
    const { s } = stack();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new WordPressError({
        code: "invalid_username",
        status: 401,
        message: "bad credentials",
        endpoint: "wp/v2/pages",
      });
    };
    for (let i = 0; i < 3; i++) await expect(s.cached("c", [], "short", failing)).rejects.toThrow("bad credentials");
    expect(calls).toBe(3);
  });

  it("ends a hung fetch with a timeout error at the hard timeout", async () => {
    const { s } = stack({ hardTimeoutMs: 100 });
    let signal: AbortSignal | undefined;
    const failure = await s
      .cached("h", [], "short", (entry) => {
        signal = entry.signal;
        return new Promise(() => undefined);
      })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: "WordPressError", code: "timeout" });
    // The hung request is aborted, not left running: WordPress's connection is given back.
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe(failure);
  });

  it("calls the CDN hook once per purge, after the bus deadline, and repeats the purge for the page cache", async () => {
    const cdn: string[][] = [];
    const { s } = stack({ cdn });
    const events: PurgeEvent[] = [];
    s.onPurge((e) => events.push(e));
    await s.purge(["products:1", "products:1", ""], { mode: "soft" });
    expect(cdn).toEqual([]);
    await sleep(80);
    expect(cdn).toEqual([["products:1"]]);
    expect(events.map((e) => e.before === undefined)).toEqual([true, false]);
  });

  it("tells the CDN which purges are soft (an update: the edge may keep the page in grace) and which hard (a delete)", async () => {
    const cdn: string[][] = [];
    const cdnModes: string[] = [];
    const { s } = stack({ cdn, cdnModes });
    await s.purge(["products:2"], { mode: "soft" });
    await s.purge(["products:3"], { mode: "hard" });
    await sleep(80);
    expect(cdn).toEqual([["products:2"], ["products:3"]]);
    expect(cdnModes).toEqual(["soft", "hard"]);
  });

  it("reports as served only what the caller receives, not what a fetch read to build it", async () => {
    // A product's fetch reads the whole product index (slug → id). The page that shows the product
    // must be tagged with that product, the same whether its answer was fetched or cached: tagging
    // it with every product in the index made every product edit purge every product page.
    const served: string[][] = [];
    const s = createCacheStack({
      errors: wordpressOriginErrors,
      policies: createPolicies({ freshSeconds: 5, staleSeconds: 5 }),
      memoryBytes: 1024 * 1024,
      observe: { lookup: () => undefined, redisState: () => undefined, served: ({ tags }) => served.push([...tags]) },
    });
    stacks.push(s);
    const index = (entry: CacheEntry) => {
      entry.tag("product:1", "product:2", "product:3");
      return Promise.resolve({ vase: 2 });
    };
    const product = async (entry: CacheEntry) => {
      const ids = await s.cached("products:index", ["products:list"], "long", index);
      entry.tag(`product:${ids.vase}`);
      return { id: ids.vase };
    };

    expect(await s.cached("product:vase", [], "short", product)).toEqual({ id: 2 });
    expect(served).toEqual([["product:2"]]);
    served.length = 0;
    expect(await s.cached("product:vase", [], "short", product)).toEqual({ id: 2 });
    expect(served).toEqual([["product:2"]]);
    // Read on its own, the index is what the caller receives: reported with its tags.
    served.length = 0;
    await s.cached("products:index", ["products:list"], "long", index);
    expect(served).toEqual([["products:list", "product:1", "product:2", "product:3"]]);
  });

  it("after close, passes calls straight to the fetch", async () => {
    const { s } = stack();
    await s.close();
    const c = counter();
    await s.cached("k", [], "short", c.fetch());
    await s.cached("k", [], "short", c.fetch());
    expect(c.calls).toBe(2);
  });

  it("is built from the configuration: no Redis configured, memory tier only", async () => {
    const s = createCacheStackFromConfig(
      { redis: { mode: "none" }, cache: { freshSeconds: 60, staleSeconds: 600, memoryMb: 2 }, wpTimeoutMs: 8000 },
      { errors: wordpressOriginErrors },
    );
    stacks.push(s);
    expect(s.stats()).toMatchObject({ redis: "disabled", memory: { entries: 0, maxBytes: 2 * 1024 * 1024 } });
    expect(await s.cached("k", [], "menu", async () => "menu")).toBe("menu");
  });
});
