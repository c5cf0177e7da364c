// The first tier: records in this process, an LRU bounded in bytes (CACHE_MEMORY_MB) so a large
// catalogue evicts the least used answers instead of growing the heap. Values are kept parsed: a
// hit costs no JSON work. They are shared between requests, so callers must treat them as
// read-only (the ContentService copies before it sorts).
//
// Its tag index (tagged-lru.ts) makes a purge cost the entries it touches.
import { TaggedLru } from "./tagged-lru";
import { freshness, type CacheRecord } from "./entry";
import type { MemoryStats, PurgeMode } from "./types";
import type { Tier } from "./tier";

/** One record may take at most this share of the tier, so one huge answer cannot flush the rest. */
const MAX_ENTRY_SHARE = 8;

export class MemoryTier implements Tier {
  private readonly lru: TaggedLru<CacheRecord>;

  constructor(readonly maxBytes: number) {
    if (!(maxBytes > 0)) throw new RangeError("memory tier needs a positive byte bound");
    this.lru = new TaggedLru<CacheRecord>({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / MAX_ENTRY_SHARE)),
      sizeCalculation: (record) => Math.max(1, record.size),
    });
  }

  /** The record, unless absent or dead (a dead record is dropped on the way). */
  get(key: string, now = Date.now()): CacheRecord | undefined {
    const record = this.lru.get(key);
    if (!record) return undefined;
    if (freshness(record, now) === "dead") {
      this.lru.delete(key);
      return undefined;
    }
    return record;
  }

  /** Like get, without touching recency or dropping anything. */
  peek(key: string): CacheRecord | undefined {
    return this.lru.peek(key);
  }

  /**
   * Stores a record unless the tier already holds a newer answer for the key (one whose fetch
   * started later): an older fetch finishing last must not replace what a newer one brought.
   */
  set(record: CacheRecord): boolean {
    const current = this.lru.peek(record.key);
    if (current && current.fetchedAt > record.fetchedAt) return false;
    return this.lru.set(record.key, record); // false: larger than one entry may be
  }

  delete(key: string): boolean {
    return this.lru.delete(key);
  }

  /**
   * Soft: the records become stale (freshUntil 0) and are revalidated by the next request; hard:
   * they are dropped. `before` limits the purge to records whose fetch started at or before it
   * (the repeat pass after the bus deadline must not touch answers fetched after the purge).
   * Returns how many records it changed.
   */
  purgeTags(tags: readonly string[], mode: PurgeMode, before = Infinity): number {
    let count = 0;
    for (const key of this.lru.keysTagged(tags)) if (this.purgeKey(key, mode, before)) count++;
    return count;
  }

  purgeAll(mode: PurgeMode, before = Infinity): number {
    if (mode === "hard" && before === Infinity) {
      const count = this.lru.size;
      this.clear();
      return count;
    }
    let count = 0;
    for (const key of [...this.lru.keys()]) if (this.purgeKey(key, mode, before)) count++;
    return count;
  }

  clear(): void {
    this.lru.clear();
  }

  stats(): MemoryStats {
    return { entries: this.lru.size, bytes: this.lru.calculatedSize, maxBytes: this.maxBytes };
  }

  private purgeKey(key: string, mode: PurgeMode, before: number): boolean {
    const record = this.lru.peek(key);
    if (!record || record.fetchedAt > before) return false;
    if (mode === "hard") return this.lru.delete(key);
    if (record.freshUntil === 0) return false;
    record.freshUntil = 0;
    return true;
  }
}
