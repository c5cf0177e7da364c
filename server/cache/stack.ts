// The CacheStack: what sits under the ContentService's `cached()` seam (server/content/cached.ts).
// memory LRU → Redis → WordPress (the `fetch` callback), with the habits of nginx/Varnish/Fastly:
//
// - fresh: served. Stale (time passed): served at once, and ONE background revalidation.
// - soft-purged (stale because content changed): the request revalidates synchronously, up to the
//   soft timeout, so the very next view shows the new content; the stale copy only if WordPress
//   fails or is slower than that.
// - miss: one origin call however many requests wait: an in-flight map within the process, a
//   short Redis lock (SET NX PX, kept alive while fetching) across processes; the others poll for
//   the winner's answer. A dead holder's lock expires and someone else fetches.
// - errors: never cached (Hydrogen's rule), except not-found answers, kept briefly under the
//   "notFound" policy and thrown again, fresh, each time; the fetch's owner says which errors are
//   not-found answers (`errors`, server/cache/origin-errors.ts). With a stale copy, an error or
//   a timeout serves the stale copy (stale-if-error). A hard timeout ends in an error, never a hang.
// - purges (docs/interfaces.md "Purge semantics"): applied here, in Redis, and through the bus on every other
//   instance; repeated after the bus deadline for answers that were in flight; then the CDN.
//
// Redis is an optimisation, never a dependency: when it is down or slow the memory tier and
// WordPress answer, and when it comes back the memory tier is dropped (purges were missed).
//
// This file is the read path over the tiers; the miss path (in-flight map, lock, deadlines) is
// origin-fetch.ts, purging is purges.ts, the vocabulary types.ts and options.ts.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Cluster } from "ioredis";
import type { Cached, CacheEntry, CacheLogger, CacheObserver, CachePolicyName, CacheStack, ReadAnswer } from "./types";
import { CACHE_DEFAULTS, type CacheStackOptions } from "./options";
import { PurgeBus } from "./bus";
import { createPurges } from "./purges";
import { createOriginFetch, type Inflight, type Read } from "./origin-fetch";
import type { RedisLike } from "./clients";
import { freshness, isSoftPurged, serve, type CacheRecord } from "./entry";
import { DEFAULT_KEY_PREFIX, createKeyspace } from "./keys";
import { MemoryTier } from "./memory-tier";
import { RedisTier, RedisTimeoutError } from "./redis-tier";
import { Turns } from "../runtime/turns";
import { errorMessage } from "./support";

export type { CacheLogger, CacheObserver, CacheStack, CacheStats, CdnPurger, LookupResult, LookupTier, PurgeEvent, PurgeListener, PurgeMode, ReadAnswer } from "./types";
export { CACHE_DEFAULTS, type CacheStackOptions } from "./options";

/** The signal of a fetch that nothing abandons. */
const NEVER_ABORTED = new AbortController().signal;

const noop = () => undefined;
/** Set while a fetch runs: the cache reads it makes are its own (see deliver). */
const insideFetch = new AsyncLocalStorage<true>();
const silentLogger: CacheLogger = { debug: noop, info: noop, warn: noop, error: noop };
const silentObserver: CacheObserver = { lookup: noop, redisState: noop };
/** Pending purges kept for Redis while it is down; beyond this, a full soft purge replaces them. */

/** The bus connection when none is given: like the command client, but it may queue its SUBSCRIBE until connected. */
function duplicateForBus(client: RedisLike): RedisLike {
  return client instanceof Cluster
    ? client.duplicate(undefined, { enableOfflineQueue: true })
    : client.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
}

