// Process entry. It only composes: configuration, logger, metrics, the services (built once,
// here), the pages (server/page-source.ts: Vite in development, else the built React Router handler),
// the express site (server/http/site.ts) and the shutdown (server/shutdown.ts). The data path:
// a loader → the ContentService (server/content, answering domain results) → the data cache
// (server/cache) → WordPress; server/http/content-answers.ts turns the domain errors into 503/404.
import { ConfigError, loadConfig, publicConfig, type Config } from "./config";
import { createLogger, type Logger } from "./logger";
import { createMetrics, type Metrics } from "./http/metrics";
import { startInternalServer } from "./http/internal-site";
import { startPublicServer } from "./http/public-server";
import { probes } from "./http/health";
import { createSite, type SiteState } from "./http/site";
import { contentPageExists } from "./http/redirect-targets";
import { readinessReport } from "./http/readiness";
import { startMediaService } from "./media";
import { connectWordPress } from "./wordpress";
import { siteContent } from "./content/site-content";
import { answeringContentErrors } from "./http/content-answers";
import { MediaIds } from "./media/ids";
import { mediaHandler, mediaMetrics } from "./http/media";
import { wordpressOriginErrors } from "./content/wordpress-errors";
import { createSiteLanguages } from "./content/site-languages";
import { createContentService } from "./content/content-service";
import {
  createCacheStackFromConfig,
  createPageTier,
  createRedisClients,
  dataHardTimeoutMs,
  type RedisLike,
} from "./cache";
import { createRateLimits } from "./http/rate-limits";
import { cacheApi } from "./http/cache-api";
import { createDeliveryLedger } from "./http/webhook-deliveries";
import { CDN_DEFAULTS, createCdnPurger } from "./cdn";
import { createPurgeOutbox } from "./cdn/outbox";
import { PageCache, SharedPages } from "./http/page-cache";
import { currentScope, noteContent } from "./request-scope";
import { createIntegrations } from "./integrations";
import type { SiteServices } from "./app";
import { APP_VERSION } from "../common/release";
import { Turns } from "./runtime/turns";
import { loadPages } from "./page-source";
import { exitOnSignals } from "./shutdown";

const dev = process.argv.includes("--dev");

