// Purges that could not reach Redis: kept (a bounded list; beyond it, one full soft purge stands
// for them all) and replayed, in order, when Redis answers again, on a reconnection or on a timer.
import { randomUUID } from "node:crypto";
import type { CacheLogger, PendingPurge } from "./types";
import { errorMessage } from "./support";

/** Pending purges kept for Redis while it is down; beyond this, a full soft purge replaces them. */
const MAX_PENDING_PURGES = 1000;
const REPLAY_INTERVAL_MS = 500;

export interface PurgeBacklogDeps {
  /** Applies the purge in Redis and announces it on the bus (first pass). */
  send: (purge: PendingPurge) => Promise<void>;
  /** Whether Redis answers now. */
  redisUp: () => boolean;
  /** Whether the purges have stopped. */
  closed: () => boolean;
  logger: CacheLogger;
}

export interface PurgeBacklog {
  keep(purge: PendingPurge): void;
  /** Redis is back: apply there (and announce) what was purged while it was away. */
  replay(): Promise<void>;
  readonly count: number;
  /** Stops the timer. */
  stop(): void;
}

export function createPurgeBacklog({ send, redisUp, closed, logger }: PurgeBacklogDeps): PurgeBacklog {
  const pending: PendingPurge[] = [];
  let overflow = false;
  let replayTimer: NodeJS.Timeout | undefined;
  let replaying = false;

  /**
   * Retry pending purges on a timer too: a Redis that failed a few calls without tripping the
   * breaker never goes "down", so no reconnection would ever trigger the replay.
   */
  function scheduleReplay(): void {
    if (replayTimer || closed()) return;
    replayTimer = setTimeout(() => {
      replayTimer = undefined;
      void replay().finally(() => {
        if (pending.length > 0 || overflow) scheduleReplay();
      });
    }, REPLAY_INTERVAL_MS);
    replayTimer.unref();
  }

  async function replay(): Promise<void> {
    if (replaying) return;
    replaying = true;
    try {
      await replayNow();
    } finally {
      replaying = false;
    }
  }

  async function replayNow(): Promise<void> {
    if (overflow) {
      overflow = false;
      pending.length = 0;
      pending.push({ id: randomUUID(), tags: [], all: true, mode: "soft", at: Date.now() });
    }
    while (pending.length > 0 && redisUp() && !closed()) {
      try {
        await send(pending[0]!);
        pending.shift();
      } catch (error) {
        logger.warn(
          { err: errorMessage(error), pending: pending.length },
          "replaying purges to Redis stopped; retried shortly",
        );
        return;
      }
    }
  }

  return {
    keep(purge) {
      if (pending.length >= MAX_PENDING_PURGES) {
        overflow = true;
        pending.length = 0;
      } else {
        pending.push(purge);
      }
      scheduleReplay();
    },
    replay,
    get count() {
      return pending.length;
    },
    stop: () => clearTimeout(replayTimer),
  };
}
