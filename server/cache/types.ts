// The cache's own vocabulary: what a caller hands it and what it logs through. The cache knows no
// origin (WordPress or another): callers bring a fetch and a classifier of its errors
// (origin-errors.ts).
//
// Contract of `Cached` (what sits under the ContentService's `cached()` seam):
// - `key` names one origin request and everything that shapes its answer; equal keys are
//   interchangeable values.
// - The final tags of an entry are `tags` plus whatever `fetch` adds through `entry.tag()` (the
//   ids of the items in the answer are known only once it has come: docs/interfaces.md "Purge semantics").
// - `policy` is the default; `fetch` may switch it with `entry.policy()` (an answer that says
//   "not found" is cached briefly under "notFound", like a 404).
// - A `fetch` that throws caches nothing: errors are never cached (Hydrogen's rule), the caller
//   sees the error (or the cache serves stale, if it has it).
// - Values are plain JSON data (no class instances, no undefined in arrays): they may go to Redis.

import type { BreakerState } from "./breaker";

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

export type LookupTier = "memory" | "redis";
export type LookupResult = "hit" | "stale" | "miss";

/**
 * What answered one read, counted once per read (a tier's lookups are not: a read that finds a stale
 * copy in memory asks Redis too): a fresh copy in this process's memory or in Redis, a stale copy
 * (revalidating in the background, or WordPress failing or slower than the soft timeout), or
 * WordPress (the read waited for a fetch: its own, or one in flight here or on another instance).
 */
export const READ_ANSWERS = ["memory", "redis", "stale", "origin"] as const;
export type ReadAnswer = (typeof READ_ANSWERS)[number];

/** Hooks for metrics (`wp_cache_lookups_total`, `wp_cache_reads_total`, `wp_cache_redis_up`) without importing prom-client here. */
export interface CacheObserver {
  lookup(tier: LookupTier, result: LookupResult): void;
  /** Once per read, with what answered it. */
  read?(answer: ReadAnswer): void;
  redisState(up: boolean): void;
  /**
   * Every answer handed to a caller, cached or fetched, with its final tags, its policy and that
   * policy's fresh seconds: the page layer collects them so a page carries the tags of all the
   * content it was rendered from, and lives no longer than its shortest-lived content.
   */
  served?(event: { tags: readonly string[]; policy: CachePolicyName; freshSeconds: number }): void;
}

export interface CdnPurger {
  /** `soft` for a soft purge (an `update`): an edge that can keeps the old page in grace. */
  purge(tags: string[], options?: { soft?: boolean }): Promise<void>;
  /** For purgeAll; without it a full purge does not reach the CDN. */
  purgeAll?(options?: { soft?: boolean }): Promise<void>;
  /**
   * Takes the purge as soon as it is received and sends it no earlier than `notBefore` (ms since
   * the epoch); resolves once the purge is kept (where a pod that dies meanwhile does not lose it),
   * not once it is sent. Without it, the cache calls `purge`/`purgeAll` itself after the bus deadline.
   */
  schedule?(purge: { tags: string[]; all: boolean; soft: boolean; notBefore: number }): Promise<void>;
}

/** What a purge did, for the page cache (another module) to do the same to its own entries. */
export interface PurgeEvent {
  /** Empty when `all`. */
  tags: readonly string[];
  all: boolean;
  mode: PurgeMode;
  /**
   * Set on the repeat pass: only what was fetched (rendered) at or before this instant, on the
   * purging instance's clock, is concerned; later answers already reflect the purge.
   */
  before?: number;
  /** When the purge was received by the instance that received it (its clock); unset on a reconnect. */
  at?: number;
  /** local: this instance received it; bus: another instance did; reconnect: Redis came back and purges may have been missed. */
  source: "local" | "bus" | "reconnect";
}

export type PurgeListener = (event: PurgeEvent) => void;

export interface MemoryStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

export interface CacheStats {
  instanceId: string;
  redis: "up" | "down" | "disabled";
  breaker: BreakerState | "none";
  bus: "subscribed" | "disconnected" | "disabled";
  memory: MemoryStats;
  inflight: number;
  pendingPurges: number;
}

export interface CacheStack {
  /** The seam function handed to the ContentService. */
  cached: Cached;
  /** Returns how many entries were purged (in Redis when it is up, else in memory). */
  purge(tags: readonly string[], options: { mode: PurgeMode }): Promise<number>;
  /** Everything; hard by default (drop), soft on request (revalidate on next use). */
  purgeAll(options?: { mode?: PurgeMode }): Promise<number>;
  /** Returns the unsubscribe function. */
  onPurge(listener: PurgeListener): () => void;
  stats(): CacheStats;
  /** Waits for pending purge follow-ups (bus repeat, CDN), then disconnects the Redis clients. */
  close(): Promise<void>;
}

/** A purge this instance started, as it travels to Redis, the bus and the CDN (purges.ts). */
export interface PendingPurge {
  id: string;
  tags: string[];
  all: boolean;
  mode: PurgeMode;
  at: number;
}

/** One caller's read, handed along the read path: what to fetch, and whether Redis may be used. */
export interface Read<T> {
  key: string;
  tags: readonly string[];
  policy: CachePolicyName;
  fetch: (entry: CacheEntry) => Promise<T>;
  /** False once this read's Redis call failed: it does not touch Redis again (no lock either). */
  useRedis: boolean;
}
