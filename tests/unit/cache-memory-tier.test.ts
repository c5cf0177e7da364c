// The memory tier: a byte-bounded LRU with a tag index for purges.
import { describe, expect, it } from "vitest";
import { buildRecord } from "../../server/cache/entry";
import { MemoryTier } from "../../server/cache/memory-tier";
import { createPolicies } from "../../server/cache/policies";

const policies = createPolicies({ freshSeconds: 60, staleSeconds: 600 });
const now = Date.now();
const record = (key: string, tags: string[], fetchedAt = now, value: unknown = key) =>
  buildRecord({ key, value, tags, policy: policies.short, fetchedAt, storedAt: now }).record;

describe("memory tier", () => {
  it("stays within its byte bound, evicting the least recently used", () => {
    const tier = new MemoryTier(20_000);
    for (let i = 0; i < 100; i++) tier.set(record(`k${i}`, ["t"], now, "x".repeat(500)));
    const { entries, bytes } = tier.stats();
    expect(bytes).toBeLessThanOrEqual(20_000);
    expect(entries).toBeLessThan(100);
    expect(tier.get("k99")).toBeDefined();
    expect(tier.get("k0")).toBeUndefined();
  });

  it("refuses one record bigger than an eighth of the tier", () => {
    const tier = new MemoryTier(80_000);
    expect(tier.set(record("big", [], now, "x".repeat(6000)))).toBe(false);
    expect(tier.get("big")).toBeUndefined();
  });

  it("purges by tag: soft marks stale in place, hard drops", () => {
    const tier = new MemoryTier(1_000_000);
    tier.set(record("a", ["products:1", "products"]));
    tier.set(record("b", ["products:2", "products"]));
    tier.set(record("c", ["pages:1"]));
    expect(tier.purgeTags(["products:1"], "soft")).toBe(1);
    expect(tier.get("a")?.freshUntil).toBe(0);
    expect(tier.purgeTags(["products:1"], "soft")).toBe(0); // already stale
    expect(tier.purgeTags(["products"], "hard")).toBe(2);
    expect([tier.get("a"), tier.get("b")]).toEqual([undefined, undefined]);
    expect(tier.get("c")).toBeDefined();
  });

  it("limits a repeat purge to records fetched at or before its instant", () => {
    const tier = new MemoryTier(1_000_000);
    tier.set(record("old", ["t"], now - 1000));
    tier.set(record("new", ["t"], now + 1000));
    expect(tier.purgeTags(["t"], "hard", now)).toBe(1);
    expect(tier.get("old")).toBeUndefined();
    expect(tier.get("new")).toBeDefined();
    expect(tier.purgeAll("soft", now + 1000)).toBe(1);
  });

  it("keeps the tag index in step with replacements and evictions", () => {
    const tier = new MemoryTier(1_000_000);
    tier.set(record("a", ["x"], now));
    tier.set(record("a", ["y"], now + 1)); // replaced: no longer tagged x
    expect(tier.purgeTags(["x"], "hard")).toBe(0);
    expect(tier.purgeTags(["y"], "hard")).toBe(1);
  });

  it("never lets an older fetch replace a newer answer", () => {
    const tier = new MemoryTier(1_000_000);
    tier.set(record("a", [], now + 10, "new"));
    expect(tier.set(record("a", [], now, "old"))).toBe(false);
    expect(tier.get("a")?.value).toBe("new");
  });

  it("drops dead records on read and everything on clear", () => {
    const tier = new MemoryTier(1_000_000);
    tier.set(record("a", ["t"]));
    expect(tier.get("a", now + 661_000)).toBeUndefined();
    tier.set(record("b", ["t"]));
    tier.clear();
    expect(tier.stats().entries).toBe(0);
  });
});
