// What one request carries in express's `res.locals`, typed once for every module that reads it.
import type { RequestScope } from "../request-scope";

/**
 * How the page cache answered: a hit, a miss that rendered, an answer from another request's
 * render, or a page from the shared tier in Redis (another pod's render: fresh, or its stale copy
 * while that pod renders it again).
 */
export type CacheOutcome = "page-hit" | "page-miss" | "page-collapsed" | "page-hit-shared" | "page-stale-shared";

declare module "express-serve-static-core" {
  interface Locals {
    /** When the request began (ms since the epoch): a stored page's age counts from it. */
    startedAt?: number;
    /** The request's id (X-Request-Id), from its first step on; its scope carries it through a render. */
    requestId?: string;
    /** The page cache's outcome (`Server-Timing: cache`, the request log's `cache`). */
    cacheOutcome?: CacheOutcome;
    /** The page-cache key of a cacheable GET, set by the page cache before the router runs. */
    pageCacheKey?: string;
    /** An answer that varies by visitor (the `/` language redirect): never stored, never shared. */
    privateAnswer?: boolean;
    /**
     * The request's scope, set when the request begins: the one carrier of its id (logged as
     * `reqId`, sent to WordPress as X-Request-Id), and what the page learns while it renders
     * (tags, freshness, WordPress time).
     */
    scope?: RequestScope;
  }
}
