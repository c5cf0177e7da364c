// The page cache (rendered pages in this process) and, under it, the pages every pod rendered, in
// Redis (PAGE_CACHE_SHARED): both follow the data cache's purges and the languages served.
import { createPageTier, dataHardTimeoutMs, siteIdentity, type CacheStack, type RedisLike } from "../cache";
import type { PurgeOutbox } from "../cdn/outbox";
import type { SiteLanguages } from "../content/site-languages";
import type { Metrics } from "../http/metrics";
import { PageCache, SharedPages } from "../http/page-cache";
import type { Essentials } from "./config";

export interface PageCaches {
  /** None in development or with PAGE_CACHE_MB=0. */
  pageCache: PageCache | undefined;
  /** The shared page tier, read on a memory miss; none without Redis or PAGE_CACHE_SHARED. */
  sharedPages: SharedPages | undefined;
}

export interface PageCacheParts {
  dev: boolean;
  /** The cache's command connection, when there is Redis. */
  redis: RedisLike | undefined;
  /** The build's identity (server/page-source.ts): pages of another build are not shared. */
  build: string;
  languages: SiteLanguages;
  cache: CacheStack;
  cdnOutbox: PurgeOutbox | undefined;
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
function sharedPageTier(
  { config, logger, metrics }: Essentials,
  client: RedisLike,
  variant: () => string,
): SharedPages {
  const tier = createPageTier(client, siteIdentity(config.siteUrl, config.wpUrl), logger, (up) =>
    up
      ? logger.info({}, "shared page tier up")
      : logger.warn({}, "shared page tier down: this pod renders its own pages"),
  );
  return new SharedPages({
    tier,
    variant,
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

/**
 * The page cache follows every purge the data cache hears: its own, other instances' (bus), and
 * a full drop when Redis comes back (purges published meanwhile were missed). The purges this
 * pod received reach the shared tier too (the others apply theirs).
 */
function followPurges(cache: CacheStack, { pageCache, sharedPages }: PageCaches): void {
  cache.onPurge((event) => {
    if (!pageCache) return;
    if (event.all || event.source === "reconnect") pageCache.purgeAll(event.before, event.at);
    else pageCache.purge(event.tags, event.before, event.at);
    if (event.source === "local") sharedPages?.purge(event.tags, event.all, event.mode, event.before ?? event.at);
    else if (event.source === "bus" && event.before === undefined)
      sharedPages?.heard(event.tags, event.all, event.mode);
  });
}

export function startPageCaches(essentials: Essentials, parts: PageCacheParts): PageCaches {
  const { config, logger, metrics } = essentials;
  const { languages, cdnOutbox } = parts;
  const pageCache =
    config.cache.pageCacheMb > 0 && !parts.dev
      ? new PageCache(Math.floor(config.cache.pageCacheMb * 1024 * 1024), { lookup: pageLookups(metrics) })
      : undefined;
  const sharedPages =
    pageCache && config.cache.pageCacheShared && parts.redis
      ? sharedPageTier(essentials, parts.redis, () => `${parts.build}\n${languages.served().join(",")}`)
      : undefined;
  if (pageCache && sharedPages)
    pageCache.onStored = (key, entry, startedAt) => sharedPages.write(key, entry, startedAt);
  followPurges(parts.cache, { pageCache, sharedPages });
  // Every page carries hreflang alternates and the switcher: a change of languages renews them all.
  // The edge keeps its copies too, and the 404s of a dropped language carry no tag to purge by.
  languages.onChange(() => {
    pageCache?.purgeAll();
    cdnOutbox
      ?.purgeAll()
      .catch((error: unknown) => logger.warn({ err: error }, "CDN purge after a change of languages failed"));
  });
  return { pageCache, sharedPages };
}
