// The cache's own vocabulary: what a caller hands it and what it logs through. The cache knows no
// origin (WordPress or another): callers bring a fetch and a classifier of its errors
// (origin-errors.ts).
//
// Contract of `Cached` (what sits under the ContentService's `cached()` seam):
// - `key` names one origin request and everything that shapes its answer; equal keys are
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
  /** Aborted once nobody waits for this answer any more (the cache's hard timeout): stop fetching. */
  readonly signal: AbortSignal;
}

export type Cached = <T>(
  key: string,
  tags: readonly string[],
  policy: CachePolicyName,
  fetch: (entry: CacheEntry) => Promise<T>,
) => Promise<T>;

/** Where the cache writes its log lines (pino's logger satisfies it). */
export interface CacheLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Soft: entries stay as stale copies to serve while refreshing. Hard: entries are gone. */
export type PurgeMode = "soft" | "hard";
