// Process entry: configuration, logger, metrics, the services (built once, here), the express
// site, and a graceful shutdown. `--dev` runs Vite in middleware mode; otherwise the built
// React Router handler in build/server serves the pages.
import path from "node:path";
import http from "node:http";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import { ConfigError, loadConfig, publicConfig } from "./config";
import { createLogger } from "./logger";
import { createMetrics, startMetricsServer } from "./http/metrics";
import { createSite, type SiteState } from "./http/site";
import { startMediaService } from "./media";
import { MediaIds } from "./media/ids";
import { createWordPressClient, type WordPressError } from "./content/wordpress-client";
import { createWordPressHealth } from "./content/wordpress-health";
import { answeringOutages } from "./content/outage";
import { createWordPressGate, queueBoundFor } from "./content/wordpress-gate";
import { wordpressOriginErrors } from "./content/origin-errors";
import { createSiteLanguages } from "./content/site-languages";
import { DEFAULT_LANG, LANGS } from "../common/locale";
import { routeIdOf } from "../common/route-table";
import { createContentService } from "./content/content-service";
import { createCacheStackFromConfig, createRedisClients, policiesFromConfig } from "./cache";
import { createRateLimits } from "./http/rate-limits";
import { cacheApi } from "./http/cache-api";
import { createDeliveryLedger } from "./http/webhook-deliveries";
import { CDN_DEFAULTS, createCdnPurger } from "./cdn";
import { createPurgeOutbox } from "./cdn/outbox";
import { PageCache } from "./http/page-cache";
import { currentScope, noteContent, noteOrigin } from "./request-scope";
import { createIntegrations } from "./integrations";
import type { SiteServices } from "./app";
import { APP_VERSION } from "../common/brand";
import { Turns } from "./runtime/turns";

// The project folder: where package.json is, whether this runs from server/ (tsx) or build/node/.
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
const root = projectRoot();
const dev = process.argv.includes("--dev");

