// The server cache (docs/architecture.md, "The data path"): memory LRU → Redis → WordPress under the
// ContentService's `cached()` seam, with purging by tag across instances. This file is its public
// face; main.ts builds one CacheStack per process and hands `stack.cached` to the ContentService,
// `stack.purge` to the webhook and purge API, `stack.onPurge` to the page cache, `stack.stats()`
// to /readyz.
import { createRedisClients, type RedisClientOptions, type RedisClients, type RedisSettings } from "./clients";
import { policiesFromConfig } from "./policies";
import { CACHE_DEFAULTS, createCacheStack, type CacheStack, type CacheStackOptions } from "./stack";

export {
  createCacheStack,
  CACHE_DEFAULTS,
  type CacheStack,
  type CacheStackOptions,
  type CacheStats,
  type CacheObserver,
  type CacheLogger,
  type CdnPurger,
  type LookupResult,
  type LookupTier,
  type PurgeEvent,
  type PurgeListener,
  type PurgeMode,
} from "./stack";
export {
  createRedisClients,
  DEFAULT_COMMAND_TIMEOUT_MS,
  type RedisClients,
  type RedisClientOptions,
  type RedisLike,
  type RedisSettings,
} from "./clients";
export { createPolicies, policiesFromConfig, POLICY_NAMES, type CachePolicy, type CachePolicies } from "./policies";
export { createKeyspace, createPageKeyspace, keyHash, siteIdentity, type Keyspace } from "./keys";
export { READ_ANSWERS, type ReadAnswer } from "./types";
export { createPageTier, type RedisTier } from "./tiers";
export { RedisUnavailableError } from "./tier";

/**
 * The stack as the configuration describes it (CACHE_*, REDIS_*): Redis clients for the configured
 * mode (none, single, Sentinel, Cluster), policies, the memory bound, and a hard timeout just above
 * the WordPress client's own, so the client's timeout error (with its endpoint) is what callers see.
 */
/**
 * How long anyone waits for data from WordPress: its own request timeout (WP_TIMEOUT_MS) and one
 * second more for the answer to come through. A page render waiting on another's render waits no
 * longer either (server/http/page-cache/page-renders.ts).
 */
export function dataHardTimeoutMs(wpTimeoutMs: number): number {
  return wpTimeoutMs + 1000;
}

/** The cache's settings, as server/config.ts validates them (REDIS_*, CACHE_*, WP_TIMEOUT_MS). */
export interface CacheSettings {
  redis: RedisSettings;
  cache: { freshSeconds: number; staleSeconds: number; memoryMb: number };
  wpTimeoutMs: number;
}

export function createCacheStackFromConfig(
  config: CacheSettings,
  extra: Omit<CacheStackOptions, "policies" | "memoryBytes" | "redis" | "subscriber"> & {
    redisClient?: RedisClientOptions;
    /** Connections made already (main.ts shares the command one with the rate limits). */
    clients?: RedisClients;
  },
): CacheStack {
  const { redisClient, clients: given, ...rest } = extra;
  const clients = given ?? createRedisClients(config.redis, redisClient);
  return createCacheStack({
    hardTimeoutMs: Math.max(dataHardTimeoutMs(config.wpTimeoutMs), CACHE_DEFAULTS.softTimeoutMs * 2),
    ...rest,
    policies: policiesFromConfig(config.cache),
    memoryBytes: Math.floor(config.cache.memoryMb * 1024 * 1024),
    redis: clients?.command,
    subscriber: clients?.subscriber,
  });
}
