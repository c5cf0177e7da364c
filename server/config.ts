// Configuration, read from the environment in one place (its schema: environment.ts, zod).
// A malformed value or a half-configured integration stops the start with a message naming the
// variable. `publicConfig` is the allow-list of what may reach the browser: nothing else does.
import os from "node:os";
import path from "node:path";
import type { Lang } from "../common/locale";
import type { PublicConfig } from "../common/public-config";
import { envSchema, type Env } from "./environment";

export type RedisConfig =
  | { mode: "none" }
  | { mode: "single"; url: string }
  | {
      mode: "sentinel";
      sentinels: { host: string; port: number }[];
      name: string;
      /** The data nodes' password (REDIS_PASSWORD). */
      password?: string;
      /** The Sentinels' own credentials (their `requirepass` / ACL user). */
      sentinelUsername?: string;
      sentinelPassword?: string;
      tls: boolean;
    }
  | { mode: "cluster"; nodes: { host: string; port: number }[]; password?: string; tls: boolean };

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  metricsPort: number;
  siteUrl: string;
  /** Unset: the bundled demo catalogue is served in-process (only with DEMO_CATALOGUE=true in production). */
  wpUrl: string | undefined;
  /**
   * Where the client address comes from (express "trust proxy"): false, the socket's peer; a hop
   * count; or the proxies' CIDRs. Rate limits key on that address.
   */
  trustProxy: false | number | string[];
  wpPublicUrl: string | undefined;
  wpAuth: { user: string; appPassword: string } | undefined;
  wpTimeoutMs: number;
  /** How often WordPress is probed for /readyz (WP_PROBE_INTERVAL_MS): its state is never older than this plus the probe's 5 s bound. */
  wpProbeIntervalMs: number;
  /** WordPress requests in flight at most (WP_MAX_CONCURRENCY); a bounded queue waits behind them. */
  wpMaxConcurrency: number;
  mediaUrl: string | undefined;
  /** The disk cache of /media/ (originals and renditions): its folder and byte bound. */
  mediaCache: { dir: string; maxBytes: number };
  /** Image transforms at once (MEDIA_TRANSFORMS; undefined: the container's CPU quota) and their memory budget (MEDIA_MEMORY_MB). */
  mediaTransforms: { running: number | undefined; memoryBytes: number };
  redis: RedisConfig;
  cache: {
    freshSeconds: number;
    staleSeconds: number;
    memoryMb: number;
    pageCacheMb: number;
    /** The shared page tier in Redis (PAGE_CACHE_SHARED; only with Redis and the page cache on) and its per-page bound. */
    pageCacheShared: boolean;
    pageCacheSharedMaxBytes: number;
  };
  purgeSecret: string | undefined;
  adminToken: string | undefined;
  rootRedirect: { target: string; status: number } | undefined;
  logLevel: Env["LOG_LEVEL"];
  localeCookie: { domain: string | undefined; secure: boolean };
  analytics: { gtmId: string; measurementId: string | undefined; scriptUrl: string } | undefined;
  recaptcha: { siteKey: string; secret: string; minScore: number; scriptUrl: string; verifyUrl: string } | undefined;
  newsletter: { apiUrl: string; apiKey: string; listId: string } | undefined;
  contactFormId: number | undefined;
  consentPolicyIds: { en: string | undefined; it: string | undefined };
  demoScale: number;
  /** SITE_LANGUAGES, English first; undefined: discovered from WordPress. */
  siteLanguages: Lang[] | undefined;
  cdn: {
    provider: "none" | "fastly" | "cloudflare" | "varnish";
    apiToken: string | undefined;
    fastlyServiceId: string | undefined;
    cloudflareZoneId: string | undefined;
    varnishUrls: string[] | undefined;
    apiUrl: string | undefined;
    purgeRate: number | undefined;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`));
  }
  const e = parsed.data;
  const redis = redisConfig(e);
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    metricsPort: e.METRICS_PORT,
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    wpUrl: e.WP_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    // Only for the preconnect, feed and pingback links: WP_URL is an internal address and never
    // reaches a page, so without WP_PUBLIC_URL those links are left out.
    wpPublicUrl: e.WP_PUBLIC_URL,
    wpAuth: e.WP_USER && e.WP_APP_PASSWORD ? { user: e.WP_USER, appPassword: e.WP_APP_PASSWORD } : undefined,
    wpTimeoutMs: e.WP_TIMEOUT_MS,
    wpProbeIntervalMs: e.WP_PROBE_INTERVAL_MS,
    wpMaxConcurrency: e.WP_MAX_CONCURRENCY,
    mediaUrl: e.MEDIA_URL,
    mediaCache: {
      dir: e.MEDIA_CACHE_DIR ?? path.join(os.tmpdir(), "fc-media-cache"),
      maxBytes: e.MEDIA_CACHE_MB * 1024 * 1024,
    },
    mediaTransforms: { running: e.MEDIA_TRANSFORMS, memoryBytes: e.MEDIA_MEMORY_MB * 1024 * 1024 },
    redis,
    cache: {
      freshSeconds: e.CACHE_FRESH_SECONDS,
      staleSeconds: e.CACHE_STALE_SECONDS,
      memoryMb: e.CACHE_MEMORY_MB,
      pageCacheMb: e.PAGE_CACHE_MB,
      pageCacheShared: e.PAGE_CACHE_SHARED && redis.mode !== "none" && e.PAGE_CACHE_MB > 0,
      pageCacheSharedMaxBytes: e.PAGE_CACHE_SHARED_MAX_KB * 1024,
    },
    purgeSecret: e.PURGE_SECRET,
    adminToken: e.ADMIN_TOKEN,
    rootRedirect: e.ROOT_REDIRECT_TARGET
      ? { target: e.ROOT_REDIRECT_TARGET, status: e.ROOT_REDIRECT_STATUS }
      : undefined,
    logLevel: e.LOG_LEVEL,
    localeCookie: { domain: e.LOCALE_COOKIE_DOMAIN, secure: e.LOCALE_COOKIE_SECURE },
    ...thirdParties(e),
    contactFormId: e.CONTACT_FORM_ID,
    consentPolicyIds: { en: e.CONSENT_POLICY_ID_EN, it: e.CONSENT_POLICY_ID_IT },
    demoScale: e.DEMO_SCALE,
    siteLanguages: e.SITE_LANGUAGES,
    cdn: {
      provider: e.CDN_PROVIDER,
      apiToken: e.CDN_API_TOKEN,
      fastlyServiceId: e.CDN_FASTLY_SERVICE_ID,
      cloudflareZoneId: e.CDN_CLOUDFLARE_ZONE_ID,
      varnishUrls: e.CDN_VARNISH_URLS,
      apiUrl: e.CDN_API_URL,
      purgeRate: e.CDN_PURGE_RATE,
    },
  });
}

/** Which Redis topology REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES names (the schema allows one at most). */
function redisConfig(e: Env): RedisConfig {
  return e.REDIS_URL
    ? { mode: "single", url: e.REDIS_URL }
    : e.REDIS_SENTINELS
      ? {
          mode: "sentinel",
          sentinels: e.REDIS_SENTINELS,
          name: e.REDIS_SENTINEL_NAME!,
          password: e.REDIS_PASSWORD,
          sentinelUsername: e.REDIS_SENTINEL_USERNAME,
          sentinelPassword: e.REDIS_SENTINEL_PASSWORD,
          tls: e.REDIS_TLS,
        }
      : e.REDIS_CLUSTER_NODES
        ? { mode: "cluster", nodes: e.REDIS_CLUSTER_NODES, password: e.REDIS_PASSWORD, tls: e.REDIS_TLS }
        : { mode: "none" };
}

/** The third parties the pages talk to: each is on only when all its variables are set. */
function thirdParties(e: Env): Pick<Config, "analytics" | "recaptcha" | "newsletter"> {
  return {
    analytics: e.GTM_ID
      ? { gtmId: e.GTM_ID, measurementId: e.GA_MEASUREMENT_ID, scriptUrl: e.GTM_SCRIPT_URL }
      : undefined,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? {
            siteKey: e.RECAPTCHA_SITE_KEY,
            secret: e.RECAPTCHA_SECRET,
            minScore: e.RECAPTCHA_MIN_SCORE,
            scriptUrl: e.RECAPTCHA_SCRIPT_URL,
            verifyUrl: e.RECAPTCHA_VERIFY_URL,
          }
        : undefined,
    newsletter:
      e.NEWSLETTER_API_URL && e.NEWSLETTER_API_KEY && e.NEWSLETTER_LIST_ID
        ? { apiUrl: e.NEWSLETTER_API_URL, apiKey: e.NEWSLETTER_API_KEY, listId: e.NEWSLETTER_LIST_ID }
        : undefined,
  };
}

export function publicConfig(config: Config, version: string): PublicConfig {
  return {
    siteUrl: config.siteUrl,
    wpPublicUrl: config.wpPublicUrl,
    localeCookie: config.localeCookie,
    gtmId: config.analytics?.gtmId,
    measurementId: config.analytics?.measurementId,
    gtmScriptUrl: config.analytics?.scriptUrl,
    recaptchaSiteKey: config.recaptcha?.siteKey,
    recaptchaScriptUrl: config.recaptcha?.scriptUrl ?? "https://www.google.com/recaptcha/api.js",
    consentPolicyIds: config.consentPolicyIds,
    version,
  };
}