async function main() {
  let config;
  try {
    config = loadConfig({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const metrics = createMetrics(config.cdn.provider);
  const state: SiteState = { shuttingDown: false, wordpress: "unknown", redis: config.redis.mode === "none" ? "disabled" : "down" };
  // One pair of Redis connections for the cache, its purge bus and the rate limits. Their errors
  // are logged at warn with the cause; a refused login shows in /readyz as "auth failed".
  let redisAuthFailed = false;
  const redisClients = createRedisClients(config.redis, {
    watcher: {
      warn: (details, message) => logger.warn({ redis: details }, message),
      authFailed: (failed) => void (redisAuthFailed = failed),
    },
  });
  const rateLimits = createRateLimits({ redis: redisClients?.command });

  // Without WP_URL, the bundled demo catalogue runs in-process on a loopback port and is read over
  // HTTP exactly like a real WordPress: demo mode takes the production path. In production only
  // with DEMO_CATALOGUE=true (loadConfig refuses otherwise, exit 78).
  let wpUrl = config.wpUrl;
  let closeDemo: (() => Promise<void>) | undefined;
  if (!wpUrl) {
    const { startDemoWordPress } = await import("./demo/server");
    const demo = await startDemoWordPress({ port: 0, scale: config.demoScale });
    wpUrl = demo.url;
    closeDemo = demo.close;
    if (config.env === "production") logger.warn({ url: demo.url, DEMO_CATALOGUE: true }, "serving the bundled demo catalogue (invented products and company details), not WordPress");
    else logger.info({ url: demo.url }, "serving the bundled demo catalogue");
  }

  // WordPress's state for /readyz: from every answer, and from a probe every 10 s that also checks
  // the credentials (users/me) when they are set. The probe has a client of its own: it reaches
  // WordPress when the gate below is full, and its answers are not page reads.
  const wordpressHealth = createWordPressHealth({
    probeClient: createWordPressClient({ baseUrl: wpUrl, user: config.wpAuth?.user, appPassword: config.wpAuth?.appPassword, timeoutMs: Math.min(config.wpTimeoutMs, 5000) }),
    credentialsSent: config.wpAuth !== undefined,
    logger,
    onChange: (wordpress) => void (state.wordpress = wordpress),
    onAuthFailure: () => metrics.authFailures.inc(),
  });
  // At most WP_MAX_CONCURRENCY requests at WordPress from this process; past its queue a read is
  // refused at once (a stale copy is served, or the page answers 503 with Retry-After).
  const gate = createWordPressGate({
    maxInflight: config.wpMaxConcurrency,
    maxQueued: queueBoundFor(config.wpMaxConcurrency),
    observe: { inflight: (count) => metrics.originInflight.set(count), rejected: () => metrics.originRejections.inc() },
  });
  const client = createWordPressClient({
    baseUrl: wpUrl,
    user: config.wpAuth?.user,
    appPassword: config.wpAuth?.appPassword,
    timeoutMs: config.wpTimeoutMs,
    gate,
    observe(o) {
      metrics.originRequests.inc({ endpoint: o.endpoint, status: String(o.status) });
      metrics.originDuration.observe({ endpoint: o.endpoint }, o.durationMs / 1000);
      // Pages already cached keep being served; readiness, the log and the metric tell the operator.
      wordpressHealth.noteAnswer(o.status, o.code);
      noteOrigin(o.durationMs);
    },
  });
  // The cache between the ContentService and WordPress: memory, then Redis when configured.
  // Every answer it hands out is noted in the request's scope, so the page carries the tags of all
  // the content it was rendered from (Surrogate-Key, page-cache purge) and its shortest freshness.
  const cdnPurger = createCdnPurger({
    provider: config.cdn.provider,
    apiToken: config.cdn.apiToken,
    fastlyServiceId: config.cdn.fastlyServiceId,
    cloudflareZoneId: config.cdn.cloudflareZoneId,
    varnishUrls: config.cdn.varnishUrls,
    apiUrl: config.cdn.apiUrl,
    requestsPerSecond: config.cdn.purgeRate,
    onRequest: (provider, result) => metrics.cdnPurgeRequests.inc({ provider, result }),
  });
  // Pending CDN purges kept in Redis when there is one, so a pod that drains or dies mid-retry
  // leaves them to the others (server/cdn/outbox.ts).
  const cdnOutbox = cdnPurger
    ? createPurgeOutbox({ purger: cdnPurger, redis: redisClients?.command, logger, leaseMs: CDN_DEFAULTS.budgetMs + 5000 })
    : undefined;
  const policies = policiesFromConfig(config.cache);
  const cache = createCacheStackFromConfig(config, {
    errors: wordpressOriginErrors,
    clients: redisClients,
    logger,
    // After a purge has reached every instance, its tags go to the CDN (off unless configured).
    cdnPurger: cdnOutbox,
    observe: {
      lookup: (tier, result) => metrics.cacheLookups.inc({ tier, result }),
      redisState: (up) => {
        metrics.redisUp.set(up ? 1 : 0);
        state.redis = up ? "up" : "down";
      },
      served: ({ tags, policy }) => noteContent(tags, policies[policy].freshSeconds),
    },
  });
  // What WordPress answered that the site shows a fallback for (readiness lists them).
  const fallbacks = new Map<string, string>();
  const mediaIds = new MediaIds();
  const service = createContentService({
    client,
    sawImage: (id, sourceUrl) => mediaIds.learn(id, sourceUrl),
    cached: cache.cached,
    requestId: () => currentScope()?.requestId,
    config: { wpUrl, wpPublicUrl: config.wpPublicUrl, mediaUrl: config.mediaUrl },
    logger,
    observe: {
      fallback(kind, subject, reason) {
        metrics.contentFallbacks.inc({ kind });
        logger.warn({ reqId: currentScope()?.requestId, path: currentScope()?.path, kind, subject }, reason);
        fallbacks.set(`${kind}:${subject}`, reason);
      },
      recovered: (kind, subject) => void fallbacks.delete(`${kind}:${subject}`),
    },
  });
  // The languages WordPress serves (or SITE_LANGUAGES): asked before the first page, bounded.
  const languages = createSiteLanguages({ client, logger, pinned: config.siteLanguages });
  // The credentials are checked at start as well (logged, never fatal: WordPress may come later).
  await Promise.race([Promise.all([languages.discover(), wordpressHealth.start()]), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  /** The fields of a log line about a page WordPress could not serve. */
  const originFailure = (error: WordPressError) => {
    const scope = currentScope();
    return {
      reqId: scope?.requestId,
      path: scope?.path,
      routeId: scope?.path ? routeIdOf(scope.path) : undefined,
      endpoint: error.endpoint,
      status: error.status,
      code: error.code,
      cause: error.message,
    };
  };
  const answering = answeringOutages(service, {
    onOutage: (error) => logger.warn(originFailure(error), "WordPress unreachable and nothing cached: answering 503"),
    onUnusable: (error) => logger.error(originFailure(error), "WordPress's answer could not be read and nothing cached: answering 503"),
    onLanguageRefused(error) {
      for (const lang of LANGS) if (lang !== DEFAULT_LANG) languages.refuse(lang, error.message);
    },
  });
  // A language WordPress does not serve has no translations to ask it for (the alternates of
  // every page would otherwise send it one refused request per key and filter).
  const content: typeof answering = {
    ...answering,
    translate: (kind, key, from, to) => (languages.isServed(from) && languages.isServed(to) ? answering.translate(kind, key, from, to) : Promise.resolve(null)),
  };
  // Newsletter, contact form and captcha verification; each off when its keys are unset.
  const integrations = createIntegrations({ config, wpUrl, logger, rateLimits });
  // Document renders whose synchronous work may share one task: two, so a render that waits on
  // something (a lazy module on its first use) does not leave the process idle. One set of turns
  // for the process (development builds the request handler again for every request).
  const renderTurns = new Turns(2);
  const services: SiteServices = { content, publicConfig: publicConfig(config, APP_VERSION), integrations, logger, languages, renderTurns };

  let pages: RequestHandler;
  const before: RequestHandler[] = [];
  let clientDir: string | undefined;
  if (dev) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    before.push(server.middlewares);
    pages = async (req, res, next) => {
      try {
        const mod = (await server.ssrLoadModule("./server/app.ts")) as typeof import("./app");
        return mod.createSiteHandler(services, "development")(req, res, next);
      } catch (error) {
        if (error instanceof Error) server.ssrFixStacktrace(error);
        next(error);
      }
    };
  } else {
    const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as typeof import("./app");
    pages = build.createSiteHandler(services, "production");
    clientDir = path.join(root, "build/client");
  }

  const pageCache = config.cache.pageCacheMb > 0 && !dev
    ? new PageCache(config.cache.pageCacheMb * 1024 * 1024, { lookup: (result) => metrics.cacheLookups.inc({ tier: "page", result }) })
    : undefined;
  // The page cache follows every purge the data cache hears: its own, other instances' (bus), and
  // a full drop when Redis comes back (purges published meanwhile were missed).
  cache.onPurge((event) => {
    if (!pageCache) return;
    if (event.all || event.source === "reconnect") pageCache.purgeAll(event.before);
    else pageCache.purge(event.tags, event.before);
  });
  // Every page carries hreflang alternates and the switcher: a change of languages renews them all.
  // The edge keeps its copies too, and the 404s of a dropped language carry no tag to purge by.
  languages.onChange(() => {
    pageCache?.purgeAll();
    cdnOutbox?.purgeAll().catch((error: unknown) => logger.warn({ err: error }, "CDN purge after a change of languages failed"));
  });
  const api = cacheApi({
    purger: cache,
    purgeSecret: config.purgeSecret,
    adminToken: config.adminToken,
    logger,
    onPurge: (source) => metrics.purges.inc({ source }),
    onWebhook: (result) => metrics.webhookRequests.inc({ result }),
    limits: rateLimits,
    // Delivery ids shared through Redis when there is one, so a replay to another pod is caught too.
    deliveries: createDeliveryLedger({
      redis: redisClients?.command,
      onRedisError: (error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, "webhook delivery ids: Redis unavailable, remembered in this process only"),
    }),
  });
  const readiness = () => {
    const stats = cache.stats();
    // A Redis that refuses our credentials will not come back by itself: say so.
    const redis = stats.redis === "down" && redisAuthFailed ? "auth failed" : stats.redis;
    return {
      redis,
      breaker: stats.breaker,
      bus: stats.bus,
      memory: stats.memory,
      pageCache: pageCache ? { entries: pageCache.size, bytes: pageCache.bytes } : "disabled",
      languages: languages.state(),
      warnings: [...fallbacks.values()],
    };
  };
  let media: RequestHandler | undefined;
  try {
    media = config.mediaUrl ? undefined : await startMediaService({ config, uploadsUrl: `${wpUrl}/wp-content/uploads`, client, logger, metrics, onPurge: (listener) => cache.onPurge(listener), ids: mediaIds, cdn: cdnOutbox });
  } catch (error) {
    // A cache folder the process cannot write: misconfigured, so stop loud, naming the variable.
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  const site = createSite({ config, logger, metrics, state, pages, clientDir, media, before, pageCache, api, readiness, rateLimits, languages: languages.served });
  const server = http.createServer(site.handle);
  // Above a load balancer's idle timeout (typically 60 s), so the balancer closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  // A burst of new connections (a CDN letting 1,000 visitors through at once) must wait in the
  // kernel's accept queue, not be dropped from it: a dropped connection is retried by the client
  // after 1 s, then 3 s (bench case (e): p50 3.5 s, p99 6.3 s with Node's default of 511, most of
  // it in SYN retries). The kernel caps this at net.core.somaxconn.
  await new Promise<void>((resolve) => server.listen({ port: config.port, backlog: 4096 }, resolve));
  const metricsServer = await startMetricsServer(metrics, config.metricsPort);
  logger.info({ port: config.port, metricsPort: config.metricsPort, siteUrl: config.siteUrl, mode: dev ? "development" : "production" }, `FC site on http://localhost:${config.port}`);

  // SIGTERM: readiness turns 503 at once so the balancer stops sending, in-flight requests finish,
  // then the process leaves. A second signal, or 25 s, forces the exit.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    state.shuttingDown = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    wordpressHealth.stop();
    server.close(async () => {
      metricsServer.close();
      await cdnOutbox?.close().catch(() => undefined);
      await cache.close().catch(() => undefined);
      languages.close();
      await closeDemo?.();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
