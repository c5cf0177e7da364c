// The fetch lock across processes: a short Redis lock (SET NX PX, kept alive while fetching) whose
// holder fetches while the others poll for its answer; a dead holder's lock expires and someone
// else takes over. Without Redis (or once it fails) the fetch goes ahead uncoordinated.
import { freshness, type CacheRecord } from "./entry";
import type { OriginCall } from "./origin-call";
import { errorMessage, sleep } from "./support";
import { RedisTimeoutError, type LocalTier, type SharedTier } from "./tier";
import type { CacheLogger, Read } from "./types";

const noop = () => undefined;

export interface FetchLockDeps {
  memory: LocalTier;
  redis: SharedTier | undefined;
  logger: CacheLogger;
  instanceId: string;
  closed: () => boolean;
  lockTtlMs: number;
  lockPollMs: number;
  /** The call to the origin, made by whoever holds the lock (or by anyone, uncoordinated). */
  callOrigin: OriginCall;
}

/** What waiting for the holder came to: its answer, or why the wait ended without one. */
type Waited = CacheRecord | "ours" | "released" | "failed" | "timeout";

/** Is this record the answer a waiter needs: fresh, and newer than the copy it started from? */
function answers(record: CacheRecord | undefined, basis: CacheRecord | undefined): record is CacheRecord {
  return !!record && freshness(record, Date.now()) === "fresh" && (!basis || record.fetchedAt > basis.fetchedAt);
}

/**
 * Polls until whoever holds the fetch lock has stored a fresh answer. "ours": the holder is this
 * request's own token (a lock request that timed out was granted after all; commands on one
 * connection run in order, so the peek sees it) — without this a lock taken late is orphaned.
 */
async function waitForHolder(
  deps: FetchLockDeps,
  key: string,
  basis: CacheRecord | undefined,
  deadline: number,
  token: string,
): Promise<Waited> {
  const { redis, lockPollMs } = deps;
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

export function createFetchLock(deps: FetchLockDeps) {
  const { memory, redis, logger, instanceId, lockTtlMs, callOrigin } = deps;
  let lockCounter = 0;

  /** Takes the lock: true when granted; undefined when Redis failed otherwise than by a late reply. */
  async function take(shared: SharedTier, key: string, token: string): Promise<boolean | undefined> {
    try {
      return await shared.tryLock(key, token, lockTtlMs);
    } catch (error) {
      // A late reply may still have granted the lock (a burst on a saturated process): waiting
      // finds out, since it recognises our own token. Any other failure: fetch uncoordinated.
      if (error instanceof RedisTimeoutError) return false;
      logger.info(
        { key, err: errorMessage(error), instanceId },
        "fetch lock unavailable; fetching without coordination",
      );
      return undefined;
    }
  }

  /**
   * The lock is ours (token): fetch from the origin, unless the answer was stored between our read
   * and our lock (double check), in which case it is served and the lock released at once.
   */
  async function fetchAsHolder<T>(
    shared: SharedTier,
    read: Read<T>,
    token: string,
    basis: CacheRecord | undefined,
    deadline: number,
    abandoned: AbortController,
  ): Promise<CacheRecord> {
    const stored = await shared.get(read.key).catch(() => undefined);
    if (answers(stored, basis)) {
      memory.set(stored);
      void shared.releaseLock(read.key, token).catch(noop);
      return stored;
    }
    return callOrigin(read, token, deadline, abandoned);
  }

  /** Across processes: take the Redis lock and fetch, or wait for whoever holds it. */
  return async function coordinate<T>(
    read: Read<T>,
    basis: CacheRecord | undefined,
    deadline: number,
    abandoned: AbortController,
  ): Promise<CacheRecord> {
    const { key } = read;
    let shared = read.useRedis ? redis : undefined;
    while (shared?.up && !deps.closed() && Date.now() < deadline) {
      const token = `${instanceId}:${++lockCounter}`;
      const acquired = await take(shared, key, token);
      if (acquired === undefined) {
        shared = undefined;
        break;
      }
      if (!acquired) {
        const waited = await waitForHolder(deps, key, basis, deadline, token);
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
      return fetchAsHolder(shared, read, token, basis, deadline, abandoned);
    }
    // The caller has had its timeout error (withDeadline); do not start a fetch nobody awaits.
    if (Date.now() >= deadline) throw new Error("deadline passed while coordinating the fetch");
    // The other ways out of the loop that still fetch say why (the rest logged already).
    if (shared && !deps.closed())
      logger.info({ key, instanceId }, "Redis breaker opened while coordinating; fetching without coordination");
    return callOrigin(read, undefined, deadline, abandoned);
  };
}
