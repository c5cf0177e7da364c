// The tiers a stack reads through, built from its options: the memory tier, and with a Redis
// client the shared tier and the purge bus; and the page cache's shared tier. The only module that
// knows the concrete tiers (.dependency-cruiser.cjs): the rest of the stack sees LocalTier and
// SharedTier (tier.ts). Redis's changes of state reach the
// purges: when it comes back the memory tier is dropped (purges were missed) and the purges kept
// while it was away are replayed.
import { Cluster } from "ioredis";
import { PurgeBus } from "./bus";
import type { RedisLike } from "./clients";
import { createPageKeyspace, type Keyspace } from "./keys";
import { MemoryTier } from "./memory-tier";
import { CACHE_DEFAULTS, type CacheStackOptions } from "./options";
import type { Purges } from "./purges";
import { RedisTier } from "./redis-tier";

export type { RedisTier } from "./redis-tier";
import type { LocalTier, SharedTier } from "./tier";
import type { CacheLogger, CacheObserver } from "./types";

export interface SharedTiers {
  redis: SharedTier | undefined;
  /** The purge bus: whether it listens decides whether the memory tier can be trusted. */
  bus: { readonly connected: boolean } | undefined;
  /** Stops the bus and disconnects the clients the stack was given. */
  close(): Promise<void>;
}

export interface TierDeps {
  keys: Keyspace;
  instanceId: string;
  logger: CacheLogger;
  observe: CacheObserver;
  /** Runs an observer's call safely. */
  guard: (call: () => void) => void;
  /** The purges, told of Redis's and the bus's changes. */
  purges: Purges;
}

/** The bus connection when none is given: like the command client, but it may queue its SUBSCRIBE until connected. */
function duplicateForBus(client: RedisLike): RedisLike {
  return client instanceof Cluster
    ? client.duplicate(undefined, { enableOfflineQueue: true })
    : client.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
}

function sharedTier(client: RedisLike, options: CacheStackOptions, deps: TierDeps): SharedTier {
  const { keys, instanceId, logger, observe, guard, purges } = deps;
  return new RedisTier({
    client,
    keys,
    opTimeoutMs: options.redisTimeoutMs ?? CACHE_DEFAULTS.redisTimeoutMs,
    purgeOpTimeoutMs: Math.max(options.redisTimeoutMs ?? 0, CACHE_DEFAULTS.purgeRedisTimeoutMs),
    failureThreshold: options.breaker?.failureThreshold ?? CACHE_DEFAULTS.failureThreshold,
    openMs: options.breaker?.openMs ?? CACHE_DEFAULTS.breakerOpenMs,
    logger,
    onState: (up, previous) => {
      guard(() => observe.redisState(up));
      if (up) logger.info({ instanceId }, "Redis cache tier up");
      else logger.warn({ instanceId }, "Redis cache tier down: serving from memory and WordPress");
      if (up && previous === false) {
        purges.resync("redis reconnected");
        void purges.replayPending();
      }
    },
  });
}

/** The tier in this process, bounded in bytes. */
export function createLocalTier(memoryBytes: number): LocalTier {
  return new MemoryTier(memoryBytes);
}

/** With a Redis client: the shared tier and the purge bus (a connection of its own). */
export function createSharedTiers(options: CacheStackOptions, deps: TierDeps): SharedTiers {
  const client = options.redis;
  const subscriber = client ? (options.subscriber ?? duplicateForBus(client)) : undefined;
  const redis = client ? sharedTier(client, options, deps) : undefined;
  const bus = subscriber
    ? new PurgeBus({
        subscriber,
        channel: deps.keys.channel,
        instanceId: deps.instanceId,
        logger: deps.logger,
        onMessage: (message) => deps.purges.applyMessage(message),
        onResync: () => deps.purges.resync("purge bus resubscribed"),
      })
    : undefined;
  bus?.start();
  return {
    redis,
    bus,
    async close() {
      await bus?.close();
      redis?.close();
      subscriber?.disconnect();
      client?.disconnect();
    },
  };
}

/**
 * The page cache's shared tier (server/http/page-cache/shared.ts): Redis under the page keyspace,
 * on a connection it is given, in the keyspace of one site (siteIdentity), with the data tier's
 * bounds and a breaker of its own.
 */
export function createPageTier(
  client: RedisLike,
  site: string,
  logger: CacheLogger,
  onState: (up: boolean) => void,
): RedisTier {
  return new RedisTier({
    client,
    keys: createPageKeyspace(undefined, site),
    opTimeoutMs: CACHE_DEFAULTS.redisTimeoutMs,
    purgeOpTimeoutMs: CACHE_DEFAULTS.purgeRedisTimeoutMs,
    failureThreshold: CACHE_DEFAULTS.failureThreshold,
    openMs: CACHE_DEFAULTS.breakerOpenMs,
    logger,
    onState,
  });
}
