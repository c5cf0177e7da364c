// The read path over the tiers, with the habits of nginx/Varnish/Fastly:
//
// - fresh: served. Stale (time passed): served at once, and ONE background revalidation.
// - soft-purged: revalidated within the soft timeout (revalidation.ts).
// - miss (or dead): the origin fetcher (origin-fetch.ts), one fetch however many requests wait.
// - after a failed revalidation the key backs off: its stale copy is served without retrying.
//
// The memory tier is only as current as the purges it hears: while Redis answers but the bus is
// not listening, Redis (where every purge lands) decides; when Redis is gone, memory does.
import type { AsyncLocalStorage } from "node:async_hooks";
import { freshness, isSoftPurged, serve, type CacheRecord } from "./entry";
import type { OriginErrors } from "./origin-errors";
import type { CachePolicies } from "./policies";
import { RedisTimeoutError } from "./redis-tier";
import { revalidateWithin } from "./revalidation";
import { errorMessage } from "./support";
import type { LocalTier, SharedTier } from "./tier";
import type { Cached, CacheEntry, CacheLogger, CachePolicyName, CacheObserver, Read, ReadAnswer } from "./types";
import type { Turns } from "../runtime/turns";

const noop = () => undefined;
/** The signal of a fetch that nothing abandons. */
const NEVER_ABORTED = new AbortController().signal;

export interface ReadPathDeps {
  memory: LocalTier;
  redis: SharedTier | undefined;
  bus: { readonly connected: boolean } | undefined;
  policies: CachePolicies;
  errors: OriginErrors;
  logger: CacheLogger;
  observe: CacheObserver;
  guard: (call: () => void) => void;
  refresh: <T>(read: Read<T>, basis: CacheRecord | undefined) => Promise<CacheRecord>;
  /** After a failed revalidation, when each key may be fetched again. */
  backoffUntil: Map<string, number>;
  /** Set while a fetch runs: the cache reads it makes are its own (see deliver). */
  insideFetch: AsyncLocalStorage<true>;
  /** Requests that waited on one fetch go on one task at a time (see inTurn). */
  followerTurns: Turns;
  softTimeoutMs: number;
  closed: () => boolean;
}

/** What the tiers hold for a key: the copy to answer from, if any. */
interface Found {
  inMemory: CacheRecord | undefined;
  best: CacheRecord | undefined;
  /** False once this read's Redis call failed. */
  useRedis: boolean;
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

export function createReadPath(deps: ReadPathDeps): Cached {
  const { memory, redis, bus, policies, errors, logger, observe, guard, refresh, backoffUntil, insideFetch } = deps;

  /**
   * Answers read while a fetch builds another answer are its ingredients, not what the caller
   * receives: only the outer answer (with its own tags) is reported as served. Otherwise (bench,
   * 10,000 distinct product pages) a product's fetch reads the whole product index (every
   * product's slug) and every freshly fetched product page is tagged with every product — 10,000
   * tags per page held by the page cache's index, 800 MB of heap, and any product edit purging
   * every such page.
   */
  const deliver = <T>(record: CacheRecord): T => {
    if (observe.served && !insideFetch.getStore())
      guard(() =>
        observe.served!({
          tags: record.tags,
          policy: record.policy,
          freshSeconds: policies[record.policy].freshSeconds,
        }),
      );
    return serve<T>(record, errors);
  };

  /** What answered this read (wp_cache_reads_total): once per read. */
  const answered = (answer: ReadAnswer) => guard(() => observe.read?.(answer));

  /**
   * Requests that waited on one fetch go on one task at a time (server/runtime/turns.ts): hundreds
   * of them would otherwise all render in the same pass and stall the process. Taken after the
   * answer (and after the soft timeout's race), so time in the queue never turns a fresh answer
   * into a stale one.
   */
  const inTurn = <R>(answer: Promise<R>): Promise<R> => answer.finally(() => deps.followerTurns.forThisTask());

  /** Redis's copy, when it adds to memory's: a copy no newer than memory's is a miss, not a stale hit. */
  async function lookupShared(shared: SharedTier, key: string, found: Found): Promise<void> {
    let record: CacheRecord | undefined;
    try {
      record = await shared.get(key);
    } catch (error) {
      // Counted by the breaker. A late reply while the breaker still trusts Redis (a burst on a
      // saturated process) is read as a miss and the fetch still goes through the lock: skipping
      // it made every such request fetch for itself. Any other failure: this request does not
      // touch Redis again (no lock either), and the memory copy is all there is.
      logger.debug({ key, err: errorMessage(error) }, "Redis read failed; answering without it");
      found.useRedis = error instanceof RedisTimeoutError && shared.up;
      found.best = found.inMemory;
    }
    const state = record ? freshness(record, Date.now()) : "dead";
    const used = record !== undefined && state !== "dead" && newerView(record, found.best);
    if (found.useRedis) guard(() => observe.lookup("redis", !used ? "miss" : state === "fresh" ? "hit" : "stale"));
    if (used) {
      memory.set(record!);
      found.best = record;
    }
  }

  /** The stale copy's fate: revalidated within the soft timeout when soft-purged, else served while one refresh runs. */
  async function answerStale<T>(read: Read<T>, stale: CacheRecord): Promise<T> {
    const backingOff = (backoffUntil.get(read.key) ?? 0) > Date.now();
    if (isSoftPurged(stale) && !backingOff) {
      const answer = await inTurn(revalidateWithin(refresh, read, stale, deps.softTimeoutMs, logger));
      answered(answer === stale ? "stale" : "origin");
      return deliver<T>(answer);
    }
    if (!backingOff) {
      refresh(read, stale).catch((error: unknown) => {
        logger.warn({ key: read.key, err: errorMessage(error) }, "background revalidation failed; serving stale");
      });
    }
    answered("stale");
    return deliver<T>(stale);
  }

  return async function cached<T>(
    key: string,
    tags: readonly string[],
    policy: CachePolicyName,
    fetch: (entry: CacheEntry) => Promise<T>,
  ): Promise<T> {
    if (deps.closed()) {
      answered("origin");
      return fetch({ tag: noop, policy: noop, signal: NEVER_ABORTED });
    }
    const memoryTrusted = !redis || !bus || bus.connected || !redis.up;
    const inMemory = memory.get(key);
    const memoryState = inMemory ? freshness(inMemory, Date.now()) : "dead";
    guard(() => observe.lookup("memory", memoryState === "fresh" ? "hit" : memoryState === "stale" ? "stale" : "miss"));
    if (inMemory && memoryState === "fresh" && memoryTrusted) {
      answered("memory");
      return deliver<T>(inMemory);
    }
    const found: Found = { inMemory, best: memoryTrusted ? inMemory : undefined, useRedis: redis?.up ?? false };
    if (redis && found.useRedis) await lookupShared(redis, key, found);
    const { best } = found;
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
    const read: Read<T> = { key, tags, policy, fetch, useRedis: found.useRedis };
    if (!best || freshness(best, Date.now()) === "dead") {
      answered("origin");
      return deliver<T>(await inTurn(refresh(read, undefined)));
    }
    return answerStale(read, best);
  };
}
