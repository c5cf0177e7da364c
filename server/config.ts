// Configuration, read from the environment in one place and validated with zod (CONTRACT.md).
// A malformed value or a half-configured integration stops the start with a message naming the
// variable. `publicConfig` is the allow-list of what may reach the browser: nothing else does.
import { isIP } from "node:net";
import { z } from "zod";
import type { Lang } from "../common/locale";
import { parseSiteLanguages } from "./content/site-languages";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce.number().int().min(0).max(65535);
const url = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ""));
const hostList = z
  .string()
  .regex(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, "expected host:port,host:port")
  .transform((s) => s.split(",").map((hp) => {
    const [host, p] = hp.split(":");
    return { host: host!, port: Number(p) };
  }));
/**
 * TRUST_PROXY: how many proxies in front of the site may name the client in X-Forwarded-For (a
 * hop count), or which addresses may (CIDRs). Unset or 0: none, the socket's peer is the client.
 * "Trust everyone" is not expressible: any visitor could then choose their own address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const list = value.split(",").map((part) => part.trim());
    for (const part of list) {
      const [address, prefix, extra] = part.split("/");
      const family = isIP(address ?? "");
      const bits = family === 4 ? 32 : 128;
      const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
      if (!family || !prefixOk || extra !== undefined) {
        ctx.addIssue({ code: "custom", message: `must be a hop count (e.g. 1) or a comma-separated list of CIDRs (e.g. 10.0.0.0/8,fd00::/8); "${part}" is neither` });
        return z.NEVER;
      }
    }
    return list;
  });
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: port.default(3000),
    METRICS_PORT: port.default(9464),
    SITE_URL: optional(url),
    WP_URL: optional(url),
    DEMO_CATALOGUE: bool.default(false),
    WP_PUBLIC_URL: optional(url),
    WP_USER: optional(z.string().min(1)),
    WP_APP_PASSWORD: optional(z.string().min(1)),
    WP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
    MEDIA_URL: optional(url),
    REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
    REDIS_SENTINELS: optional(hostList),
    REDIS_SENTINEL_NAME: optional(z.string().min(1)),
    REDIS_CLUSTER_NODES: optional(hostList),
    REDIS_PASSWORD: optional(z.string().min(1)),
    REDIS_SENTINEL_USERNAME: optional(z.string().min(1)),
    REDIS_SENTINEL_PASSWORD: optional(z.string().min(1)),
    TRUST_PROXY: optional(trustProxy),
    REDIS_TLS: bool.default(false),
    CACHE_FRESH_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(60),
    CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
    CACHE_MEMORY_MB: z.coerce.number().min(1).max(65_536).default(64),
    PAGE_CACHE_MB: z.coerce.number().min(0).max(65_536).default(64),
    PURGE_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
    ADMIN_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
    ROOT_REDIRECT_TARGET: optional(z.string().regex(/^(\/|https?:\/\/)\S*$/, "must be a path or an http(s) URL")),
    ROOT_REDIRECT_STATUS: z.coerce
      .number()
      .int()
      .refine((s) => [301, 302, 303, 307, 308].includes(s), "must be 301, 302, 303, 307 or 308")
      .default(302),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOCALE_COOKIE_DOMAIN: optional(z.string().regex(/^\.?[a-z0-9.-]+$/i, "must be a domain name")),
    LOCALE_COOKIE_SECURE: bool.default(false),
    GTM_ID: optional(z.string().regex(/^GTM-[A-Z0-9]+$/, "must look like GTM-XXXXXXX")),
    GA_MEASUREMENT_ID: optional(z.string().regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")),
    GTM_SCRIPT_URL: url.default("https://www.googletagmanager.com/gtm.js"),
    RECAPTCHA_SITE_KEY: optional(z.string().min(1)),
    RECAPTCHA_SECRET: optional(z.string().min(1)),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    RECAPTCHA_SCRIPT_URL: url.default("https://www.google.com/recaptcha/api.js"),
    RECAPTCHA_VERIFY_URL: url.default("https://www.google.com/recaptcha/api/siteverify"),
    NEWSLETTER_API_URL: optional(url),
    NEWSLETTER_API_KEY: optional(z.string().min(1)),
    NEWSLETTER_LIST_ID: optional(z.string().min(1)),
    CONTACT_FORM_ID: optional(z.coerce.number().int().positive()),
    CONSENT_POLICY_ID_EN: optional(z.string().regex(/^\d+$/, "must be a numeric policy id")),
    CONSENT_POLICY_ID_IT: optional(z.string().regex(/^\d+$/, "must be a numeric policy id")),
    DEMO_SCALE: z.coerce.number().int().min(1).max(250).default(1),
    CDN_PROVIDER: z.enum(["none", "fastly", "cloudflare", "varnish"]).default("none"),
    CDN_API_TOKEN: optional(z.string().min(1)),
    CDN_FASTLY_SERVICE_ID: optional(z.string().min(1)),
    CDN_CLOUDFLARE_ZONE_ID: optional(z.string().min(1)),
    // Every Varnish of a self-hosted edge (docker/varnish): base URLs, each one purged.
    CDN_VARNISH_URLS: optional(
      z
        .string()
        .transform((s) => s.split(",").map((u) => u.trim()).filter(Boolean))
        .pipe(z.array(url).min(1, "expected http://host:port,http://host:port")),
    ),
    CDN_API_URL: optional(url),
    CDN_PURGE_RATE: optional(z.coerce.number().positive().max(1000)),
    // The languages served: unset, those WordPress serves (server/content/site-languages.ts).
    SITE_LANGUAGES: optional(
      z.string().transform((value, ctx) => {
        try {
          return parseSiteLanguages(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    ),
  })
  .superRefine((env, ctx) => {
    // Fail closed: the production start (the image, the chart) without WordPress would serve the
    // demo catalogue's invented company, VAT number and products as if they were real. Only an
    // explicit DEMO_CATALOGUE=true (which `npm start` sets) lets it. Development serves the demo.
    if (env.NODE_ENV === "production" && env.WP_URL === undefined && !env.DEMO_CATALOGUE) {
      ctx.addIssue({
        code: "custom",
        path: ["WP_URL"],
        message: "is required in production (NODE_ENV=production); set DEMO_CATALOGUE=true to serve the bundled demo catalogue instead",
      });
    }
    if (env.REDIS_SENTINEL_PASSWORD === undefined && env.REDIS_SENTINEL_USERNAME !== undefined) {
      ctx.addIssue({ code: "custom", path: ["REDIS_SENTINEL_PASSWORD"], message: "is required when REDIS_SENTINEL_USERNAME is set" });
    }
    if (!env.REDIS_SENTINELS) {
      for (const k of ["REDIS_SENTINEL_USERNAME", "REDIS_SENTINEL_PASSWORD"] as const) {
        if (env[k] !== undefined) ctx.addIssue({ code: "custom", path: [k], message: "is only used with REDIS_SENTINELS, which is unset" });
      }
    }
    // A key without its partner is a half-configured integration: refuse rather than half-work.
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ["WP_USER", "WP_APP_PASSWORD"],
      ["RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET"],
      ["REDIS_SENTINELS", "REDIS_SENTINEL_NAME"],
    ];
    for (const [a, b] of pairs) {
      if ((env[a] === undefined) !== (env[b] === undefined)) {
        const missing = env[a] === undefined ? a : b;
        ctx.addIssue({ code: "custom", path: [missing], message: `is required when ${missing === a ? b : a} is set` });
      }
    }
    const newsletter = ["NEWSLETTER_API_URL", "NEWSLETTER_API_KEY", "NEWSLETTER_LIST_ID"] as const;
    const set = newsletter.filter((k) => env[k] !== undefined);
    if (set.length > 0 && set.length < newsletter.length) {
      for (const k of newsletter.filter((k) => env[k] === undefined)) {
        ctx.addIssue({ code: "custom", path: [k], message: `is required when ${set.join(", ")} is set` });
      }
    }
    const redisModes = [env.REDIS_URL, env.REDIS_SENTINELS, env.REDIS_CLUSTER_NODES].filter((v) => v !== undefined);
    if (redisModes.length > 1) {
      ctx.addIssue({ code: "custom", path: ["REDIS_URL"], message: "set only one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES" });
    }
    if (env.CDN_PROVIDER !== "none" && !env.CDN_API_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["CDN_API_TOKEN"], message: `is required when CDN_PROVIDER is ${env.CDN_PROVIDER}` });
    }
    if (env.CDN_PROVIDER === "fastly" && !env.CDN_FASTLY_SERVICE_ID) {
      ctx.addIssue({ code: "custom", path: ["CDN_FASTLY_SERVICE_ID"], message: "is required when CDN_PROVIDER is fastly" });
    }
    if (env.CDN_PROVIDER === "cloudflare" && !env.CDN_CLOUDFLARE_ZONE_ID) {
      ctx.addIssue({ code: "custom", path: ["CDN_CLOUDFLARE_ZONE_ID"], message: "is required when CDN_PROVIDER is cloudflare" });
    }
    if (env.CDN_PROVIDER === "varnish" && !env.CDN_VARNISH_URLS) {
      ctx.addIssue({ code: "custom", path: ["CDN_VARNISH_URLS"], message: "is required when CDN_PROVIDER is varnish" });
    }
    // The Varnish purge token guards the edge against anyone who can reach it: as long as the
    // other purge secrets (PURGE_SECRET, ADMIN_TOKEN).
    if (env.CDN_PROVIDER === "varnish" && env.CDN_API_TOKEN && env.CDN_API_TOKEN.length < 16) {
      ctx.addIssue({ code: "custom", path: ["CDN_API_TOKEN"], message: "must be at least 16 characters with CDN_PROVIDER=varnish" });
    }
    if (env.GA_MEASUREMENT_ID && !env.GTM_ID) {
      ctx.addIssue({ code: "custom", path: ["GTM_ID"], message: "is required when GA_MEASUREMENT_ID is set" });
    }
  });

export type Env = z.infer<typeof envSchema>;

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
  mediaUrl: string | undefined;
  redis: RedisConfig;
  cache: { freshSeconds: number; staleSeconds: number; memoryMb: number; pageCacheMb: number };
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

/** What the browser may see. Everything here ends up in HTML; keep secrets out. */
export interface PublicConfig {
  siteUrl: string;
  wpPublicUrl: string | undefined;
  localeCookie: { domain: string | undefined; secure: boolean };
  gtmId: string | undefined;
  measurementId: string | undefined;
  /** The tag-manager script (`?id=` is appended); overridable for tests (GTM_SCRIPT_URL). */
  gtmScriptUrl: string | undefined;
  recaptchaSiteKey: string | undefined;
  recaptchaScriptUrl: string;
  consentPolicyIds: { en: string | undefined; it: string | undefined };
  version: string;
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
  const redis: RedisConfig = e.REDIS_URL
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
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    metricsPort: e.METRICS_PORT,
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    wpUrl: e.WP_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    wpPublicUrl: e.WP_PUBLIC_URL ?? e.WP_URL,
    wpAuth: e.WP_USER && e.WP_APP_PASSWORD ? { user: e.WP_USER, appPassword: e.WP_APP_PASSWORD } : undefined,
    wpTimeoutMs: e.WP_TIMEOUT_MS,
    mediaUrl: e.MEDIA_URL,
    redis,
    cache: {
      freshSeconds: e.CACHE_FRESH_SECONDS,
      staleSeconds: e.CACHE_STALE_SECONDS,
      memoryMb: e.CACHE_MEMORY_MB,
      pageCacheMb: e.PAGE_CACHE_MB,
    },
    purgeSecret: e.PURGE_SECRET,
    adminToken: e.ADMIN_TOKEN,
    rootRedirect: e.ROOT_REDIRECT_TARGET ? { target: e.ROOT_REDIRECT_TARGET, status: e.ROOT_REDIRECT_STATUS } : undefined,
    logLevel: e.LOG_LEVEL,
    localeCookie: { domain: e.LOCALE_COOKIE_DOMAIN, secure: e.LOCALE_COOKIE_SECURE },
    analytics: e.GTM_ID ? { gtmId: e.GTM_ID, measurementId: e.GA_MEASUREMENT_ID, scriptUrl: e.GTM_SCRIPT_URL } : undefined,
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
