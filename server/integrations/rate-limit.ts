// A small per-visitor rate limiter: a fixed window of `limit` attempts per `windowMs` per key
// (the visitor's IP), in memory, bounded in keys (an LRU drops the oldest visitors first). Per
// process: with N instances a visitor gets at most N × limit, which is enough to stop a form
// being used as a relay; a shared limit would need Redis and is not worth it for these forms.
import { LRUCache } from "lru-cache";

export interface RateLimitResult {
  ok: boolean;
  /** Attempts left in the current window. */
  remaining: number;
  /** Seconds until the window resets (0 when ok). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(key: string, now?: number): RateLimitResult;
  reset(): void;
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  /** How many visitors are remembered at most. */
  maxKeys?: number;
}

export function createRateLimiter({ limit, windowMs, maxKeys = 10_000 }: RateLimitOptions): RateLimiter {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: maxKeys });
  return {
    take(key, now = Date.now()) {
      let entry = windows.get(key);
      if (!entry || now - entry.startedAt >= windowMs) {
        entry = { startedAt: now, count: 0 };
        windows.set(key, entry);
      }
      if (entry.count >= limit) {
        return { ok: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((entry.startedAt + windowMs - now) / 1000)) };
      }
      entry.count++;
      return { ok: true, remaining: limit - entry.count, retryAfterSeconds: 0 };
    },
    reset() {
      windows.clear();
    },
  };
}
