// What GET /readyz reports besides the process's state flags (health.ts: shutting down, Redis, and
// WordPress as its answers and the background probe leave it, server/wordpress.ts): the cache's
// tiers, the breaker and the purge bus, the page cache, the languages served, and the fallbacks
// shown in place of WordPress's content (docs/interfaces.md "Paths that are not pages").
import type { CacheStack } from "../cache";
import type { SiteLanguages } from "../content/site-languages";
import type { PageCache, SharedPages } from "./page-cache";

export function readinessReport(parts: {
  cache: Pick<CacheStack, "stats">;
  /** Redis refused the site's credentials (it will not come back by itself). */
  redisAuthFailed(): boolean;
  pageCache: PageCache | undefined;
  /** The shared page tier: up, down (this pod renders its own pages) or disabled. */
  sharedPages?: Pick<SharedPages, "state"> | undefined;
  languages: Pick<SiteLanguages, "state">;
  /** The fallbacks shown instead of WordPress's content. */
  warnings(): string[];
}) {
  return () => {
    const stats = parts.cache.stats();
    return {
      redis: stats.redis === "down" && parts.redisAuthFailed() ? "auth failed" : stats.redis,
      breaker: stats.breaker,
      bus: stats.bus,
      memory: stats.memory,
      pageCache: parts.pageCache
        ? {
            entries: parts.pageCache.size,
            bytes: parts.pageCache.bytes,
            shared: parts.sharedPages?.state ?? "disabled",
          }
        : "disabled",
      languages: parts.languages.state(),
      warnings: parts.warnings(),
    };
  };
}
