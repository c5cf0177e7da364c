// How a cache stack is set up: its parts (tiers, clients, observers) and its timings, with the
// defaults written once.
import type { OriginErrors } from "./origin-errors";
import type { RedisLike } from "./clients";
import type { CachePolicies } from "./policies";
import type { CacheLogger, CacheObserver, CdnPurger } from "./types";

export interface CacheStackOptions {
  policies: CachePolicies;
  /** Which of the fetch's errors are not-found answers (cached briefly), transient or fatal. */
  errors: OriginErrors;
  /** Byte bound of the memory tier (CACHE_MEMORY_MB × 2^20). */
  memoryBytes: number;
  /**
   * The command client (ioredis Redis or Cluster; see createRedisClients). Undefined: memory tier
   * only. The stack owns the clients it is given: close() disconnects them.
   */
  redis?: RedisLike | undefined;
  /** The purge bus connection; default: a duplicate of `redis`. */
  subscriber?: RedisLike | undefined;
  /** Names this instance on the bus; default hostname-pid-random. */
  instanceId?: string;
  /** Key prefix in Redis (`fc`); tests use their own to share one redis-server. */
  keyPrefix?: string;
  /** With a stale copy, how long a synchronous revalidation may keep the visitor waiting. */
  softTimeoutMs?: number;
  /** The longest any request waits for an answer (origin, or another instance's fetch). */
  hardTimeoutMs?: number;
  /** The fetch lock's lifetime; the holder renews it while fetching, so a dead holder is replaced after at most this. */
  lockTtlMs?: number;
  /** How long a purge takes to reach every instance; the repeat pass and the CDN purge wait this long. */
  busDeadlineMs?: number;
  /** Bound of each Redis call on the request path. */
  redisTimeoutMs?: number;
  /** Polling interval of a waiter for another instance's fetch (it backs off to 4×). */
  lockPollMs?: number;
  /** After a failed revalidation, stale copies of that key are served without retrying for this long. */
  errorBackoffMs?: number;
  breaker?: { failureThreshold?: number; openMs?: number };
  observe?: CacheObserver;
  logger?: CacheLogger;
  cdnPurger?: CdnPurger;
}

/** The defaults, in one place (bentocache). */
export const CACHE_DEFAULTS = Object.freeze({
  softTimeoutMs: 1500,
  hardTimeoutMs: 10_000,
  lockTtlMs: 3000,
  busDeadlineMs: 1000,
  redisTimeoutMs: 50,
  purgeRedisTimeoutMs: 1000,
  lockPollMs: 25,
  errorBackoffMs: 2000,
  failureThreshold: 5,
  breakerOpenMs: 2000,
});
