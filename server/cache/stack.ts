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
// interfaces), the read path (read-path.ts, over the two-tier get of tier-lookup.ts), the miss
// path (origin-fetch.ts: in-flight map, fetch lock, deadlines), purging (purges.ts); the
// vocabulary is types.ts and options.ts.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { CacheLogger, CacheObserver, CacheStack, CacheStats } from "./types";
import { CACHE_DEFAULTS, type CacheStackOptions } from "./options";
import { createPurges, type Purges } from "./purges";
import { createOriginFetch, type Inflight } from "./origin-fetch";
import { createReadPath } from "./read-path";
import { DEFAULT_KEY_PREFIX, createKeyspace, type Keyspace } from "./keys";
import { createLocalTier, createSharedTiers, type SharedTiers } from "./tiers";
import type { LocalTier } from "./tier";
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

/** What every part of one stack shares: its identity, its voice, its memory and its bookkeeping. */
interface StackCore {
  options: CacheStackOptions;
  instanceId: string;
  logger: CacheLogger;
  observe: CacheObserver;
  guard: (call: () => void) => void;
  keys: Keyspace;
  hardTimeoutMs: number;
  memory: LocalTier;
  /** Fetches under way by key. */
  inflight: Map<string, Inflight>;
  /** After a failed revalidation, when each key may be fetched again. */
  backoffUntil: Map<string, number>;
  /** Redis writes under way (callers do not wait for them); a purge waits, so it cannot overtake one. */
  writes: Set<Promise<void>>;
  closed: () => boolean;
}

function createCore(options: CacheStackOptions, closed: () => boolean): StackCore {
  const logger = options.logger ?? silentLogger;
  return {
    options,
    instanceId: options.instanceId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    logger,
    observe: options.observe ?? silentObserver,
    guard: guardObserver(logger),
    keys: createKeyspace(options.keyPrefix ?? DEFAULT_KEY_PREFIX),
    hardTimeoutMs: options.hardTimeoutMs ?? CACHE_DEFAULTS.hardTimeoutMs,
    memory: createLocalTier(options.memoryBytes),
    inflight: new Map(),
    backoffUntil: new Map(),
    writes: new Set(),
    closed,
  };
}

/** The purges and the shared tiers, which tell each other of purges and of Redis's changes. */
function createPurgesAndTiers(core: StackCore): { purges: Purges; shared: SharedTiers } {
  const { options, memory, inflight, writes, keys, instanceId, logger, observe, guard, hardTimeoutMs } = core;
  const purges = createPurges({
    memory,
    inflight,
    writes,
    redis: () => shared.redis,
    keys,
    instanceId,
    logger,
    hardTimeoutMs,
    busDeadlineMs: options.busDeadlineMs ?? CACHE_DEFAULTS.busDeadlineMs,
    cdnPurger: options.cdnPurger,
  });
  const shared: SharedTiers = createSharedTiers(options, { keys, instanceId, logger, observe, guard, purges });
  return { purges, shared };
}

/** The read path over the tiers, with the origin fetcher behind it for misses and revalidations. */
function createReads(core: StackCore, purges: Purges, shared: SharedTiers) {
  const { options, memory, logger, backoffUntil, closed } = core;
  const { policies, errors } = options;
  const { redis, bus } = shared;
  const { refresh } = createOriginFetch({
    memory,
    redis,
    purges,
    policies,
    errors,
    logger,
    instanceId: core.instanceId,
    inflight: core.inflight,
    writes: core.writes,
    backoffUntil,
    insideFetch,
    hardTimeoutMs: core.hardTimeoutMs,
    closed,
    lockTtlMs: options.lockTtlMs ?? CACHE_DEFAULTS.lockTtlMs,
    lockPollMs: options.lockPollMs ?? CACHE_DEFAULTS.lockPollMs,
    errorBackoffMs: options.errorBackoffMs ?? CACHE_DEFAULTS.errorBackoffMs,
  });
  return createReadPath({
    memory,
    redis,
    bus,
    policies,
    errors,
    logger,
    observe: core.observe,
    guard: core.guard,
    refresh,
    backoffUntil,
    insideFetch,
    followerTurns: new Turns(1),
    softTimeoutMs: options.softTimeoutMs ?? CACHE_DEFAULTS.softTimeoutMs,
    closed,
  });
}

function stackStats(core: StackCore, purges: Purges, { redis, bus }: SharedTiers): CacheStats {
  return {
    instanceId: core.instanceId,
    redis: redis ? (redis.up ? "up" : "down") : "disabled",
    breaker: redis ? redis.breakerState : "none",
    bus: bus ? (bus.connected ? "subscribed" : "disconnected") : "disabled",
    memory: core.memory.stats(),
    inflight: core.inflight.size,
    pendingPurges: purges.pendingCount,
  };
}

export function createCacheStack(options: CacheStackOptions): CacheStack {
  let closed = false;
  const core = createCore(options, () => closed);
  const { purges, shared } = createPurgesAndTiers(core);
  return {
    cached: createReads(core, purges, shared),

    purge: (tags, { mode }) => purges.purge(tags, mode),
    purgeAll: ({ mode = "hard" } = {}) => purges.purgeAll(mode),
    onPurge: (listener) => purges.onPurge(listener),
    stats: () => stackStats(core, purges, shared),

    async close() {
      if (closed) return;
      await purges.close();
      closed = true;
      await shared.close();
    },
  };
}
