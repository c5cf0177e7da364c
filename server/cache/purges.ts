// Purging: what a purge does here (memory tier, fetches under way, listeners such as the page
// cache), in Redis and, through the bus, on every other instance; repeated after the bus deadline
// for answers that were in flight; then the CDN. Purges that could not reach Redis are kept and
// replayed when it answers again. The ledger of purges seen lets the read path judge an answer
// that was under way when a purge arrived.
import { randomUUID } from "node:crypto";
import { encodePurgeMessage, type PurgeMessage } from "./bus";
import type { PurgeMode } from "./types";
import type { CacheRecord } from "./entry";
import type { Keyspace } from "./keys";
import type { MemoryTier } from "./memory-tier";
import type { RedisTier } from "./redis-tier";
import type { CacheLogger, CdnPurger, PurgeEvent, PurgeListener } from "./types";
import { errorMessage, sleep } from "./support";

const MAX_PENDING_PURGES = 1000;
const REPLAY_INTERVAL_MS = 500;

/** A purge as this instance saw it arrive, to judge the answers of fetches that were under way. */
interface SeenPurge {
  receivedAt: number;
  tags: ReadonlySet<string> | null;
  mode: PurgeMode;
}

interface PendingPurge {
  id: string;
  tags: string[];
  all: boolean;
  mode: PurgeMode;
  at: number;
}

export interface PurgeDeps {
  memory: MemoryTier;
  /** Fetches under way by key: a purge that concerns one makes later requests fetch anew. */
  inflight: Map<string, { tags: readonly string[] }>;
  /** Redis writes under way: a purge waits for them, so it cannot overtake one. */
  writes: Set<Promise<void>>;
  /** The Redis tier, once built (it reports its state changes to the purges). */
  redis: () => RedisTier | undefined;
  keys: Keyspace;
  instanceId: string;
  logger: CacheLogger;
  hardTimeoutMs: number;
  busDeadlineMs: number;
  cdnPurger?: CdnPurger;
}

export interface Purges {
  purge(tags: readonly string[], mode: PurgeMode): Promise<number>;
  purgeAll(mode: PurgeMode): Promise<number>;
  /** A purge another instance announced on the bus. */
  applyMessage(message: PurgeMessage): void;
  /** Purges were missed (Redis or the bus was away): drop the memory tier and tell the listeners. */
  resync(reason: string): void;
  /** Redis is back: apply there (and announce) what was purged while it was away. */
  replayPending(): Promise<void>;
  /** What the purges seen since an answer was fetched make of it. */
  judge(record: CacheRecord): "keep" | "stale" | "drop";
  onPurge(listener: PurgeListener): () => void;
  readonly pendingCount: number;
  readonly closed: boolean;
  /** Waits for the follow-ups under way (repeat pass, CDN), then stops. */
  close(): Promise<void>;
}