async function main() {
  let config;
  try {
    config = loadConfig({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
  } catch (error) {
    exitIfMisconfigured(error);
  }
  const logger = createLogger(config.logLevel);
  const metrics = createMetrics(config.cdn.provider);
  const state: SiteState = {
    shuttingDown: false,
    wordpress: "unknown",
    redis: config.redis.mode === "none" ? "disabled" : "down",
  };
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
    const { startDemoWordPress } = await import("../demo");
    const demo = await startDemoWordPress({ port: 0, scale: config.demoScale });
    wpUrl = demo.url;
    closeDemo = demo.close;
    if (config.env === "production")
      logger.warn(
        { url: demo.url, DEMO_CATALOGUE: true },
        "serving the bundled demo catalogue (invented products and company details), not WordPress",
      );
    else logger.info({ url: demo.url }, "serving the bundled demo catalogue");
  }

  // The site's reads behind WP_MAX_CONCURRENCY, and WordPress's state for /readyz (probed too).
  const wordpress = connectWordPress({
    config,
    wpUrl,
    logger,
    metrics,
    onState: (wordpress) => void (state.wordpress = wordpress),
  });
  // The cache between the ContentService and WordPress: memory, then Redis when configured.
  // Every answer it hands out is noted in the request's scope, so the page carries the tags of all
  // the content it was rendered from (Surrogate-Key, page-cache purge) and its shortest freshness.
  const cdnPurger = createCdnPurger({
    ...config.cdn,
    requestsPerSecond: config.cdn.purgeRate,
    onRequest: (provider, result) => metrics.cdnPurgeRequests.inc({ provider, result }),
  });
  // Pending CDN purges kept in Redis when there is one, so a pod that drains or dies mid-retry
  // leaves them to the others (server/cdn/outbox.ts).
  const cdnOutbox =
    cdnPurger &&
    createPurgeOutbox({
      purger: cdnPurger,
      redis: redisClients?.command,
      logger,
      leaseMs: CDN_DEFAULTS.budgetMs + 5000,
    });
  const cache = createCacheStackFromConfig(config, {
    errors: wordpressOriginErrors,
    clients: redisClients,
    logger,
    // After a purge has reached every instance, its tags go to the CDN (off unless configured).
    cdnPurger: cdnOutbox,
    observe: {
      lookup: (tier, result) => metrics.cacheLookups.inc({ tier, result }),
      read: (answer) => metrics.cacheReads.inc({ answer }),
      redisState: (up) => {
        metrics.redisUp.set(up ? 1 : 0);
        state.redis = up ? "up" : "down";
      },
      served: ({ tags, freshSeconds }) => noteContent(tags, freshSeconds),
    },
  });
  // What WordPress answered that the site shows a fallback for (readiness lists them).
  const fallbacks = new Map<string, string>();
  const mediaIds = new MediaIds();
  const service = createContentService({
    client: wordpress.client,
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
  const languages = createSiteLanguages({ client: wordpress.client, logger, pinned: config.siteLanguages });
  // The credentials are checked at start as well (logged, never fatal: WordPress may come later).
  await Promise.race([
    Promise.all([languages.discover(), wordpress.health.start()]),
    new Promise((resolve) => setTimeout(resolve, 3000).unref()),
  ]);
  // Loaders see WordPress's outages as 503 and refused languages as 404 (the HTTP boundary).
  const content = answeringContentErrors(siteContent(service, { languages, logger }));
  // Newsletter, contact form and captcha verification; each off when its keys are unset.
  const integrations = createIntegrations({ config, wpUrl, logger, rateLimits });
  // Document renders whose synchronous work may share one task: two, so a render that waits on
  // something (a lazy module on its first use) does not leave the process idle. One set of turns
  // for the process (development builds the request handler again for every request).
  const renderTurns = new Turns(2);
  const services: SiteServices = {
    content,
    publicConfig: publicConfig(config, APP_VERSION),
    integrations,
    logger,
    languages,
    renderTurns,
  };

  const { pages, before, clientDir, build } = await loadPages(services, dev);

  const pageCache =
    config.cache.pageCacheMb > 0 && !dev
      ? new PageCache(Math.floor(config.cache.pageCacheMb * 1024 * 1024), { lookup: pageLookups(metrics) })
      : undefined;
  // Under it, the pages every pod rendered, in Redis (PAGE_CACHE_SHARED): read on a memory miss.
  const sharedPages =
    pageCache && config.cache.pageCacheShared && redisClients
      ? sharedPageTier({
          config,
          client: redisClients.command,
          logger,
          metrics,
          variant: () => `${build}\n${languages.served().join(",")}`,
        })
      : undefined;
  if (pageCache && sharedPages)
    pageCache.onStored = (key, entry, startedAt) => sharedPages.write(key, entry, startedAt);
  // The page cache follows every purge the data cache hears: its own, other instances' (bus), and
  // a full drop when Redis comes back (purges published meanwhile were missed). The purges this
  // pod received reach the shared tier too (the others apply theirs).
  cache.onPurge((event) => {
    if (!pageCache) return;
    if (event.all || event.source === "reconnect") pageCache.purgeAll(event.before, event.at);
    else pageCache.purge(event.tags, event.before, event.at);
    if (event.source === "local") sharedPages?.purge(event.tags, event.all, event.mode, event.before ?? event.at);
    else if (event.source === "bus" && event.before === undefined)
      sharedPages?.heard(event.tags, event.all, event.mode);
  });
  // Every page carries hreflang alternates and the switcher: a change of languages renews them all.
  // The edge keeps its copies too, and the 404s of a dropped language carry no tag to purge by.
  languages.onChange(() => {
    pageCache?.purgeAll();
    cdnOutbox
      ?.purgeAll()
      .catch((error: unknown) => logger.warn({ err: error }, "CDN purge after a change of languages failed"));
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
      onRedisError: (error) =>
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "webhook delivery ids: Redis unavailable, remembered in this process only",
        ),
    }),
  });
  const readiness = readinessReport({
    cache,
    redisAuthFailed: () => redisAuthFailed,
    pageCache,
    sharedPages,
    languages,
    warnings: () => [...fallbacks.values()],
  });
  // /media/ (server/media) unless MEDIA_URL names an image CDN; an unwritable cache folder exits 78.
  const mediaService = config.mediaUrl
    ? undefined
    : await startMediaService({
        config,
        uploadsUrl: `${wpUrl}/wp-content/uploads`,
        sourceUrlOf: wordpress.mediaSourceUrl,
        fetchGate: wordpress.uploadsGate,
        logger,
        observe: mediaMetrics(metrics),
        onPurge: (listener) => cache.onPurge(listener),
        ids: mediaIds,
        cdn: cdnOutbox,
      }).catch(exitIfMisconfigured);
  const media =
    mediaService &&
    mediaHandler(mediaService, {
      logger,
      idOf: (path) => mediaIds.idOf(path),
      idleTimeoutMs: config.wpTimeoutMs,
      observe: mediaMetrics(metrics),
    });
  const health = probes(state, readiness);
  const site = createSite({
    config,
    logger,
    metrics,
    state,
    pages,
    clientDir,
    media,
    before,
    pageCache,
    sharedPages,
    api: api.webhook,
    probes: health,
    rateLimits,
    languages: languages.served,
    pageExists: contentPageExists(content),
  });
  const server = await startPublicServer(site.handle, config.port);
  const metricsServer = await startInternalServer(
    { config, logger, metrics, probes: health, purge: api.purge },
    config.metricsPort,
  );
  logger.info(
    {
      port: config.port,
      metricsPort: config.metricsPort,
      siteUrl: config.siteUrl,
      mode: dev ? "development" : "production",
    },
    `FC site on http://localhost:${config.port}`,
  );

  exitOnSignals({
    server,
    logger,
    beginDraining() {
      state.shuttingDown = true;
      wordpress.health.stop();
    },
    async close() {
      metricsServer.close();
      await cdnOutbox?.close().catch(() => undefined);
      sharedPages?.close();
      await cache.close().catch(() => undefined);
      languages.close();
      await closeDemo?.();
    },
  });
}

