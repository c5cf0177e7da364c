// The HTTP side of the process: the purge API (WordPress's webhook, the SREs' purges), readiness,
// the image service at /media/, the express site on the public port, and the internal port
// (/metrics, the SRE purge API, the probes).
import type { Server } from "node:http";
import type { RequestHandler } from "express";
import type { CacheStack } from "../cache";
import type { PurgeOutbox } from "../cdn/outbox";
import { cacheApi } from "../http/cache-api";
import { probes } from "../http/health";
import { startInternalServer } from "../http/internal-site";
import { mediaHandler, mediaMetrics } from "../http/media";
import { startPublicServer } from "../http/public-server";
import { readinessReport } from "../http/readiness";
import { contentPageExists } from "../http/redirect-targets";
import { createSite, type SiteState } from "../http/site";
import { createDeliveryLedger } from "../http/webhook-deliveries";
import { startMediaService } from "../media";
import type { Pages } from "../page-source";
import type { WordPressOrigin } from "../wordpress";
import { exitIfMisconfigured, type Essentials } from "./config";
import type { SiteContent } from "./content";
import type { RedisConnections } from "./data-cache";
import type { PageCaches } from "./page-caches";

export interface HttpParts {
  dev: boolean;
  state: SiteState;
  wpUrl: string;
  wordpress: WordPressOrigin;
  redis: RedisConnections;
  cache: CacheStack;
  cdnOutbox: PurgeOutbox | undefined;
  site: SiteContent;
  pages: Pages;
  pageCaches: PageCaches;
}

export interface Listening {
  server: Server;
  metricsServer: Server;
}

/** The webhook (public port) and the SRE purge API (internal port), counted, rate-limited and replay-proof. */
function purgeApi({ config, logger, metrics }: Essentials, cache: CacheStack, redis: RedisConnections) {
  return cacheApi({
    purger: cache,
    purgeSecret: config.purgeSecret,
    adminToken: config.adminToken,
    logger,
    onPurge: (source) => metrics.purges.inc({ source }),
    onWebhook: (result) => metrics.webhookRequests.inc({ result }),
    limits: redis.rateLimits,
    // Delivery ids shared through Redis when there is one, so a replay to another pod is caught too.
    deliveries: createDeliveryLedger({
      redis: redis.clients?.command,
      onRedisError: (error) =>
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "webhook delivery ids: Redis unavailable, remembered in this process only",
        ),
    }),
  });
}

/** /media/ (server/media) unless MEDIA_URL names an image CDN; an unwritable cache folder exits 78. */
async function startMedia(
  { config, logger, metrics }: Essentials,
  parts: HttpParts,
): Promise<RequestHandler | undefined> {
  if (config.mediaUrl) return undefined;
  const { wordpress, cache, site } = parts;
  const service = await startMediaService({
    config,
    uploadsUrl: `${parts.wpUrl}/wp-content/uploads`,
    sourceUrlOf: wordpress.mediaSourceUrl,
    fetchGate: wordpress.uploadsGate,
    logger,
    observe: mediaMetrics(metrics),
    onPurge: (listener) => cache.onPurge(listener),
    ids: site.mediaIds,
    cdn: parts.cdnOutbox,
  }).catch(exitIfMisconfigured);
  return mediaHandler(service, {
    logger,
    idOf: (path) => site.mediaIds.idOf(path),
    idleTimeoutMs: config.wpTimeoutMs,
    observe: mediaMetrics(metrics),
  });
}

/** The site on its port and the internal one; resolves once both listen. */
export async function startHttp(essentials: Essentials, parts: HttpParts): Promise<Listening> {
  const { config, logger, metrics } = essentials;
  const { state, site, pages } = parts;
  const { pageCache, sharedPages } = parts.pageCaches;
  const api = purgeApi(essentials, parts.cache, parts.redis);
  const readiness = readinessReport({
    cache: parts.cache,
    redisAuthFailed: parts.redis.authFailed,
    pageCache,
    sharedPages,
    languages: site.languages,
    warnings: site.warnings,
  });
  const media = await startMedia(essentials, parts);
  const health = probes(state, readiness);
  const handler = createSite({
    config,
    logger,
    metrics,
    state,
    pages: pages.pages,
    clientDir: pages.clientDir,
    media,
    before: pages.before,
    pageCache,
    sharedPages,
    api: api.webhook,
    probes: health,
    rateLimits: parts.redis.rateLimits,
    languages: site.languages.served,
    pageExists: contentPageExists(site.content),
  });
  const server = await startPublicServer(handler.handle, config.port);
  const metricsServer = await startInternalServer(
    { config, logger, metrics, probes: health, purge: api.purge },
    config.metricsPort,
  );
  const mode = parts.dev ? "development" : "production";
  logger.info(
    { port: config.port, metricsPort: config.metricsPort, siteUrl: config.siteUrl, mode },
    `FC site on http://localhost:${config.port}`,
  );
  return { server, metricsServer };
}
