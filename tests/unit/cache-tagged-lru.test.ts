// The LRU with a tag index that the memory tier and the page cache share: the index follows
// every way a value leaves (eviction, deletion, replacement), so a purge by tag never reaches a
// key that now holds something else, and the index does not grow with what was evicted.
import { describe, expect, it } from "vitest";
import { TaggedLru } from "../../server/cache/tagged-lru";

const value = (tags: string[], size = 10) => ({ tags, size });

describe("a tagged LRU", () => {
  it("finds keys by tag, and forgets them once evicted, deleted or replaced with other tags", () => {
    const lru = new TaggedLru<{ tags: string[]; size: number }>({ maxSize: 30, sizeCalculation: (v) => v.size });
    lru.set("a", value(["products:1", "products:list"]));
    lru.set("b", value(["products:2", "products:list"]));
    expect([...lru.keysTagged(["products:list"])].sort()).toEqual(["a", "b"]);
    lru.set("a", value(["pages:9"])); // replaced: no longer a product page
    expect([...lru.keysTagged(["products:1"])]).toEqual([]);
    expect([...lru.keysTagged(["pages:9"])]).toEqual(["a"]);
    lru.delete("b");
    expect([...lru.keysTagged(["products:list"])]).toEqual([]);
    lru.set("c", value(["x"]));
    lru.set("d", value(["x"]));
    lru.set("e", value(["x"])); // over 30 bytes: the least recently used ("a") is evicted
    expect(lru.peek("a")).toBeUndefined();
    expect([...lru.keysTagged(["pages:9"])]).toEqual([]);
    expect(lru.calculatedSize).toBe(30);
  });

  it("refuses a value larger than one entry may be, and keeps no index for it", () => {
    const lru = new TaggedLru<{ tags: string[]; size: number }>({
      maxSize: 100,
      maxEntrySize: 20,
      sizeCalculation: (v) => v.size,
    });
    expect(lru.set("big", value(["t"], 50))).toBe(false);
    expect(lru.keysTagged(["t"]).size).toBe(0);
    expect(lru.set("small", value(["t"], 5))).toBe(true);
    expect([...lru.keysTagged(["t"])]).toEqual(["small"]);
  });
});
