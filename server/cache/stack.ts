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
// This file composes the stack: the tiers (tiers.ts builds them; the rest sees only tier.ts's
// interfaces), the read path (read-path.ts), the miss path (origin-fetch.ts: in-flight map, fetch
// lock, deadlines), purging (purges.ts); the vocabulary is types.ts and options.ts.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { CacheLogger, CacheObserver, CacheStack } from "./types";
import { CACHE_DEFAULTS, type CacheStackOptions } from "./options";
import { createPurges } from "./purges";
import { createOriginFetch, type Inflight } from "./origin-fetch";
import { createReadPath } from "./read-path";
import { DEFAULT_KEY_PREFIX, createKeyspace } from "./keys";
import { createLocalTier, createSharedTiers, type SharedTiers } from "./tiers";
import { Turns } from "../runtime/turns";
import { guardObserver } from "./support";

export type {
  CacheLogger,
  CacheObserver,
  CacheStack,
  CacheStats,
  CdnPurger,
  LookupResult,
  LookupTier,
  PurgeEvent,
  PurgeListener,
  PurgeMode,
  ReadAnswer,
} from "./types";
export { CACHE_DEFAULTS, type CacheStackOptions } from "./options";

const noop = () => undefined;
/** Set while a fetch runs: the cache reads it makes are its own (see read-path.ts, deliver). */
const insideFetch = new AsyncLocalStorage<true>();
const silentLogger: CacheLogger = { debug: noop, info: noop, warn: noop, error: noop };
const silentObserver: CacheObserver = { lookup: noop, redisState: noop };

export function createCacheStack(options: CacheStackOptions): CacheStack {
  const { policies, errors } = options;
  const hardTimeoutMs = options.hardTimeoutMs ?? CACHE_DEFAULTS.hardTimeoutMs;
  const instanceId = options.instanceId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const logger = options.logger ?? silentLogger;
  const observe = options.observe ?? silentObserver;
  const guard = guardObserver(logger);
  const keys = createKeyspace(options.keyPrefix ?? DEFAULT_KEY_PREFIX);

  const memory = createLocalTier(options.memoryBytes);
  const inflight = new Map<string, Inflight>();
  const backoffUntil = new Map<string, number>();
  /** Redis writes under way (callers do not wait for them); a purge waits, so it cannot overtake one. */
  const writes = new Set<Promise<void>>();
  let closed = false;

  const busDeadlineMs = options.busDeadlineMs ?? CACHE_DEFAULTS.busDeadlineMs;
  const purges = createPurges({
    memory,
    inflight,
    writes,
    redis: () => shared.redis,
    keys,
    instanceId,
    logger,
    hardTimeoutMs,
    busDeadlineMs,
    cdnPurger: options.cdnPurger,
  });
  const shared: SharedTiers = createSharedTiers(options, { keys, instanceId, logger, observe, guard, purges });
  const { redis, bus } = shared;

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
    hardTimeoutMs,
    closed: () => closed,
    lockTtlMs: options.lockTtlMs ?? CACHE_DEFAULTS.lockTtlMs,
    lockPollMs: options.lockPollMs ?? CACHE_DEFAULTS.lockPollMs,
    errorBackoffMs: options.errorBackoffMs ?? CACHE_DEFAULTS.errorBackoffMs,
  });
  const cached = createReadPath({
    memory,
    redis,
    bus,
    policies,
    errors,
    logger,
    observe,
    guard,
    refresh,
    backoffUntil,
    insideFetch,
    followerTurns: new Turns(1),
    softTimeoutMs: options.softTimeoutMs ?? CACHE_DEFAULTS.softTimeoutMs,
    closed: () => closed,
  });

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
      await shared.close();
    },
  };
}
