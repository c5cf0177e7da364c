// What the stack (stack.ts) asks of each tier of the data cache, the memory tier and Redis alike;
// the tiers' contract suite (tests/integration/cache-tiers.test.ts) holds every tier to it. The
// memory tier answers at once, Redis asynchronously: callers await either.
//
// The stack's read path, its misses (origin-fetch.ts) and its purges (purges.ts) know the tiers
// only through these interfaces: LocalTier (this process, memory-tier.ts) and SharedTier (every
// instance, redis-tier.ts), and through the errors a SharedTier rejects with. Only tiers.ts builds
// (and imports) the concrete ones: .dependency-cruiser.cjs, only-tiers-knows-the-concrete-tiers.
import type { BreakerState } from "./breaker";
import type { CacheRecord } from "./entry";
import type { MemoryStats, PurgeMode } from "./types";

/**
 * A shared tier's call refused at once: Redis is not ready or its breaker is open. Callers answer
 * without the tier.
 */
export class RedisUnavailableError extends Error {
  readonly code = "redis_unavailable";
  constructor(message = "Redis is not available") {
    super(message);
    this.name = "RedisUnavailableError";
  }
}

/**
 * A shared tier's call that got no answer in time. Not a verdict on what it did: a late reply may
 * still have been carried out (a lock granted), and while the tier is up one late reply under a
 * burst is read as a miss, not as a Redis gone.
 */
export class RedisTimeoutError extends Error {
  readonly code = "redis_timeout";
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
    this.name = "RedisTimeoutError";
  }
}

export interface Tier {
  /** The record under `key`, fresh or stale; undefined when there is none (or it is dead). */
  get(key: string): CacheRecord | undefined | Promise<CacheRecord | undefined>;
  /** Keeps `record` unless a newer answer for its key is kept already; true when it was kept. */
  set(record: CacheRecord, json: string | undefined): boolean | Promise<boolean>;
  /**
   * Entries carrying any of `tags`: soft leaves them as stale copies, hard removes them; only
   * those fetched at or before `before`. Returns how many were concerned.
   */
  purgeTags(tags: readonly string[], mode: PurgeMode, before?: number): number | Promise<number>;
  /** Every entry, soft or hard, fetched at or before `before`. */
  purgeAll(mode: PurgeMode, before?: number): number | Promise<number>;
}

/** The tier in this process: it answers at once, and is dropped whole when purges were missed. */
export interface LocalTier extends Tier {
  get(key: string): CacheRecord | undefined;
  /** The record as kept, without counting a use. */
  peek(key: string): CacheRecord | undefined;
  set(record: CacheRecord): boolean;
  purgeTags(tags: readonly string[], mode: PurgeMode, before?: number): number;
  purgeAll(mode: PurgeMode, before?: number): number;
  clear(): void;
  stats(): MemoryStats;
}

/** An entry and who holds its fetch lock, read together. */
export interface SharedPeek {
  record: CacheRecord | undefined;
  locked: boolean;
  /** The token of whoever holds the fetch lock. */
  holder: string | undefined;
}

/**
 * The tier every instance shares: it may be away (`up` false: callers answer without it), it holds
 * the fetch locks that let one instance ask the origin for everyone, and it carries the purge bus.
 */
export interface SharedTier extends Tier {
  readonly up: boolean;
  readonly breakerState: BreakerState;
  get(key: string): Promise<CacheRecord | undefined>;
  peek(key: string): Promise<SharedPeek>;
  set(record: CacheRecord, json: string | undefined): Promise<boolean>;
  purgeTags(tags: readonly string[], mode: PurgeMode, before?: number): Promise<number>;
  purgeAll(mode: PurgeMode, before?: number): Promise<number>;
  tryLock(key: string, token: string, ttlMs: number): Promise<boolean>;
  extendLock(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** False when the lock was no longer ours. */
  releaseLock(key: string, token: string): Promise<boolean>;
  publish(channel: string, message: string): Promise<void>;
  close(): void;
}
