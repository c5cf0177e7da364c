// Process entry. It only composes: configuration, logger, metrics, the services (built once,
// here), the pages (server/pages.ts: Vite in development, else the built React Router handler),
// the express site (server/http/site.ts) and the shutdown (server/shutdown.ts). The data path:
// a loader → the ContentService (server/content, answering domain results) → the data cache
// (server/cache) → WordPress; server/http/content-answers.ts turns the domain errors into 503/404.
import http from "node:http";
import { ConfigError, loadConfig, publicConfig } from "./config";
import { createLogger } from "./logger";
import { createMetrics, startMetricsServer } from "./http/metrics";
import { createSite, type SiteState } from "./http/site";
import { readinessReport } from "./http/readiness";
import { createWordPressClient, isAuthenticationFailure } from "./content/wordpress-client";
import { siteContent } from "./content/site-content";
import { answeringContentErrors } from "./http/content-answers";
import { wordpressOriginErrors } from "./content/origin-errors";
import { createSiteLanguages } from "./content/site-languages";
import { createContentService } from "./content/content-service";
import { createCacheStackFromConfig, createRedisClients } from "./cache";
import { createRateLimits } from "./http/rate-limits";
import { cacheApi } from "./http/cache-api";
import { createCdnPurger } from "./cdn";
import { PageCache } from "./http/page-cache";
import { currentScope, noteContent, noteOrigin } from "./request-scope";
import { createIntegrations } from "./integrations";
import type { SiteServices } from "./app";
import { APP_VERSION } from "../common/brand";
import { Turns } from "./runtime/turns";
import { loadPages } from "./pages";
import { exitOnSignals } from "./shutdown";

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

  const client = createWordPressClient({
    baseUrl: wpUrl,
    user: config.wpAuth?.user,
    appPassword: config.wpAuth?.appPassword,
    timeoutMs: config.wpTimeoutMs,
    observe(o) {
      metrics.originRequests.inc({ endpoint: o.endpoint, status: String(o.status) });
      metrics.originDuration.observe({ endpoint: o.endpoint }, o.durationMs / 1000);
      if (isAuthenticationFailure(o.status, o.code)) {
        // Pages already cached keep being served; readiness and the metric tell the operator.
        if (state.wordpress !== "unauthorized") logger.error({ endpoint: o.endpoint, status: o.status, code: o.code }, "WordPress refuses the site's credentials (WP_USER / WP_APP_PASSWORD)");
        state.wordpress = "unauthorized";
        metrics.authFailures.inc();
      } else {
        state.wordpress = o.status > 0 && o.status < 500 ? "up" : "down";
      }
      noteOrigin(o.durationMs);
    },
  });
  // The cache between the ContentService and WordPress: memory, then Redis when configured.
  // Every answer it hands out is noted in the request's scope, so the page carries the tags of all
  // the content it was rendered from (Surrogate-Key, page-cache purge) and its shortest freshness.
  const cdnPurger = createCdnPurger({ ...config.cdn, requestsPerSecond: config.cdn.purgeRate, onRequest: (provider, result) => metrics.cdnPurgeRequests.inc({ provider, result }) });
  const cache = createCacheStackFromConfig(config, {
    errors: wordpressOriginErrors,
    clients: redisClients,
    logger,
    // After a purge has reached every instance, its tags go to the CDN (off unless configured).
    cdnPurger,
    observe: {
      lookup: (tier, result) => metrics.cacheLookups.inc({ tier, result }),
      redisState: (up) => {
        metrics.redisUp.set(up ? 1 : 0);
        state.redis = up ? "up" : "down";
      },
      served: ({ tags, freshSeconds }) => noteContent(tags, freshSeconds),
    },
  });
  // What WordPress answered that the site shows a fallback for (readiness lists them).
  const fallbacks = new Map<string, string>();
  const service = createContentService({
    client,
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
  await Promise.race([languages.discover(), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
  // Loaders see WordPress's outages as 503 and refused languages as 404 (the HTTP boundary).
  const content = answeringContentErrors(siteContent(service, { languages, logger }));
  // Newsletter, contact form and captcha verification; each off when its keys are unset.
  const integrations = createIntegrations({ config, wpUrl, logger, rateLimits });
  // Document renders whose synchronous work may share one task: two, so a render that waits on
  // something (a lazy module on its first use) does not leave the process idle. One set of turns
  // for the process (development builds the request handler again for every request).
  const renderTurns = new Turns(2);
  const services: SiteServices = { content, publicConfig: publicConfig(config, APP_VERSION), integrations, logger, languages, renderTurns };

  const { pages, before, clientDir } = await loadPages(services, dev);

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
    cdnPurger?.purgeAll().catch((error: unknown) => logger.warn({ err: error }, "CDN purge after a change of languages failed"));
  });
  const api = cacheApi({
    purger: cache,
    purgeSecret: config.purgeSecret,
    adminToken: config.adminToken,
    logger,
    onPurge: (source) => metrics.purges.inc({ source }),
    onWebhook: (result) => metrics.webhookRequests.inc({ result }),
    limits: rateLimits,
  });
  const readiness = readinessReport({ cache, redisAuthFailed: () => redisAuthFailed, pageCache, languages, warnings: () => [...fallbacks.values()] });
  const site = createSite({ config, logger, metrics, state, pages, clientDir, uploadsUrl: `${wpUrl}/wp-content/uploads`, before, pageCache, api, readiness, rateLimits, languages: languages.served });
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

  exitOnSignals({
    server,
    logger,
    beginDraining: () => void (state.shuttingDown = true),
    async close() {
      metricsServer.close();
      await cache.close().catch(() => undefined);
      languages.close();
      await closeDemo?.();
    },
  });
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
