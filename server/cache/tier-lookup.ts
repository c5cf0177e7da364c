// The two-tier get: what the memory tier and Redis hold for a key, before any fetch. A fresh copy
// is an answer; otherwise the best copy found (stale, or none) goes on to the read path's choice
// between serving stale and fetching (read-path.ts).
//
// The memory tier is only as current as the purges it hears: while Redis answers but the bus is
// not listening, Redis (where every purge lands) decides; when Redis is gone, memory does.
import { freshness, type CacheRecord } from "./entry";
import { errorMessage } from "./support";
import { RedisTimeoutError, type LocalTier, type SharedTier } from "./tier";
import type { CacheLogger, CacheObserver } from "./types";

export interface TierLookupDeps {
  memory: LocalTier;
  redis: SharedTier | undefined;
  bus: { readonly connected: boolean } | undefined;
  logger: CacheLogger;
  observe: CacheObserver;
  guard: (call: () => void) => void;
}

/** What the tiers hold for a key: a fresh copy and the tier that answered, or the best copy found. */
export type Lookup =
  | { fresh: CacheRecord; answer: "memory" | "redis" }
  | {
      fresh: undefined;
      /** The stale copy to answer from, if any (a dead one is as good as none). */
      best: CacheRecord | undefined;
      /** False once this read's Redis call failed. */
      useRedis: boolean;
    };

/** What the tiers hold for a key while the lookup goes on. */
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

/** Redis's copy, when it adds to memory's: a copy no newer than memory's is a miss, not a stale hit. */
async function lookupShared(deps: TierLookupDeps, shared: SharedTier, key: string, found: Found): Promise<void> {
  const { memory, logger, observe, guard } = deps;
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

/** Memory first (when it can be trusted), then Redis; a copy another request fetched meanwhile last. */
export async function lookupTiers(deps: TierLookupDeps, key: string): Promise<Lookup> {
  const { memory, redis, bus, observe, guard } = deps;
  const memoryTrusted = !redis || !bus || bus.connected || !redis.up;
  const inMemory = memory.get(key);
  const memoryState = inMemory ? freshness(inMemory, Date.now()) : "dead";
  guard(() => observe.lookup("memory", memoryState === "fresh" ? "hit" : memoryState === "stale" ? "stale" : "miss"));
  if (inMemory && memoryState === "fresh" && memoryTrusted) return { fresh: inMemory, answer: "memory" };
  const found: Found = { inMemory, best: memoryTrusted ? inMemory : undefined, useRedis: redis?.up ?? false };
  if (redis && found.useRedis) await lookupShared(deps, redis, key, found);
  const { best } = found;
  if (best && freshness(best, Date.now()) === "fresh")
    return { fresh: best, answer: best === inMemory ? "memory" : "redis" };
  // Another request of this process may have completed a fetch while we asked Redis.
  const latest = memory.peek(key);
  if (latest && latest !== inMemory && latest !== best && freshness(latest, Date.now()) === "fresh")
    return { fresh: latest, answer: "memory" };
  return { fresh: undefined, best, useRedis: found.useRedis };
}
