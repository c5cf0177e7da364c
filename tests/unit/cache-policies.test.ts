// Cache policies derive from CACHE_FRESH_SECONDS / CACHE_STALE_SECONDS; keys keep one hash tag each.
import { describe, expect, it } from "vitest";
import { createPolicies } from "../../server/cache/policies";
import { pageCacheHeaders } from "../../server/http/headers";
import { createKeyspace, keyHash } from "../../server/cache/keys";

describe("cache policies", () => {
  it("derive short, long, menu and notFound from the configured seconds", () => {
    const p = createPolicies({ freshSeconds: 60, staleSeconds: 86_400 });
    expect(p.short).toEqual({ name: "short", freshSeconds: 60, staleSeconds: 86_400 });
    expect(p.long).toEqual({ name: "long", freshSeconds: 600, staleSeconds: 86_400 });
    expect(p.menu).toEqual({ name: "menu", freshSeconds: 300, staleSeconds: 86_400 });
    expect(p.notFound).toEqual({ name: "notFound", freshSeconds: 30, staleSeconds: 300 });
  });

  it("keep a not-found answer no longer than the configured freshness", () => {
    const p = createPolicies({ freshSeconds: 5, staleSeconds: 10 });
    expect(p.notFound.freshSeconds).toBe(5);
    expect(p.notFound.staleSeconds).toBe(10);
  });

  it("accept zero (always revalidate) and refuse negative numbers", () => {
    expect(createPolicies({ freshSeconds: 0, staleSeconds: 0 }).long.freshSeconds).toBe(0);
    expect(() => createPolicies({ freshSeconds: -1, staleSeconds: 0 })).toThrow(RangeError);
  });

  it("give the CDN the directives of a page built from them: max-age, stale-while-revalidate, stale-if-error", () => {
    const p = createPolicies({ freshSeconds: 60, staleSeconds: 86_400 });
    expect(pageCacheHeaders(200, p.long)["CDN-Cache-Control"]).toBe(
      "max-age=600, stale-while-revalidate=86400, stale-if-error=86400",
    );
  });
});

describe("cache keys", () => {
  const keys = createKeyspace("fc");

  it("give every entry and tag its own hash tag (spread over cluster slots)", () => {
    expect(keys.entry("wp:v1:products:12")).toMatch(/^fc:e:\{[0-9a-f]{32}\}$/);
    expect(keys.lock("wp:v1:products:12")).toBe(keys.entry("wp:v1:products:12").replace(":e:", ":l:"));
    expect(keys.tag("products:12")).toBe("fc:t:{products:12}");
    expect(keys.entry("a")).not.toBe(keys.entry("b"));
    expect(keys.channel).toBe("fc:purge");
  });

  it("hash keys and tags that hold braces, which would change the hash tag", () => {
    expect(keys.entry("wp:x:q={a}")).toBe(`fc:e:{${keyHash("wp:x:q={a}")}}`);
    expect(keys.tag("odd}tag")).toBe(`fc:t:{#${keyHash("odd}tag")}}`);
  });

  it("refuse a prefix that would need escaping in SCAN patterns", () => {
    expect(() => createKeyspace("fc*")).toThrow(TypeError);
  });
});
