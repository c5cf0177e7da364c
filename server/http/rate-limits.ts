// Per-client rate limits (forms, browser error reports, failed webhook signatures and purge-API
// tokens, uncached search and shared-list renders, signed previews) through rate-limiter-flexible. The client is express's `req.ip`, which reads
// X-Forwarded-For only as far as TRUST_PROXY says (server/http/site.ts), so behind the ingress
// every visitor has a bucket of their own and no visitor can pick their address. An IPv6 client
// counts by its /64 (clientBucket): its addresses inside it are free to change.
//
// With Redis configured the counts live there (`fc:rl:<limit>:<client>`, one key per operation, so
// a Cluster is fine), and a limit holds across pods; a Redis that fails or is slower than
// 250 ms falls back to a count in this process's memory, so a Redis outage never turns
// into 5xx answers or unlimited posting. Without Redis, memory only.
import ipaddr from "ipaddr.js";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RedisLike } from "../cache/clients";

export interface LimitSpec {
  /** Attempts per window. */
  points: number;
  windowSeconds: number;
}

/** The limits docs/integrations.md states ("Rate limits"; forms: 5 posts per 10 minutes per visitor). */
export const RATE_LIMITS = {
  newsletter: { points: 5, windowSeconds: 600 },
  contact: { points: 5, windowSeconds: 600 },
  clientErrors: { points: 20, windowSeconds: 60 },
  /** Failed signatures per sender; a valid signature is never limited. */
  webhookFailures: { points: 60, windowSeconds: 60 },
  /** Wrong purge-API tokens per sender; the right token is never limited. */
  purgeFailures: { points: 60, windowSeconds: 60 },
  /** Searches rendered per visitor (a search the page cache has answers without counting). */
  searchRenders: { points: 30, windowSeconds: 60 },
  /** Shared wishlists and the contact form's lists rendered per visitor (from the page cache: not counted). */
  savedLists: { points: 30, windowSeconds: 60 },
  /** Signed previews rendered per visitor (a link that fails its signature never counts: it is refused first). */
  previews: { points: 30, windowSeconds: 60 },
} as const satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof RATE_LIMITS;

export type LimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface ClientLimiter {
  /** Counts one attempt of `client`; refused once the window's attempts are spent. */
  take(client: string): Promise<LimitResult>;
}

export type RateLimits = Record<LimitName, ClientLimiter>;

/** How long a limit waits for Redis before counting in memory instead. */
const REDIS_TIMEOUT_MS = 250;

export interface RateLimitsOptions {
  /** The cache's command connection; undefined: memory only. */
  redis?: RedisLike;
  /** Override the limits (tests). */
  limits?: Partial<Record<LimitName, LimitSpec>>;
}

function limiterFor(
  name: LimitName,
  spec: LimitSpec,
  redis: RedisLike | undefined,
): RateLimiterAbstract | RLWrapperTimeouts {
  const memory = new RateLimiterMemory({
    keyPrefix: `fc:rl:${name}`,
    points: spec.points,
    duration: spec.windowSeconds,
  });
  if (!redis) return memory;
  const shared = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `fc:rl:${name}`,
    points: spec.points,
    duration: spec.windowSeconds,
    // Fail over at once while disconnected (the connection has no offline queue).
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
  return new RLWrapperTimeouts({ limiter: shared, timeoutMs: REDIS_TIMEOUT_MS, insuranceLimiter: memory });
}

/**
 * The bucket a client address counts in: an IPv4 address on its own (an IPv4-mapped IPv6 address
 * is its IPv4 address), an IPv6 address by its /64 — one subscriber's network, inside which an
 * address costs nothing to change (`2001:db8:1:2::/64`). Anything else (a test's name) as it is.
 */
export function clientBucket(client: string): string {
  if (!ipaddr.isValid(client)) return client;
  const address = ipaddr.parse(client);
  if (address.kind() === "ipv4") return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(parts).toString()}/64`;
}

export function createRateLimits(options: RateLimitsOptions = {}): RateLimits {
  const entries = (Object.keys(RATE_LIMITS) as LimitName[]).map((name) => {
    const spec = options.limits?.[name] ?? RATE_LIMITS[name];
    const limiter = limiterFor(name, spec, options.redis);
    const take = async (client: string): Promise<LimitResult> => {
      try {
        const res = await limiter.consume(clientBucket(client) || "unknown");
        return { ok: true, remaining: res.remainingPoints };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        // Both stores failed (cannot happen with the memory insurance): let the attempt through
        // rather than answer a visitor with an error the site made.
        return { ok: true, remaining: 0 };
      }
    };
    return [name, { take }] as const;
  });
  return Object.fromEntries(entries) as RateLimits;
}
