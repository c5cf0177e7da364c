// The origin fetcher: one fetch per key however many requests wait. Within the process an
// in-flight map; across processes a short Redis lock (SET NX PX, kept alive while fetching) whose
// holder fetches while the others poll for its answer; a dead holder's lock expires and someone
// else takes over. Every fetch ends by its deadline (the cache's hard timeout), and a fetch nobody
// waits for any more is aborted. An answer that a purge overtook is dropped or stored stale.
import type { AsyncLocalStorage } from "node:async_hooks";
import { buildRecord, freshness, type BuiltRecord, type CacheRecord } from "./entry";
import type { MemoryTier } from "./memory-tier";
import type { OriginErrors } from "./origin-errors";
import type { CachePolicies } from "./policies";
import type { Purges } from "./purges";
import { RedisTimeoutError, type RedisTier } from "./redis-tier";
import { errorMessage, sleep } from "./support";
import type { CacheEntry, CacheLogger, CachePolicyName } from "./types";

const noop = () => undefined;
const MAX_BACKOFF_KEYS = 10_000;

/** One caller's read, handed along the read path: what to fetch, and whether Redis may be used. */
export interface Read<T> {
  key: string;
  tags: readonly string[];
  policy: CachePolicyName;
  fetch: (entry: CacheEntry) => Promise<T>;
  /** False once this read's Redis call failed: it does not touch Redis again (no lock either). */
  useRedis: boolean;
}

export interface Inflight {
  promise: Promise<CacheRecord>;
  tags: readonly string[];
}

export interface OriginFetchDeps {
  memory: MemoryTier;
  redis: RedisTier | undefined;
  purges: Pick<Purges, "judge">;
  policies: CachePolicies;
  errors: OriginErrors;
  logger: CacheLogger;
  instanceId: string;
  /** Fetches under way by key (the purges drop those a purge concerns). */
  inflight: Map<string, Inflight>;
  /** Redis writes under way (the purges wait for them). */
  writes: Set<Promise<void>>;
  /** After a failed fetch, when each key may be fetched again (stale copies are served meanwhile). */
  backoffUntil: Map<string, number>;
  /** Set while a fetch runs: the cache reads it makes are its own. */
  insideFetch: AsyncLocalStorage<true>;
  closed: () => boolean;
  hardTimeoutMs: number;
  lockTtlMs: number;
  lockPollMs: number;
  errorBackoffMs: number;
}

