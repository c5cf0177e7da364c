// The first tier: records in this process, an LRU bounded in bytes (CACHE_MEMORY_MB) so a large
// catalogue evicts the least used answers instead of growing the heap. Values are kept parsed: a
// hit costs no JSON work. They are shared between requests, so callers must treat them as
// read-only (the ContentService copies before it sorts).
//
// A tag index (tag → keys) makes a purge cost the entries it touches, not a walk over the whole
// cache; lru-cache's dispose callback keeps it in step with evictions and replacements.
import { LRUCache } from "lru-cache";
import { freshness, type CacheRecord } from "./entry";
import type { PurgeMode } from "./bus";

/** One record may take at most this share of the tier, so one huge answer cannot flush the rest. */
const MAX_ENTRY_SHARE = 8;

export interface MemoryStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

export class MemoryTier {
  private readonly lru: LRUCache<string, CacheRecord>;
  private readonly byTag = new Map<string, Set<string>>();

  constructor(readonly maxBytes: number) {
    if (!(maxBytes > 0)) throw new RangeError("memory tier needs a positive byte bound");
    this.lru = new LRUCache<string, CacheRecord>({
      maxSize: maxBytes,
      maxEntrySize: Math.max(1, Math.floor(maxBytes / MAX_ENTRY_SHARE)),
      sizeCalculation: (record) => Math.max(1, record.size),
      // Runs synchronously inside set/delete/evict, before a replacement is stored, so the new
      // record's tags are indexed after the old one's are removed.
      dispose: (record, key) => this.unindex(key, record),
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
    this.lru.set(record.key, record);
    if (this.lru.peek(record.key) !== record) return false; // larger than one entry may be
    for (const tag of record.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(record.key);
    }
    return true;
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
    const keys = new Set<string>();
    for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) keys.add(key);
    let count = 0;
    for (const key of keys) if (this.purgeKey(key, mode, before)) count++;
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
    this.byTag.clear();
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

  private unindex(key: string, record: CacheRecord): void {
    for (const tag of record.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }
}
