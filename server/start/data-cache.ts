// The data cache between the ContentService and WordPress (memory, then Redis when configured),
// the Redis connections it shares with the rate limits, and the CDN purges it hands on.
import { createCacheStackFromConfig, createRedisClients, type CacheStack, type RedisClients } from "../cache";
import { CDN_DEFAULTS, createCdnPurger } from "../cdn";
import { createPurgeOutbox, type PurgeOutbox } from "../cdn/outbox";
import { wordpressOriginErrors } from "../content/wordpress-errors";
import { createRateLimits, type RateLimits } from "../http/rate-limits";
import type { SiteState } from "../http/site";
import { noteContent } from "../request-scope";
import type { Essentials } from "./config";

export interface RedisConnections {
  /** None without Redis (REDIS_MODE=none). */
  clients: RedisClients | undefined;
  /** Redis refused the site's credentials (/readyz says "auth failed"). */
  authFailed(): boolean;
  rateLimits: RateLimits;
}

export interface DataCache {
  cache: CacheStack;
  /** The CDN's pending purges (off unless a CDN is configured). */
  cdnOutbox: PurgeOutbox | undefined;
}

/**
 * One pair of Redis connections for the cache, its purge bus and the rate limits. Their errors
 * are logged at warn with the cause; a refused login shows in /readyz as "auth failed".
 */
export function connectRedis({ config, logger }: Pick<Essentials, "config" | "logger">): RedisConnections {
  let authFailed = false;
  const clients = createRedisClients(config.redis, {
    watcher: {
      warn: (details, message) => logger.warn({ redis: details }, message),
      authFailed: (failed) => void (authFailed = failed),
    },
  });
  return { clients, authFailed: () => authFailed, rateLimits: createRateLimits({ redis: clients?.command }) };
}

/**
 * The cache, counted in the metrics and in the site's state. Every answer it hands out is noted
 * in the request's scope, so the page carries the tags of all the content it was rendered from
 * (Surrogate-Key, page-cache purge) and its shortest freshness.
 */
export function startDataCache(
  { config, logger, metrics }: Essentials,
  redis: RedisConnections,
  state: SiteState,
): DataCache {
  const cdnPurger = createCdnPurger({
    ...config.cdn,
    requestsPerSecond: config.cdn.purgeRate,
    onRequest: (provider, result) => metrics.cdnPurgeRequests.inc({ provider, result }),
  });
  // Pending CDN purges kept in Redis when there is one, so a pod that drains or dies mid-retry
  // leaves them to the others (server/cdn/outbox.ts).
  const cdnOutbox =
    cdnPurger &&
    createPurgeOutbox({
      purger: cdnPurger,
      redis: redis.clients?.command,
      logger,
      leaseMs: CDN_DEFAULTS.budgetMs + 5000,
    });
  const cache = createCacheStackFromConfig(config, {
    errors: wordpressOriginErrors,
    clients: redis.clients,
    logger,
    // After a purge has reached every instance, its tags go to the CDN (off unless configured).
    cdnPurger: cdnOutbox,
    observe: {
      lookup: (tier, result) => metrics.cacheLookups.inc({ tier, result }),
      read: (answer) => metrics.cacheReads.inc({ answer }),
      redisState: (up) => {
        metrics.redisUp.set(up ? 1 : 0);
        state.redis = up ? "up" : "down";
      },
      served: ({ tags, freshSeconds }) => noteContent(tags, freshSeconds),
    },
  });
  return { cache, cdnOutbox };
}