export function createOriginFetch(deps: OriginFetchDeps): { refresh<T>(read: Read<T>, basis: CacheRecord | undefined): Promise<CacheRecord> } {
  const { memory, redis, purges, policies, errors, logger, instanceId, inflight, writes, backoffUntil, insideFetch, hardTimeoutMs, lockTtlMs, lockPollMs, errorBackoffMs } = deps;
  let lockCounter = 0;

  /** One revalidation or fetch per key in this process; callers share its promise. */
  function refresh<T>(read: Read<T>, basis: CacheRecord | undefined): Promise<CacheRecord> {
    const { key } = read;
    const running = inflight.get(key);
    if (running) return running.promise;
    const deadline = Date.now() + hardTimeoutMs;
    // Aborted the moment the callers get their timeout error, before they are told: the fetch
    // (if one started) stops, and nobody is answered while it still runs.
    const abandoned = new AbortController();
    const promise = withDeadline(coordinate(read, basis, deadline, abandoned), deadline, key, (reason) => abandoned.abort(reason));
    const current: Inflight = { promise, tags: read.tags };
    inflight.set(key, current);
    const done = () => {
      if (inflight.get(key) === current) inflight.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Is this record the answer a waiter needs: fresh, and newer than the copy it started from? */
  function answers(record: CacheRecord | undefined, basis: CacheRecord | undefined): record is CacheRecord {
    return !!record && freshness(record, Date.now()) === "fresh" && (!basis || record.fetchedAt > basis.fetchedAt);
  }

  /** Across processes: take the Redis lock and fetch, or wait for whoever holds it. */
  async function coordinate<T>(read: Read<T>, basis: CacheRecord | undefined, deadline: number, abandoned: AbortController): Promise<CacheRecord> {
    const { key } = read;
    let shared = read.useRedis ? redis : undefined;
    while (shared?.up && !deps.closed() && Date.now() < deadline) {
      const token = `${instanceId}:${++lockCounter}`;
      let acquired = false;
      try {
        acquired = await shared.tryLock(key, token, lockTtlMs);
      } catch (error) {
        // A late reply may still have granted the lock (a burst on a saturated process): waiting
        // finds out, since it recognises our own token. Any other failure: fetch uncoordinated.
        if (!(error instanceof RedisTimeoutError)) {
          logger.info({ key, err: errorMessage(error), instanceId }, "fetch lock unavailable; fetching without coordination");
          shared = undefined;
          break;
        }
      }
      if (!acquired) {
        const waited = await waitForHolder(key, basis, deadline, token);
        if (typeof waited === "object") {
          memory.set(waited);
          return waited;
        }
        // The caller has had its timeout error (withDeadline); do not start a fetch nobody awaits.
        if (waited === "timeout") throw new Error("deadline passed while waiting for another instance");
        if (waited !== "ours") {
          // Coalescing across instances ends here for this waiter: say why, it costs an origin call.
          logger.info({ key, reason: waited, instanceId }, "stopped waiting for another instance's fetch");
          if (waited === "failed") shared = undefined;
          continue; // "released": the holder failed or died without an answer; try to take over.
        }
      }
      // Double check: the answer may have been stored between our read and our lock.
      const stored = await shared.get(key).catch(() => undefined);
      if (answers(stored, basis)) {
        memory.set(stored);
        void shared.releaseLock(key, token).catch(noop);
        return stored;
      }
      return fetchAndStore(read, token, deadline, abandoned);
    }
    // The caller has had its timeout error (withDeadline); do not start a fetch nobody awaits.
    if (Date.now() >= deadline) throw new Error("deadline passed while coordinating the fetch");
    // The other ways out of the loop that still fetch say why (the rest logged already).
    if (shared && !deps.closed()) logger.info({ key, instanceId }, "Redis breaker opened while coordinating; fetching without coordination");
    return fetchAndStore(read, undefined, deadline, abandoned);
  }

  /**
   * Polls until whoever holds the fetch lock has stored a fresh answer. "ours": the holder is this
   * request's own token (a lock request that timed out was granted after all; commands on one
   * connection run in order, so the peek sees it) — without this a lock taken late is orphaned.
   */
  async function waitForHolder(
    key: string,
    basis: CacheRecord | undefined,
    deadline: number,
    token: string,
  ): Promise<CacheRecord | "ours" | "released" | "failed" | "timeout"> {
    let delay = lockPollMs;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return "timeout";
      await sleep(Math.min(delay, remaining));
      if (deps.closed() || !redis) return "failed";
      let peek;
      try {
        peek = await redis.peek(key);
      } catch (error) {
        // One late reply under a burst is not a failed Redis: poll again while the breaker holds.
        if (error instanceof RedisTimeoutError && redis.up) continue;
        return "failed";
      }
      if (answers(peek.record, basis)) return peek.record;
      if (peek.holder === token) return "ours";
      if (!peek.locked) return "released";
      delay = Math.min(delay * 2, lockPollMs * 4);
    }
  }

  /** `abandoned` is aborted at the deadline, by whichever of the two deadline timers fires first. */
  async function fetchAndStore<T>(read: Read<T>, lockToken: string | undefined, deadline: number, abandoned: AbortController): Promise<CacheRecord> {
    const { key, tags, policy: policyName, fetch } = read;
    const fetchedAt = Date.now();
    if (fetchedAt >= deadline) throw new Error("deadline passed before the fetch could start");
    const allTags = new Set(tags);
    let policy = policyName;
    const entry: CacheEntry = {
      signal: abandoned.signal,
      tag: (...more) => {
        for (const tag of more) if (typeof tag === "string" && tag) allTags.add(tag);
      },
      policy: (name) => {
        if (policies[name]) policy = name;
      },
    };
    // Keep the lock while WordPress is slow, so nobody else starts the same fetch.
    const heartbeat =
      lockToken && redis
        ? setInterval(() => void redis.extendLock(key, lockToken, lockTtlMs).catch(noop), Math.max(10, Math.floor(lockTtlMs / 3)))
        : undefined;
    heartbeat?.unref();
    const release = () => {
      clearInterval(heartbeat);
      if (!lockToken || !redis) return;
      redis.releaseLock(key, lockToken).then((held) => {
        // The lock ran out while we fetched: another instance may have fetched the same.
        if (!held) logger.warn({ key, instanceId, fetchMs: Date.now() - fetchedAt, lockTtlMs }, "fetch lock expired before the answer was stored");
      }, noop);
    };

    let built: BuiltRecord;
    try {
      const value = await withDeadline(insideFetch.run(true, () => Promise.resolve().then(() => fetch(entry))), deadline, key, (reason) => abandoned.abort(reason));
      built = buildRecord({ key, value, tags: allTags, policy: policies[policy] ?? policies.short, fetchedAt, storedAt: Date.now() });
    } catch (error) {
      if (errors.classify(error) === "notFound") {
        built = buildRecord({ key, notFound: errors.remember(error), tags: allTags, policy: policies.notFound, fetchedAt, storedAt: Date.now() });
      } else {
        release();
        if (backoffUntil.size > MAX_BACKOFF_KEYS) backoffUntil.clear();
        backoffUntil.set(key, Date.now() + errorBackoffMs);
        throw error;
      }
    }
    backoffUntil.delete(key);

    // Purges that arrived while this answer was on its way: it may predate them.
    const verdict = purges.judge(built.record);
    if (verdict === "drop") {
      release();
      return built.record; // the callers asked before the purge; nobody else gets it
    }
    if (verdict === "stale") built.record.freshUntil = 0;

    memory.set(built.record);
    if (redis?.up && !deps.closed()) {
      const write = redis
        .set(built.record, built.json)
        .then(noop, (error: unknown) => logger.debug({ key, err: errorMessage(error) }, "could not store in Redis"))
        .finally(() => {
          release();
          writes.delete(write);
        });
      writes.add(write);
    } else {
      release();
    }
    return built.record;
  }

  /** `promise`, or the cache's timeout error at `deadline`; `onExpire` hears that nobody waits any more. */
  function withDeadline<R>(promise: Promise<R>, deadline: number, key: string, onExpire?: (reason: unknown) => void): Promise<R> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          const reason = errors.timedOut(`no answer for ${key} within ${hardTimeoutMs} ms (cache hard timeout)`);
          onExpire?.(reason);
          reject(reason);
        },
        Math.max(0, deadline - Date.now()),
      );
    });
    // The abandoned work may still fail later: that must not become an unhandled rejection.
    promise.catch(noop);
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  return { refresh };
}
