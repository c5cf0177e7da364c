// Which webhook deliveries were purged already. The plugin puts its delivery id (a uuid, the same
// for every retry of one delivery) in the signed body; a delivery seen within the replay window is
// answered without purging again, so neither a retry after a lost answer nor a captured request
// replayed within its 300 s can purge twice (a captured `all` would otherwise empty every cache
// again and again).
//
// With Redis the ids are shared by every instance (`SET fc:webhook:delivery:{<id>} NX EX`: one key
// per delivery, so a Cluster is fine); a Redis that fails or is slower than 250 ms falls back to
// this process's memory, which always records the ids too. Without Redis, memory only (bounded).
import { LRUCache } from "lru-cache";
import type { RedisLike } from "../cache/clients";
import { within } from "../runtime/deadline";

/**
 * How long an id is remembered: twice the signature window, since a signed request stays valid
 * from 300 s before its timestamp (a clock ahead) to 300 s after.
 */
export const DELIVERY_MEMORY_SECONDS = 600;
const REDIS_TIMEOUT_MS = 250;
const redisWithin = <T>(promise: Promise<T>) => within(promise, REDIS_TIMEOUT_MS, "Redis");
const MEMORY_MAX_IDS = 50_000;

export interface DeliveryLedger {
  /** True for the first arrival of `id` in the window (it is now claimed); false for a repeat. */
  claim(id: string): Promise<boolean>;
  /** Forgets a claimed id whose purge failed, so the plugin's retry is purged after all. */
  release(id: string): Promise<void>;
}

export interface DeliveryLedgerOptions {
  redis?: RedisLike;
  /** Redis failed and memory decided (logged by the caller). */
  onRedisError?(error: unknown): void;
}

function keyOf(id: string): string {
  return `fc:webhook:delivery:{${id}}`;
}

export function createDeliveryLedger(options: DeliveryLedgerOptions = {}): DeliveryLedger {
  const seen = new LRUCache<string, true>({ max: MEMORY_MAX_IDS, ttl: DELIVERY_MEMORY_SECONDS * 1000 });
  const { redis } = options;

  return {
    async claim(id) {
      const inMemory = seen.has(id);
      seen.set(id, true);
      if (!redis) return !inMemory;
      try {
        const answer = await redisWithin(redis.set(keyOf(id), "1", "EX", DELIVERY_MEMORY_SECONDS, "NX"));
        return answer === "OK" && !inMemory;
      } catch (error) {
        options.onRedisError?.(error);
        return !inMemory;
      }
    },
    async release(id) {
      seen.delete(id);
      if (!redis) return;
      try {
        await redisWithin(redis.del(keyOf(id)));
      } catch (error) {
        options.onRedisError?.(error);
      }
    },
  };
}
