// Process entry. It only composes, in this order (server/start/): the configuration, logger and
// metrics; Redis; the WordPress it reads (WP_URL, or the bundled demo started here); the data
// cache (server/cache) and the site's services (the ContentService, server/content, answering
// domain results); the pages (server/page-source.ts: Vite in development, else the built React
// Router handler) and their caches; the express site (server/http/site.ts) on its ports; and the
// shutdown (server/shutdown.ts). The data path: a loader → the ContentService → the data cache →
// WordPress; server/http/content-answers.ts turns the domain errors into 503/404.
import { createLogger, type Logger } from "./logger";
import { createMetrics } from "./http/metrics";
import type { SiteState } from "./http/site";
import { connectWordPress } from "./wordpress";
import { loadPages } from "./page-source";
import { exitOnSignals } from "./shutdown";
import type { Config } from "./config";
import { loadSiteConfig, type Essentials } from "./start/config";
import { connectRedis, startDataCache } from "./start/data-cache";
import { startContent } from "./start/content";
import { startPageCaches } from "./start/page-caches";
import { startHttp } from "./start/http";

const dev = process.argv.includes("--dev");

/** The WordPress the site reads: WP_URL, or the demo catalogue and how to stop it. */
interface Origin {
  wpUrl: string;
  close?: () => Promise<void>;
}

/**
 * Without WP_URL, the bundled demo catalogue runs in-process on a loopback port and is read over
 * HTTP exactly like a real WordPress: demo mode takes the production path. In production only
 * with DEMO_CATALOGUE=true (loadConfig refuses otherwise, exit 78). The one place the site starts
 * the demo, a dynamic import: a site reading a real WordPress never loads it.
 */
async function startOrigin(config: Config, logger: Logger): Promise<Origin> {
  if (config.wpUrl) return { wpUrl: config.wpUrl };
  const { startDemoWordPress } = await import("../demo");
  const demo = await startDemoWordPress({ port: 0, scale: config.demoScale });
  if (config.env === "production")
    logger.warn(
      { url: demo.url, DEMO_CATALOGUE: true },
      "serving the bundled demo catalogue (invented products and company details), not WordPress",
    );
  else logger.info({ url: demo.url }, "serving the bundled demo catalogue");
  return { wpUrl: demo.url, close: demo.close };
}

async function main() {
  const config = loadSiteConfig(dev);
  const essentials: Essentials = {
    config,
    logger: createLogger(config.logLevel),
    metrics: createMetrics(config.cdn.provider),
  };
  const { logger, metrics } = essentials;
  const state: SiteState = {
    shuttingDown: false,
    wordpress: "unknown",
    redis: config.redis.mode === "none" ? "disabled" : "down",
  };
  const redis = connectRedis(essentials);
  const origin = await startOrigin(config, logger);
  const { wpUrl } = origin;
  // The site's reads behind WP_MAX_CONCURRENCY, and WordPress's state for /readyz (probed too).
  const wordpress = connectWordPress({
    config,
    wpUrl,
    logger,
    metrics,
    onState: (now) => void (state.wordpress = now),
  });
  const { cache, cdnOutbox } = startDataCache(essentials, redis, state);
  const site = await startContent(essentials, { wpUrl, wordpress, cache, rateLimits: redis.rateLimits });
  const pages = await loadPages(site.services, dev);
  const pageCaches = startPageCaches(essentials, {
    dev,
    redis: redis.clients?.command,
    build: pages.build,
    languages: site.languages,
    cache,
    cdnOutbox,
  });
  const listening = await startHttp(essentials, {
    dev,
    state,
    wpUrl,
    wordpress,
    redis,
    cache,
    cdnOutbox,
    site,
    pages,
    pageCaches,
  });
  exitOnSignals({
    server: listening.server,
    logger,
    beginDraining() {
      state.shuttingDown = true;
      wordpress.health.stop();
    },
    async close() {
      listening.metricsServer.close();
      await cdnOutbox?.close().catch(() => undefined);
      pageCaches.sharedPages?.close();
      await cache.close().catch(() => undefined);
      site.languages.close();
      await origin.close?.();
    },
  });
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