/** Counts the page cache's lookups; the three series are looked up once (a hit pays no label hashing). */
function pageLookups(metrics: Metrics): (result: "hit" | "stale" | "miss") => void {
  const series = {
    hit: metrics.cacheLookups.labels("page", "hit"),
    stale: metrics.cacheLookups.labels("page", "stale"),
    miss: metrics.cacheLookups.labels("page", "miss"),
  };
  return (result) => series[result].inc();
}

/** The shared page tier on the cache's command connection, with a breaker of its own (server/http/page-cache/shared.ts). */
function sharedPageTier(parts: {
  config: Config;
  client: RedisLike;
  logger: Logger;
  metrics: Metrics;
  variant: () => string;
}): SharedPages {
  const { config, logger, metrics } = parts;
  const tier = createPageTier(parts.client, logger, (up) =>
    up
      ? logger.info({}, "shared page tier up")
      : logger.warn({}, "shared page tier down: this pod renders its own pages"),
  );
  return new SharedPages({
    tier,
    variant: parts.variant,
    maxEntryBytes: config.cache.pageCacheSharedMaxBytes,
    staleMs: config.cache.staleSeconds * 1000,
    // Half the pod's own wait for its leader (page-renders.ts): the leader gives up on the
    // cluster, and renders, while its pod's waiters still wait for it.
    waitMs: dataHardTimeoutMs(config.wpTimeoutMs) / 2,
    logger,
    observe: {
      lookup: (result) => metrics.cacheLookups.inc({ tier: "page_shared", result }),
      write: (result) => metrics.cacheWrites.inc({ tier: "page_shared", result }),
    },
  });
}

/** A configuration the process cannot run with: its message (naming the variable) and exit 78. */
function exitIfMisconfigured(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(78);
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
