// The seam between the ContentService and the cache: every WordPress call the service makes goes
// through one `cached(key, tags, policy, fetch)`. Today it can be a pass-through; the cache
// (server/cache/) puts its memory and Redis tiers, stale-while-revalidate and purging under it
// without the service changing.
//
// Contract for implementations:
// - `key` names one WordPress request and everything that shapes its answer; equal keys are
//   interchangeable values.
// - The final tags of an entry are `tags` plus whatever `fetch` adds through `entry.tag()` (the
//   ids of the items in the answer are known only once it has come: CONTRACT "Purge semantics").
// - `policy` is the default; `fetch` may switch it with `entry.policy()` (an answer that says
//   "not found" is cached briefly under "notFound", like a 404).
// - A `fetch` that throws caches nothing: errors are never cached (Hydrogen's rule), the caller
//   sees the error (or the cache serves stale, if it has it).
// - Values are plain JSON data (no class instances, no undefined in arrays): they may go to Redis.

export type CachePolicyName = "short" | "long" | "menu" | "notFound";

export interface CacheEntry {
  /** Add tags found in the answer (items, embedded items). */
  tag(...tags: string[]): void;
  /** Cache this answer under another policy than the one asked for. */
  policy(name: CachePolicyName): void;
}

export type Cached = <T>(
  key: string,
  tags: readonly string[],
  policy: CachePolicyName,
  fetch: (entry: CacheEntry) => Promise<T>,
) => Promise<T>;

const ignoringEntry: CacheEntry = {
  tag() {},
  policy() {},
};

/** No cache at all: every call goes to WordPress. For tests and for running without the cache stack. */
export const passThroughCache: Cached = (_key, _tags, _policy, fetch) => fetch(ignoringEntry);