export function createPurges(deps: PurgeDeps): Purges {
  const { memory, inflight, writes, redis, keys, instanceId, logger, hardTimeoutMs, busDeadlineMs, cdnPurger } = deps;
  const seenPurges: SeenPurge[] = [];
  const listeners = new Set<PurgeListener>();
  const pending: PendingPurge[] = [];
  let pendingOverflow = false;
  let replayTimer: NodeJS.Timeout | undefined;
  let replaying = false;
  const followUps = new Set<Promise<void>>();
  let closed = false;

  function judge(record: CacheRecord): "keep" | "stale" | "drop" {
    let verdict: "keep" | "stale" = "keep";
    for (const seen of seenPurges) {
      if (seen.receivedAt < record.fetchedAt) continue;
      if (seen.tags !== null && !record.tags.some((tag) => seen.tags!.has(tag))) continue;
      if (seen.mode === "hard") return "drop";
      verdict = "stale";
    }
    return verdict;
  }


  function notify(event: PurgeEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: errorMessage(error) }, "purge listener threw");
      }
    }
  }

  /** Memory tier, fetches under way, listeners. Returns how many memory entries changed. */
  function applyLocally(event: PurgeEvent): number {
    const now = Date.now();
    const tagSet = event.all ? null : new Set(event.tags);
    if (event.before === undefined) {
      seenPurges.push({ receivedAt: now, tags: tagSet, mode: event.mode });
      // A fetch cannot outlive the hard timeout, so older purges can judge nothing any more.
      while (seenPurges.length > 0 && seenPurges[0]!.receivedAt < now - hardTimeoutMs - busDeadlineMs) seenPurges.shift();
      // Fetches under way that this purge concerns: later requests start their own instead of
      // joining an answer that may predate the purge.
      for (const [key, running] of inflight) {
        if (tagSet === null || running.tags.some((tag) => tagSet.has(tag))) inflight.delete(key);
      }
    }
    const changed = event.all ? memory.purgeAll(event.mode, event.before) : memory.purgeTags(event.tags, event.mode, event.before);
    notify(event);
    return changed;
  }

  function applyMessage(message: PurgeMessage): void {
    if (closed) return;
    logger.debug({ id: message.id, from: message.from, pass: message.pass, tags: message.tags.length, all: message.all }, "purge from the bus");
    applyLocally({
      tags: message.tags,
      all: message.all,
      mode: message.mode,
      before: message.pass === 2 ? message.at : undefined,
      at: message.at,
      source: "bus",
    });
  }

  /** Purges were missed (Redis or the bus was away): drop the memory tier and tell the page cache. */
  function resync(reason: string): void {
    if (closed) return;
    const dropped = memory.stats().entries;
    memory.clear();
    logger.warn({ reason, dropped }, "memory cache tier dropped");
    notify({ tags: [], all: true, mode: "hard", source: "reconnect" });
  }

  async function redisPass(purge: PendingPurge, before: number): Promise<number> {
    const tier = redis();
    if (!tier) return 0;
    return purge.all ? tier.purgeAll(purge.mode, before) : tier.purgeTags(purge.tags, purge.mode, before);
  }

  async function publish(purge: PendingPurge, pass: 1 | 2): Promise<void> {
    const tier = redis();
    if (!tier) return;
    const message: PurgeMessage = { v: 1, from: instanceId, id: purge.id, tags: purge.tags, all: purge.all, mode: purge.mode, at: purge.at, pass };
    await tier.publish(keys.channel, encodePurgeMessage(message));
  }

  function keepForLater(purge: PendingPurge): void {
    if (pending.length >= MAX_PENDING_PURGES) {
      pendingOverflow = true;
      pending.length = 0;
    } else {
      pending.push(purge);
    }
    scheduleReplay();
  }

  /**
   * Retry pending purges on a timer too: a Redis that failed a few calls without tripping the
   * breaker never goes "down", so no reconnection would ever trigger the replay.
   */
  function scheduleReplay(): void {
    if (replayTimer || closed) return;
    replayTimer = setTimeout(() => {
      replayTimer = undefined;
      void replayPending().finally(() => {
        if (pending.length > 0 || pendingOverflow) scheduleReplay();
      });
    }, REPLAY_INTERVAL_MS);
    replayTimer.unref();
  }

  /** Redis is back: apply there (and announce) what was purged while it was away. */
  async function replayPending(): Promise<void> {
    if (replaying) return;
    replaying = true;
    try {
      await replayPendingNow();
    } finally {
      replaying = false;
    }
  }

  async function replayPendingNow(): Promise<void> {
    if (pendingOverflow) {
      pendingOverflow = false;
      pending.length = 0;
      pending.push({ id: randomUUID(), tags: [], all: true, mode: "soft", at: Date.now() });
    }
    while (pending.length > 0 && redis()?.up && !closed) {
      const purge = pending[0]!;
      try {
        await redisPass(purge, Infinity);
        await publish(purge, 1);
        pending.shift();
      } catch (error) {
        logger.warn({ err: errorMessage(error), pending: pending.length }, "replaying purges to Redis stopped; retried shortly");
        return;
      }
    }
  }

  /**
   * Hands the CDN purge over at receipt, due after the bus deadline, to a purger that keeps it
   * (the outbox): a pod killed before then does not lose it. Resolves false when there is none.
   */
  async function scheduleCdn(purge: PendingPurge): Promise<boolean> {
    if (!cdnPurger?.schedule || (purge.all && !cdnPurger.purgeAll)) return false;
    try {
      await cdnPurger.schedule({ tags: purge.tags, all: purge.all, soft: purge.mode === "soft", notBefore: purge.at + busDeadlineMs });
    } catch (error) {
      logger.error({ err: errorMessage(error), tags: purge.tags.slice(0, 20), all: purge.all }, "CDN purge failed");
    }
    return true;
  }

  async function runPurge(purge: PendingPurge): Promise<number> {
    let count = applyLocally({ tags: purge.tags, all: purge.all, mode: purge.mode, at: purge.at, source: "local" });
    // Kept before the webhook answers; sent once the bus deadline has passed.
    const cdnScheduled = scheduleCdn(purge);
    if (redis()) {
      try {
        await Promise.allSettled([...writes]);
        count = await redisPass(purge, Infinity);
        await publish(purge, 1);
      } catch (error) {
        logger.warn({ err: errorMessage(error), tags: purge.tags.length, all: purge.all }, "purge could not reach Redis; kept for when it returns");
        keepForLater(purge);
      }
    }
    const scheduled = await cdnScheduled;
    const followUp = sleep(busDeadlineMs).then(() => followUpPurge(purge, !scheduled));
    followUps.add(followUp);
    void followUp.finally(() => followUps.delete(followUp));
    return count;
  }

  /**
   * After the bus deadline every instance has applied the purge. Answers fetched before the purge
   * but stored after its first pass are caught by a repeat limited to fetches started at or before
   * it; only then the CDN is purged, so it cannot re-fetch an old page from a pod that had not heard
   * (here, unless a purger that schedules took it at receipt: it sends it from that same moment on).
   */
  async function followUpPurge(purge: PendingPurge, sendCdn: boolean): Promise<void> {
    applyLocally({ tags: purge.tags, all: purge.all, mode: purge.mode, before: purge.at, at: purge.at, source: "local" });
    if (redis()?.up) {
      try {
        await redisPass(purge, purge.at);
        await publish(purge, 2);
      } catch (error) {
        logger.debug({ err: errorMessage(error) }, "repeat purge pass could not reach Redis");
      }
    }
    if (!cdnPurger || !sendCdn) return;
    try {
      const soft = purge.mode === "soft";
      if (purge.all) await cdnPurger.purgeAll?.({ soft });
      else await cdnPurger.purge(purge.tags, { soft });
    } catch (error) {
      logger.error({ err: errorMessage(error), tags: purge.tags.slice(0, 20), all: purge.all }, "CDN purge failed");
    }
  }

  return {
    async purge(tags, mode) {
      const unique = [...new Set(tags.filter((t) => typeof t === "string" && t.length > 0))];
      if (unique.length === 0 || closed) return 0;
      return runPurge({ id: randomUUID(), tags: unique, all: false, mode, at: Date.now() });
    },
    async purgeAll(mode) {
      if (closed) return 0;
      return runPurge({ id: randomUUID(), tags: [], all: true, mode, at: Date.now() });
    },
    applyMessage,
    resync,
    replayPending,
    judge,
    onPurge(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get pendingCount() {
      return pending.length;
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      await Promise.allSettled([...followUps]);
      closed = true;
      clearTimeout(replayTimer);
      listeners.clear();
    },
  };
}
