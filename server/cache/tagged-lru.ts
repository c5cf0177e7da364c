// An LRU bounded in bytes with a tag index (tag → keys), so a purge costs the entries it touches,
// not a walk over the whole cache. lru-cache's dispose callback keeps the index in step with
// evictions, deletions and replacements. The memory tier (memory-tier.ts) and the page cache
// (server/http/page-cache/store.ts) are both one of these.
import { LRUCache } from "lru-cache";

export interface TaggedLruOptions<V> {
  /** The byte bound. */
  maxSize: number;
  /** A value larger than this is not kept at all. */
  maxEntrySize?: number;
  /** What a value holds, in bytes (at least 1). */
  sizeCalculation: (value: V, key: string) => number;
}

export class TaggedLru<V extends { readonly tags: readonly string[] }> {
  private readonly lru: LRUCache<string, V>;
  private readonly byTag = new Map<string, Set<string>>();

  constructor(options: TaggedLruOptions<V>) {
    this.lru = new LRUCache<string, V>({
      ...options,
      // Runs synchronously inside set/delete/evict, before a replacement is stored, so the new
      // value's tags are indexed after the old one's are removed.
      dispose: (value, key) => this.unindex(key, value.tags),
    });
  }

  get(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** Without touching recency. */
  peek(key: string): V | undefined {
    return this.lru.peek(key);
  }

  /**
   * Stores `value` and indexes it under its tags; false when it was too large to keep.
   * `sameEntry`: the value replaces one with the same tags (it only grew), nothing is disposed.
   */
  set(key: string, value: V, sameEntry = false): boolean {
    this.lru.set(key, value, sameEntry ? { noDisposeOnSet: true } : undefined);
    if (this.lru.peek(key) !== value) return false;
    if (sameEntry) return true; // its tags are indexed already
    for (const tag of value.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  delete(key: string): boolean {
    return this.lru.delete(key);
  }

  /** The keys of the values that carry any of these tags. */
  keysTagged(tags: readonly string[]): Set<string> {
    const keys = new Set<string>();
    for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) keys.add(key);
    return keys;
  }

  keys(): IterableIterator<string> {
    return this.lru.keys();
  }

  entries(): IterableIterator<[string, V]> {
    return this.lru.entries();
  }

  clear(): void {
    this.lru.clear();
    this.byTag.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  /** The bytes held, as sizeCalculation counts them. */
  get calculatedSize(): number {
    return this.lru.calculatedSize;
  }

  get maxSize(): number {
    return this.lru.maxSize;
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }
}
