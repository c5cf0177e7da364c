// CDN purge adapters (docs/cdn.md). After a purge has reached every instance, the cache stack
// hands its tags to the CdnPurger (server/cache/stack.ts `cdnPurger`), which purges the same tags
// at the edge: Fastly by Surrogate-Key, Cloudflare by Cache-Tag, a self-hosted Varnish by xkey.
// Off unless a provider is set.
// Concurrent purges are merged into batches the provider accepts, paced under its rate limit,
// and retried on 429/5xx; a purge's promise settles once all its tags were sent (or rejects
// with a CdnPurgeError naming what went wrong).
//
// Environment (proposed for server/config.ts; the Helm chart already sets them):
//   CDN_PROVIDER            none (default) | fastly | cloudflare | varnish
//   CDN_API_TOKEN           secret: Fastly API token (purge_select, purge_all), Cloudflare API token (Zone.Cache Purge), or the Varnish purge token (docker/varnish)
//   CDN_FASTLY_SERVICE_ID   required with fastly
//   CDN_CLOUDFLARE_ZONE_ID  required with cloudflare
//   CDN_VARNISH_URLS        required with varnish: every Varnish's base URL, comma-separated (each one is purged)
//   CDN_API_URL             optional: the API base (tests, proxies); default the provider's
//   CDN_PURGE_RATE          optional: purge calls per second (default 10 for Fastly, 4 for Cloudflare)
import { cloudflareTransport, CLOUDFLARE_MAX_TAGS } from "./cloudflare";
import { fastlyTransport, FASTLY_MAX_KEYS } from "./fastly";
import { PurgeQueue, type PurgeQueueOptions, type PurgeTransport } from "./queue";
import { varnishTransport, VARNISH_MAX_KEYS } from "./varnish";

export { CdnPurgeError, type CdnPurgeErrorCode } from "./errors";
export { CLOUDFLARE_API_URL, CLOUDFLARE_MAX_TAGS } from "./cloudflare";
export { FASTLY_API_URL, FASTLY_MAX_KEYS } from "./fastly";
export { VARNISH_MAX_KEYS } from "./varnish";

/**
 * How a purge treats what the edge holds. `soft` (the site's `update`): the objects expire but
 * stay in grace, so the edge may serve them once more while it fetches the new page, and keeps
 * serving them while the origin fails. `hard` (a `delete`, and the default): gone.
 * Honoured by Varnish (xkey.softpurge) and by Fastly when `soft` is configured; Cloudflare has no
 * soft purge.
 */
export interface CdnPurgeOptions {
  soft?: boolean;
}

/** Structurally the `CdnPurger` of server/cache/stack.ts. */
export interface CdnPurger {
  purge(tags: string[], options?: CdnPurgeOptions): Promise<void>;
  purgeAll(options?: CdnPurgeOptions): Promise<void>;
}

export type CdnProvider = "none" | "fastly" | "cloudflare" | "varnish";

export const CDN_PROVIDERS: readonly CdnProvider[] = ["none", "fastly", "cloudflare", "varnish"];

export interface CdnPurgerOptions {
  provider: CdnProvider;
  /** CDN_API_TOKEN. */
  apiToken?: string;
  /** CDN_FASTLY_SERVICE_ID. */
  fastlyServiceId?: string;
  /** CDN_CLOUDFLARE_ZONE_ID. */
  cloudflareZoneId?: string;
  /** CDN_VARNISH_URLS: every Varnish to purge (base URLs). */
  varnishUrls?: readonly string[];
  /** CDN_API_URL: Fastly's `https://api.fastly.com`, Cloudflare's `https://api.cloudflare.com/client/v4` by default. */
  apiUrl?: string;
  /** CDN_PURGE_RATE: purge calls per second. */
  requestsPerSecond?: number;
  /** Calls that may go out at once before the rate applies. */
  burst?: number;
  /** Tags per call; capped at the provider's maximum (Fastly 256, Cloudflare 100). */
  batchSize?: number;
  /** Fastly only: soft purge (mark stale) instead of evicting. Default false: the next visitor gets the new page. */
  soft?: boolean;
  /** Tries per call, the first included (default 4). */
  maxAttempts?: number;
  /** First retry delay, doubled each time (default 500 ms). */
  retryBaseMs?: number;
  /** Longest Retry-After honoured (default 10 s). */
  maxRetryAfterMs?: number;
  /** Per call (default 8 s), never past the budget. */
  timeoutMs?: number;
  /** A call and all its retries end within this (default 20 s: inside a terminating pod's 25 s). */
  budgetMs?: number;
  fetch?: typeof fetch;
  /** Each purge call's outcome, for `cdn_purge_requests_total{provider,result}`. */
  onRequest?(provider: CdnProvider, result: "ok" | "error" | "retried"): void;
}

export const CDN_DEFAULTS = Object.freeze({
  fastly: { batchSize: FASTLY_MAX_KEYS, requestsPerSecond: 10, burst: 10 },
  // Pro and Business allow 5 and 10 purge calls a second per account (bucket 25 / 50); Free 5 a
  // minute: set CDN_PURGE_RATE=0.08 there.
  cloudflare: { batchSize: CLOUDFLARE_MAX_TAGS, requestsPerSecond: 4, burst: 20 },
  // Our own Varnish: no provider limit; the pace only keeps a purge storm from queueing up on it.
  varnish: { batchSize: VARNISH_MAX_KEYS, requestsPerSecond: 50, burst: 50 },
  maxAttempts: 4,
  retryBaseMs: 500,
  // Retry-After beyond this is not waited for: the budget would not allow it anyway.
  maxRetryAfterMs: 10_000,
  timeoutMs: 8_000,
  // The pod is force-exited 25 s after SIGTERM: a purge in its hands is settled before that.
  budgetMs: 20_000,
});