export function createCacheStack(options: CacheStackOptions): CacheStack {
  const policies = options.policies;
  const errors = options.errors;
  const softTimeoutMs = options.softTimeoutMs ?? CACHE_DEFAULTS.softTimeoutMs;
  const hardTimeoutMs = options.hardTimeoutMs ?? CACHE_DEFAULTS.hardTimeoutMs;
  const lockTtlMs = options.lockTtlMs ?? CACHE_DEFAULTS.lockTtlMs;
  const busDeadlineMs = options.busDeadlineMs ?? CACHE_DEFAULTS.busDeadlineMs;
  const lockPollMs = options.lockPollMs ?? CACHE_DEFAULTS.lockPollMs;
  const errorBackoffMs = options.errorBackoffMs ?? CACHE_DEFAULTS.errorBackoffMs;
  const instanceId = options.instanceId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const logger = options.logger ?? silentLogger;
  const observe = options.observe ?? silentObserver;
  const keys = createKeyspace(options.keyPrefix ?? DEFAULT_KEY_PREFIX);

  const memory = new MemoryTier(options.memoryBytes);
  const inflight = new Map<string, Inflight>();
  const followerTurns = new Turns(1);
  const backoffUntil = new Map<string, number>();
  /** Redis writes under way (callers do not wait for them); a purge waits, so it cannot overtake one. */
  const writes = new Set<Promise<void>>();
  let closed = false;

  const safeObserve = (call: () => void) => {
    try {
      call();
    } catch (error) {
      logger.warn({ err: errorMessage(error) }, "cache observer threw");
    }
  };

  // ——— Redis, the bus and the purges ———

  const purges = createPurges({
    memory,
    inflight,
    writes,
    redis: () => redis,
    keys,
    instanceId,
    logger,
    hardTimeoutMs,
    busDeadlineMs,
    cdnPurger: options.cdnPurger,
  });

  const redisClient = options.redis;
  const subscriber = redisClient ? (options.subscriber ?? duplicateForBus(redisClient)) : undefined;

  const redis = redisClient
    ? new RedisTier({
        client: redisClient,
        keys,
        opTimeoutMs: options.redisTimeoutMs ?? CACHE_DEFAULTS.redisTimeoutMs,
        purgeOpTimeoutMs: Math.max(options.redisTimeoutMs ?? 0, CACHE_DEFAULTS.purgeRedisTimeoutMs),
        failureThreshold: options.breaker?.failureThreshold ?? CACHE_DEFAULTS.failureThreshold,
        openMs: options.breaker?.openMs ?? CACHE_DEFAULTS.breakerOpenMs,
        logger,
        onState: (up, previous) => {
          safeObserve(() => observe.redisState(up));
          if (up) logger.info({ instanceId }, "Redis cache tier up");
          else logger.warn({ instanceId }, "Redis cache tier down: serving from memory and WordPress");
          if (up && previous === false) {
            purges.resync("redis reconnected");
            void purges.replayPending();
          }
        },
      })
    : undefined;

  const bus = subscriber
    ? new PurgeBus({
        subscriber,
        channel: keys.channel,
        instanceId,
        logger,
        onMessage: (message) => purges.applyMessage(message),
        onResync: () => purges.resync("purge bus resubscribed"),
      })
    : undefined;
  bus?.start();

  // ——— reading ———

  const { refresh } = createOriginFetch({
    memory,
    redis,
    purges,
    policies,
    errors,
    logger,
    instanceId,
    inflight,
    writes,
    backoffUntil,
    insideFetch,
    closed: () => closed,
    hardTimeoutMs,
    lockTtlMs,
    lockPollMs,
    errorBackoffMs,
  });

  /**
   * Answers read while a fetch builds another answer are its ingredients, not what the caller
   * receives: only the outer answer (with its own tags) is reported as served. Otherwise (bench,
   * 10,000 distinct product pages) a product's fetch reads the whole product index (every
   * product's slug) and every freshly fetched product page is tagged with every product — 10,000
   * tags per page held by the page cache's index, 800 MB of heap, and any product edit purging
   * every such page.
   */
  const deliver = <T>(record: CacheRecord): T => {
    if (observe.served && !insideFetch.getStore()) safeObserve(() => observe.served!({ tags: record.tags, policy: record.policy, freshSeconds: policies[record.policy].freshSeconds }));
    return serve<T>(record, errors);
  };

  /** What answered this read (wp_cache_reads_total): once per read. */
  const answered = (answer: ReadAnswer) => safeObserve(() => observe.read?.(answer));

  const cached: Cached = async <T>(
    key: string,
    tags: readonly string[],
    policy: CachePolicyName,
    fetch: (entry: CacheEntry) => Promise<T>,
  ): Promise<T> => {
    if (closed) {
      answered("origin");
      return fetch({ tag: noop, policy: noop, signal: NEVER_ABORTED });
    }

    // The memory tier is only as current as the purges it hears: while Redis answers but the bus
    // is not listening, Redis (where every purge lands) decides; when Redis is gone, memory does.
    const memoryTrusted = !redis || !bus || bus.connected || !redis.up;
    const inMemory = memory.get(key);
    const memoryState = inMemory ? freshness(inMemory, Date.now()) : "dead";
    safeObserve(() => observe.lookup("memory", memoryState === "fresh" ? "hit" : memoryState === "stale" ? "stale" : "miss"));
    if (inMemory && memoryState === "fresh" && memoryTrusted) {
      answered("memory");
      return deliver<T>(inMemory);
    }

    let best = memoryTrusted ? inMemory : undefined;
    let useRedis = redis?.up ?? false;
    if (redis && useRedis) {
      let shared: CacheRecord | undefined;
      try {
        shared = await redis.get(key);
      } catch (error) {
        // Counted by the breaker. A late reply while the breaker still trusts Redis (a burst on a
        // saturated process) is read as a miss and the fetch still goes through the lock: skipping
        // it made every such request fetch for itself. Any other failure: this request does not
        // touch Redis again (no lock either), and the memory copy is all there is.
        logger.debug({ key, err: errorMessage(error) }, "Redis read failed; answering without it");
        useRedis = error instanceof RedisTimeoutError && redis.up;
        best = inMemory;
      }
      // Redis's result is what it adds to the read: a copy no newer than memory's (this
      // instance's own write, stale in both) is a miss, not a stale hit.
      const state = shared ? freshness(shared, Date.now()) : "dead";
      const used = shared !== undefined && state !== "dead" && newerView(shared, best);
      if (useRedis) safeObserve(() => observe.lookup("redis", !used ? "miss" : state === "fresh" ? "hit" : "stale"));
      if (used) {
        memory.set(shared!);
        best = shared;
      }
    }
    if (best && freshness(best, Date.now()) === "fresh") {
      answered(best === inMemory ? "memory" : "redis");
      return deliver<T>(best);
    }

    // Another request of this process may have completed a fetch while we asked Redis.
    const latest = memory.peek(key);
    if (latest && latest !== inMemory && latest !== best && freshness(latest, Date.now()) === "fresh") {
      answered("memory");
      return deliver<T>(latest);
    }

    const read: Read<T> = { key, tags, policy, fetch, useRedis };
    if (!best || freshness(best, Date.now()) === "dead") {
      answered("origin");
      return deliver<T>(await inTurn(refresh(read, undefined)));
    }
    const stale = best;
    const backingOff = (backoffUntil.get(key) ?? 0) > Date.now();
    if (isSoftPurged(stale) && !backingOff) {
      const answer = await inTurn(revalidateWithin(read, stale));
      answered(answer === stale ? "stale" : "origin");
      return deliver<T>(answer);
    }
    if (!backingOff) {
      refresh(read, stale).catch((error: unknown) => {
        logger.warn({ key, err: errorMessage(error) }, "background revalidation failed; serving stale");
      });
    }
    answered("stale");
    return deliver<T>(stale);
  };

  /**
   * Requests that waited on one fetch go on one task at a time (server/runtime/turns.ts): hundreds
   * of them would otherwise all render in the same pass and stall the process. Taken after the
   * answer (and after the soft timeout's race), so time in the queue never turns a fresh answer
   * into a stale one.
   */
  function inTurn<R>(answer: Promise<R>): Promise<R> {
    return answer.finally(() => followerTurns.forThisTask());
  }

  /**
   * Whether the Redis copy should replace the memory copy: a later answer wins; for the same answer
   * (same fetch), the view that knows of more purges wins (a purge may have reached memory before
   * this instance's own write reached Redis, or Redis before the bus message reached memory).
   */
  function newerView(shared: CacheRecord, local: CacheRecord | undefined): boolean {
    if (!local) return true;
    if (shared.fetchedAt !== local.fetchedAt) return shared.fetchedAt > local.fetchedAt;
    return shared.freshUntil < local.freshUntil;
  }

  /** Soft-purged: wait for the new answer up to the soft timeout, else (or on error) the stale copy. */
  async function revalidateWithin<T>(read: Read<T>, stale: CacheRecord): Promise<CacheRecord> {
    const { key } = read;
    const revalidation = refresh(read, stale);
    let timer: NodeJS.Timeout | undefined;
    const soft = new Promise<"soft">((resolve) => {
      timer = setTimeout(() => resolve("soft"), softTimeoutMs);
    });
    try {
      const outcome = await Promise.race([revalidation, soft]);
      if (outcome !== "soft") return outcome;
      revalidation.catch((error: unknown) => logger.warn({ key, err: errorMessage(error) }, "revalidation after soft timeout failed"));
      logger.info({ key, softTimeoutMs }, "revalidation slower than the soft timeout; serving stale, updating in background");
      return stale;
    } catch (error) {
      logger.warn({ key, err: errorMessage(error) }, "revalidation failed; serving stale (stale-if-error)");
      return stale;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    cached,

    purge: (tags, { mode }) => purges.purge(tags, mode),
    purgeAll: ({ mode = "hard" } = {}) => purges.purgeAll(mode),
    onPurge: (listener) => purges.onPurge(listener),

    stats() {
      return {
        instanceId,
        redis: redis ? (redis.up ? "up" : "down") : "disabled",
        breaker: redis ? redis.breakerState : "none",
        bus: bus ? (bus.connected ? "subscribed" : "disconnected") : "disabled",
        memory: memory.stats(),
        inflight: inflight.size,
        pendingPurges: purges.pendingCount,
      };
    },

    async close() {
      if (closed) return;
      await purges.close();
      closed = true;
      await bus?.close();
      redis?.close();
      subscriber?.disconnect();
      redisClient?.disconnect();
    },
  };
}
