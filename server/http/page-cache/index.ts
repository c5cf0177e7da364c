// The full-page cache: rendered HTML and React Router data responses of anonymous GETs, kept
// precompressed (gzip, brotli) with an ETag, keyed by path and the query parameters the route
// declares (tracking parameters never count), tagged with the content the page was rendered from
// and purged with it, bounded in bytes by PAGE_CACHE_MB. A hit is answered before the router runs.
//
// key.ts: which requests are pages, and their key (a security control); store.ts: the entries and
// their byte bound; serve.ts: the hit paths and the waiters of a render; page-renders.ts: one
// render per page (request collapsing); capture.ts: storing what the router renders;
// negotiation.ts: encodings and ETags; shared.ts: the pages in Redis, for every pod (one render
// per page for the cluster).
export { isPagePath, pageCacheKey } from "./key";
export {
  compress,
  etagOf,
  identityOf,
  ownedCopy,
  PageCache,
  surrogateKeyHeader,
  type PageCacheObserver,
  type PageEntry,
} from "./store";
export { answerPageHit, servePageCache, type PageHeaders } from "./serve";
export { capturePages } from "./capture";
export { PageRenders, type RenderTurn } from "./page-renders";
export { SharedPages, type SharedPagesOptions } from "./shared";