/** Tags both providers accept: printable ASCII, no spaces or commas (the header separators), at most 1024 characters. */
const VALID_TAG = /^[\x21-\x2b\x2d-\x7e]{1,1024}$/;

export class CdnConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = "CdnConfigError";
  }
}

/** The purger for the configured provider, or undefined when the CDN is not purged (`none`). */
export function createCdnPurger(options: CdnPurgerOptions): CdnPurger | undefined {
  if (options.provider === "none") return undefined;
  const apiToken = options.apiToken;
  if (!apiToken) throw new CdnConfigError("CDN_API_TOKEN", `is required when CDN_PROVIDER is ${options.provider}`);
  const rate = options.requestsPerSecond;
  if (rate !== undefined && !(rate > 0))
    throw new CdnConfigError("CDN_PURGE_RATE", "must be a positive number of calls per second");
  const queueOptions = (
    defaults: { batchSize: number; requestsPerSecond: number; burst: number },
    maxBatch: number,
  ): PurgeQueueOptions => ({
    batchSize: Math.max(1, Math.min(options.batchSize ?? defaults.batchSize, maxBatch)),
    requestsPerSecond: rate ?? defaults.requestsPerSecond,
    burst: Math.max(1, options.burst ?? defaults.burst),
    maxAttempts: Math.max(1, options.maxAttempts ?? CDN_DEFAULTS.maxAttempts),
    retryBaseMs: options.retryBaseMs ?? CDN_DEFAULTS.retryBaseMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? CDN_DEFAULTS.maxRetryAfterMs,
    timeoutMs: options.timeoutMs ?? CDN_DEFAULTS.timeoutMs,
    budgetMs: options.budgetMs ?? CDN_DEFAULTS.budgetMs,
    fetch: options.fetch ?? globalThis.fetch,
    observe: options.onRequest ? (result) => options.onRequest!(options.provider, result) : undefined,
  });
  const valid = (tags: string[]) => tags.filter((tag) => typeof tag === "string" && VALID_TAG.test(tag));

  if (options.provider === "varnish") {
    const urls = [...new Set(options.varnishUrls ?? [])];
    if (urls.length === 0) throw new CdnConfigError("CDN_VARNISH_URLS", "is required when CDN_PROVIDER is varnish");
    for (const url of urls) {
      if (!/^https?:\/\/[^/?#\s]+\/?$/.test(url))
        throw new CdnConfigError("CDN_VARNISH_URLS", `${url} is not a base URL (http://host:port)`);
    }
    // Two queues per Varnish (hard, soft): a batch is one PURGE of one kind. Every Varnish gets
    // every purge; a purge settles when all of them have it (or rejects with the first failure).
    const opts = queueOptions(CDN_DEFAULTS.varnish, VARNISH_MAX_KEYS);
    const edges = urls.map((url) => ({
      hard: new PurgeQueue(varnishTransport({ url, apiToken, soft: false }), opts),
      soft: new PurgeQueue(varnishTransport({ url, apiToken, soft: true }), opts),
    }));
    const everywhere = async (each: (edge: (typeof edges)[number]) => Promise<void>) => {
      const results = await Promise.allSettled(edges.map(each));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) throw failed.reason;
    };
    return {
      purge: (tags, purgeOptions) => {
        const kept = valid(tags);
        return everywhere((edge) => (purgeOptions?.soft ? edge.soft : edge.hard).purge(kept));
      },
      // A full purge is always hard at the edge (a ban): there is no soft ban.
      purgeAll: () => everywhere((edge) => edge.hard.purgeAll()),
    };
  }

  let transport: PurgeTransport;
  let defaults: { batchSize: number; requestsPerSecond: number; burst: number };
  let maxBatch: number;
  if (options.provider === "fastly") {
    if (!options.fastlyServiceId)
      throw new CdnConfigError("CDN_FASTLY_SERVICE_ID", "is required when CDN_PROVIDER is fastly");
    transport = fastlyTransport({
      apiToken,
      serviceId: options.fastlyServiceId,
      apiUrl: options.apiUrl,
      soft: options.soft,
    });
    defaults = CDN_DEFAULTS.fastly;
    maxBatch = FASTLY_MAX_KEYS;
  } else if (options.provider === "cloudflare") {
    if (!options.cloudflareZoneId)
      throw new CdnConfigError("CDN_CLOUDFLARE_ZONE_ID", "is required when CDN_PROVIDER is cloudflare");
    transport = cloudflareTransport({ apiToken, zoneId: options.cloudflareZoneId, apiUrl: options.apiUrl });
    defaults = CDN_DEFAULTS.cloudflare;
    maxBatch = CLOUDFLARE_MAX_TAGS;
  } else {
    throw new CdnConfigError("CDN_PROVIDER", `must be one of ${CDN_PROVIDERS.join(", ")}`);
  }
  const queue = new PurgeQueue(transport, queueOptions(defaults, maxBatch));
  return {
    purge: (tags) => queue.purge(valid(tags)),
    purgeAll: () => queue.purgeAll(),
  };
}
