// The environment the server reads: every variable, its type and default, and the combinations
// it refuses (a key without its secret, two Redis modes at once, …). config.ts turns a parsed
// environment into the Config the rest of the server uses; nothing else reads process.env.
import { isIP } from "node:net";
import { z } from "zod";
import { parseSiteLanguages } from "../common/locale";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce.number().int().min(0).max(65535);
const url = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ""));
const hostList = z
  .string()
  .regex(/^[^\s,:]+:\d+(,[^\s,:]+:\d+)*$/, "expected host:port,host:port")
  .transform((s) =>
    s.split(",").map((hp) => {
      const [host, p] = hp.split(":");
      return { host: host!, port: Number(p) };
    }),
  );
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
        ctx.addIssue({
          code: "custom",
          message: `must be a hop count (e.g. 1) or a comma-separated list of CIDRs (e.g. 10.0.0.0/8,fd00::/8); "${part}" is neither`,
        });
        return z.NEVER;
      }
    }
    return list;
  });
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const envSchema = z
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
    // How often /readyz's WordPress state is probed with no traffic (server/content/wordpress-health.ts).
    WP_PROBE_INTERVAL_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
    // WordPress requests in flight per process; four times as many may wait (server/content/wordpress-gate.ts).
    WP_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(16),
    MEDIA_URL: optional(url),
    MEDIA_CACHE_DIR: optional(z.string().regex(/^\//, "must be an absolute path")),
    MEDIA_CACHE_MB: z.coerce.number().int().min(16).max(1_048_576).default(512),
    // Image transforms at once (unset: the container's CPU quota) and the memory they may hold together (docs/capacity.md).
    MEDIA_TRANSFORMS: optional(z.coerce.number().int().min(1).max(64)),
    MEDIA_MEMORY_MB: z.coerce.number().int().min(32).max(65_536).default(192),
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
    PAGE_CACHE_SHARED: bool.default(true),
    PAGE_CACHE_SHARED_MAX_KB: z.coerce.number().int().min(1).max(65_536).default(512),
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
        .transform((s) =>
          s
            .split(",")
            .map((u) => u.trim())
            .filter(Boolean),
        )
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
    requireInProduction(env, ctx);
    checkSentinelCredentials(env, ctx);
    requirePartners(env, ctx);
    requireOneRedisTopology(env, ctx);
    checkCdn(env, ctx);
    if (env.GA_MEASUREMENT_ID && !env.GTM_ID) {
      ctx.addIssue({ code: "custom", path: ["GTM_ID"], message: "is required when GA_MEASUREMENT_ID is set" });
    }
  });

export type Env = z.infer<typeof envSchema>;

type Issues = z.RefinementCtx;

/** What production cannot start without (unless it explicitly serves the demo catalogue). */
function requireInProduction(env: Env, ctx: Issues): void {
  // Fail closed: the production start (the image, the chart) without WordPress would serve the
  // demo catalogue's invented company, VAT number and products as if they were real. Only an
  // explicit DEMO_CATALOGUE=true (which `npm start` sets) lets it. Development serves the demo.
  if (env.NODE_ENV === "production" && env.WP_URL === undefined && !env.DEMO_CATALOGUE) {
    ctx.addIssue({
      code: "custom",
      path: ["WP_URL"],
      message:
        "is required in production (NODE_ENV=production); set DEMO_CATALOGUE=true to serve the bundled demo catalogue instead",
    });
  }
  // Fail closed: without SITE_URL every canonical, hreflang, Open Graph and sitemap URL would
  // name localhost. The demo (DEMO_CATALOGUE=true, `npm start`) keeps its localhost default.
  if (env.NODE_ENV === "production" && env.SITE_URL === undefined && !env.DEMO_CATALOGUE) {
    ctx.addIssue({
      code: "custom",
      path: ["SITE_URL"],
      message:
        "is required in production (NODE_ENV=production): the public base URL of canonical, hreflang, Open Graph and sitemap links",
    });
  }
}

/** The Sentinels' credentials go together, and only with Sentinels. */
function checkSentinelCredentials(env: Env, ctx: Issues): void {
  if (env.REDIS_SENTINEL_PASSWORD === undefined && env.REDIS_SENTINEL_USERNAME !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["REDIS_SENTINEL_PASSWORD"],
      message: "is required when REDIS_SENTINEL_USERNAME is set",
    });
  }
  if (!env.REDIS_SENTINELS) {
    for (const k of ["REDIS_SENTINEL_USERNAME", "REDIS_SENTINEL_PASSWORD"] as const) {
      if (env[k] !== undefined)
        ctx.addIssue({ code: "custom", path: [k], message: "is only used with REDIS_SENTINELS, which is unset" });
    }
  }
}

/** REDIS_URL, REDIS_SENTINELS and REDIS_CLUSTER_NODES exclude each other. */
function requireOneRedisTopology(env: Env, ctx: Issues): void {
  const redisModes = [env.REDIS_URL, env.REDIS_SENTINELS, env.REDIS_CLUSTER_NODES].filter((v) => v !== undefined);
  if (redisModes.length > 1) {
    ctx.addIssue({
      code: "custom",
      path: ["REDIS_URL"],
      message: "set only one of REDIS_URL, REDIS_SENTINELS, REDIS_CLUSTER_NODES",
    });
  }
}

function requirePartners(env: Env, ctx: Issues): void {
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
}

/** A CDN provider names its account and credentials; Varnish's purge token is as long as the other purge secrets. */
function checkCdn(env: Env, ctx: Issues): void {
  if (env.CDN_PROVIDER !== "none" && !env.CDN_API_TOKEN) {
    ctx.addIssue({
      code: "custom",
      path: ["CDN_API_TOKEN"],
      message: `is required when CDN_PROVIDER is ${env.CDN_PROVIDER}`,
    });
  }
  if (env.CDN_PROVIDER === "fastly" && !env.CDN_FASTLY_SERVICE_ID) {
    ctx.addIssue({
      code: "custom",
      path: ["CDN_FASTLY_SERVICE_ID"],
      message: "is required when CDN_PROVIDER is fastly",
    });
  }
  if (env.CDN_PROVIDER === "cloudflare" && !env.CDN_CLOUDFLARE_ZONE_ID) {
    ctx.addIssue({
      code: "custom",
      path: ["CDN_CLOUDFLARE_ZONE_ID"],
      message: "is required when CDN_PROVIDER is cloudflare",
    });
  }
  if (env.CDN_PROVIDER === "varnish" && !env.CDN_VARNISH_URLS) {
    ctx.addIssue({ code: "custom", path: ["CDN_VARNISH_URLS"], message: "is required when CDN_PROVIDER is varnish" });
  }
  // The Varnish purge token guards the edge against anyone who can reach it: as long as the
  // other purge secrets (PURGE_SECRET, ADMIN_TOKEN).
  if (env.CDN_PROVIDER === "varnish" && env.CDN_API_TOKEN && env.CDN_API_TOKEN.length < 16) {
    ctx.addIssue({
      code: "custom",
      path: ["CDN_API_TOKEN"],
      message: "must be at least 16 characters with CDN_PROVIDER=varnish",
    });
  }
}
