// The entry record: freshness, its Redis hash form, and the not-found answer thrown again.
import { describe, expect, it } from "vitest";
import { buildRecord, freshness, fromRedisHash, isSoftPurged, serve, toRedisFields } from "../../server/cache/entry";
import { createPolicies } from "../../server/cache/policies";
import { WordPressError } from "../../server/content/wordpress-client";
import { wordpressOriginErrors } from "../../server/content/wordpress-errors";

const policies = createPolicies({ freshSeconds: 60, staleSeconds: 600 });

function hashOf(fields: string[]): Record<string, string> {
  const hash: Record<string, string> = {};
  for (let i = 0; i < fields.length; i += 2) hash[fields[i]!] = fields[i + 1]!;
  return hash;
}

describe("cache entry", () => {
  it("is fresh, then stale, then dead", () => {
    const { record } = buildRecord({
      key: "k",
      value: 1,
      tags: ["a"],
      policy: policies.short,
      fetchedAt: 900,
      storedAt: 1000,
    });
    expect(record.freshUntil).toBe(61_000);
    expect(record.staleUntil).toBe(661_000);
    expect(freshness(record, 60_999)).toBe("fresh");
    expect(freshness(record, 61_000)).toBe("stale");
    expect(freshness(record, 661_000)).toBe("dead");
    expect(isSoftPurged(record)).toBe(false);
    record.freshUntil = 0;
    expect(isSoftPurged(record)).toBe(true);
    expect(freshness(record, 1001)).toBe("stale");
  });

  it("round-trips a value through its Redis hash, tags deduplicated", () => {
    const value = { items: [{ id: 1, title: "Vaso" }], total: 1 };
    const built = buildRecord({
      key: "wp:k",
      value,
      tags: ["products", "products:1", "products"],
      policy: policies.long,
      fetchedAt: 5,
      storedAt: 6,
    });
    const back = fromRedisHash("wp:k", hashOf(toRedisFields(built.record, built.json)));
    expect(back).toMatchObject({
      key: "wp:k",
      value,
      tags: ["products", "products:1"],
      policy: "long",
      fetchedAt: 5,
      freshUntil: built.record.freshUntil,
    });
    expect(back?.notFound).toBeUndefined();
  });

  it("round-trips a not-found answer and throws an equal WordPressError each time it is served", () => {
    const error = new WordPressError({
      code: "rest_forbidden",
      status: 401,
      message: "Sorry",
      endpoint: "wp/v2/products/:id",
      body: { code: "rest_forbidden" },
    });
    const built = buildRecord({
      key: "k",
      notFound: wordpressOriginErrors.remember(error),
      tags: [],
      policy: policies.notFound,
      fetchedAt: 1,
      storedAt: 1,
    });
    const back = fromRedisHash("k", hashOf(toRedisFields(built.record, built.json)))!;
    const thrown = (() => {
      try {
        serve(back, wordpressOriginErrors);
      } catch (e) {
        return e;
      }
    })() as WordPressError;
    expect(thrown).toBeInstanceOf(WordPressError);
    expect(thrown.notFound).toBe(true);
    expect([thrown.code, thrown.status, thrown.endpoint, thrown.body]).toEqual([
      "rest_forbidden",
      401,
      "wp/v2/products/:id",
      { code: "rest_forbidden" },
    ]);
    expect(() => serve(back, wordpressOriginErrors)).toThrow(WordPressError);
  });

  it("reads a missing, foreign or damaged hash as a miss, never an error", () => {
    const built = buildRecord({ key: "k", value: 1, tags: [], policy: policies.short, fetchedAt: 1, storedAt: 1 });
    const good = hashOf(toRedisFields(built.record, built.json));
    expect(fromRedisHash("k", {})).toBeUndefined();
    expect(fromRedisHash("k", null)).toBeUndefined();
    expect(fromRedisHash("other", good)).toBeUndefined();
    expect(fromRedisHash("k", { ...good, v: "{not json" })).toBeUndefined();
    expect(fromRedisHash("k", { ...good, p: "forever" })).toBeUndefined();
    expect(fromRedisHash("k", { ...good, f: "soon" })).toBeUndefined();
  });
});
