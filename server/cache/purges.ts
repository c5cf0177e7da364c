// Purging: what a purge does here (local-purges.ts: memory tier, fetches under way, listeners such
// as the page cache), in Redis and, through the bus, on every other instance; repeated after the
// bus deadline for answers that were in flight; then the CDN (cdn-handoff.ts). Purges that could
// not reach Redis are kept and replayed when it answers again (purge-backlog.ts). The ledger of
// purges seen (purge-ledger.ts) lets the read path judge an answer that was under way when a purge
// arrived.
import { randomUUID } from "node:crypto";
import { encodePurgeMessage, type PurgeMessage } from "./bus";
import { createCdnHandoff } from "./cdn-handoff";
import type { CacheRecord } from "./entry";
import type { Keyspace } from "./keys";
import { createLocalPurges } from "./local-purges";
import { createPurgeBacklog } from "./purge-backlog";
import { createPurgeLedger } from "./purge-ledger";
import type { LocalTier, SharedTier } from "./tier";
import type { CacheLogger, CdnPurger, PendingPurge, PurgeListener, PurgeMode } from "./types";
import { errorMessage, sleep } from "./support";

export interface PurgeDeps {
  memory: LocalTier;
  /** Fetches under way by key: a purge that concerns one makes later requests fetch anew. */
  inflight: Map<string, { tags: readonly string[] }>;
  /** Redis writes under way: a purge waits for them, so it cannot overtake one. */
  writes: Set<Promise<void>>;
  /** The Redis tier, once built (it reports its state changes to the purges). */
  redis: () => SharedTier | undefined;
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

/** A purge's pass in Redis and its announcement on the bus. */
function redisPasses(redis: () => SharedTier | undefined, keys: Keyspace, instanceId: string) {
  return {
    async apply(purge: PendingPurge, before: number): Promise<number> {
      const tier = redis();
      if (!tier) return 0;
      return purge.all ? tier.purgeAll(purge.mode, before) : tier.purgeTags(purge.tags, purge.mode, before);
    },
    async publish(purge: PendingPurge, pass: 1 | 2): Promise<void> {
      const tier = redis();
      if (!tier) return;
      const message: PurgeMessage = {
        v: 1,
        from: instanceId,
        id: purge.id,
        tags: purge.tags,
        all: purge.all,
        mode: purge.mode,
        at: purge.at,
        pass,
      };
      await tier.publish(keys.channel, encodePurgeMessage(message));
    },
  };
}

/** What the follow-up of a purge works with: the same local purges, Redis passes and CDN handoff. */
interface FollowUpParts {
  local: ReturnType<typeof createLocalPurges>;
  passes: ReturnType<typeof redisPasses>;
  redis: () => SharedTier | undefined;
  cdn: ReturnType<typeof createCdnHandoff>;
  logger: CacheLogger;
}

/**
 * After the bus deadline every instance has applied the purge. Answers fetched before the purge
 * but stored after its first pass are caught by a repeat limited to fetches started at or before
 * it; only then the CDN is purged, so it cannot re-fetch an old page from a pod that had not heard
 * (here, unless a purger that schedules took it at receipt: it sends it from that same moment on).
 */
async function followUpPurge(parts: FollowUpParts, purge: PendingPurge, sendCdn: boolean): Promise<void> {
  const { local, passes, redis, cdn, logger } = parts;
  local.apply({
    tags: purge.tags,
    all: purge.all,
    mode: purge.mode,
    before: purge.at,
    at: purge.at,
    source: "local",
  });
  if (redis()?.up) {
    try {
      await passes.apply(purge, purge.at);
      await passes.publish(purge, 2);
    } catch (error) {
      logger.debug({ err: errorMessage(error) }, "repeat purge pass could not reach Redis");
    }
  }
  if (sendCdn) await cdn.send(purge);
}

export function createPurges(deps: PurgeDeps): Purges {
  const { writes, redis, logger, busDeadlineMs } = deps;
  // A fetch cannot outlive the hard timeout, so older purges can judge nothing any more.
  const ledger = createPurgeLedger(deps.hardTimeoutMs + busDeadlineMs);
  const local = createLocalPurges({ memory: deps.memory, inflight: deps.inflight, ledger, logger });
  const passes = redisPasses(redis, deps.keys, deps.instanceId);
  const cdn = createCdnHandoff(deps.cdnPurger, busDeadlineMs, logger);
  const followUps = new Set<Promise<void>>();
  let closed = false;
  const backlog = createPurgeBacklog({
    send: async (purge) => {
      await passes.apply(purge, Infinity);
      await passes.publish(purge, 1);
    },
    redisUp: () => redis()?.up ?? false,
    closed: () => closed,
    logger,
  });

  async function runPurge(purge: PendingPurge): Promise<number> {
    let count = local.apply({ tags: purge.tags, all: purge.all, mode: purge.mode, at: purge.at, source: "local" });
    // Kept before the webhook answers; sent once the bus deadline has passed.
    const cdnScheduled = cdn.schedule(purge);
    if (redis()) {
      try {
        await Promise.allSettled([...writes]);
        count = await passes.apply(purge, Infinity);
        await passes.publish(purge, 1);
      } catch (error) {
        logger.warn(
          { err: errorMessage(error), tags: purge.tags.length, all: purge.all },
          "purge could not reach Redis; kept for when it returns",
        );
        backlog.keep(purge);
      }
    }
    const scheduled = await cdnScheduled;
    const followUp = sleep(busDeadlineMs).then(() =>
      followUpPurge({ local, passes, redis, cdn, logger }, purge, !scheduled),
    );
    followUps.add(followUp);
    void followUp.finally(() => followUps.delete(followUp));
    return count;
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
    applyMessage: (message) => void (closed || local.applyMessage(message)),
    resync: (reason) => void (closed || local.resync(reason)),
    replayPending: () => backlog.replay(),
    judge: (record) => ledger.judge(record),
    onPurge: (listener) => local.onPurge(listener),
    get pendingCount() {
      return backlog.count;
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      await Promise.allSettled([...followUps]);
      closed = true;
      backlog.stop();
      local.clearListeners();
    },
  };
}
