// The express application around the React Router handler, in the order a request meets it:
// request id, security headers and the request log (pipeline/request-log.ts), trailing-slash and
// canonical-URL redirects, health, media, the cache API, the language decision at /, the preview
// links' check, the page cache's serve path, compression, static assets, the page's scope and cache headers, the Host
// guard and canonical query (pipeline/guards.ts), capture for the page cache and the CSP, render
// turns, the router, and the last-resort error handler. One concern per module; this file only
// assembles them. Built by server/main.ts; tests build it in-process.
import path from "node:path";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import express, { type Express, type Locals, type RequestHandler } from "express";
import compression from "compression";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Metrics } from "./metrics";
import { routeLabel } from "./route-label";
import { documentPolicy, securityHeaders } from "./security-headers";
import { rootLanguageRedirect } from "./language-redirect";
import { canonicalUrlRedirect } from "./canonical-url";
import type { PageExists } from "./redirect-targets";
import { Turns } from "../runtime/turns";
import { dataHardTimeoutMs } from "../cache";
import { newScope } from "../request-scope";
import {
  type PageCache,
  type PageHeaders,
  PageRenders,
  type SharedPages,
  answerPageHit,
  capturePages,
  servePageCache,
} from "./page-cache";
import { clientErrorsHandler } from "./client-error-reports";
import { serviceWorkerHandler } from "./service-worker";
import { createRateLimits, type RateLimits } from "./rate-limits";
import type { Lang } from "../../common/locale";
import { createDrain } from "./pipeline/drain";
import { savedListRenderLimit, searchRenderLimit } from "./search-limit";
import { previewGate } from "./preview-gate";
import { requestObserver } from "./pipeline/request-log";
import { canonicalQuery, hostGuard, trailingSlashRedirect } from "./pipeline/guards";
import { pageHeaders, pageScope } from "./pipeline/page-headers";
import { lastResortErrors } from "./pipeline/last-resort";
import { exactPaths, HEALTH_PATH, notFound, PURGE_PATH, READY_PATH } from "./pipeline/exact-paths";
import { isProbe, probes, type Probes } from "./health";

export interface SiteState {
  shuttingDown: boolean;
  /** From the last WordPress answer: `unauthorized` while it refuses the site's credentials. */
  wordpress: "up" | "down" | "unknown" | "unauthorized";
  redis: "up" | "down" | "disabled";
}

export interface SiteOptions {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  state: SiteState;
  /** The React Router handler (production build or Vite in development). */
  pages: RequestHandler;
  /** build/client in production; undefined in development (Vite serves assets). */
  clientDir?: string;
  /** /media/ (server/http/media.ts); undefined when MEDIA_URL names an image CDN instead. */
  media?: RequestHandler;
  /** Development: Vite's middlewares. */
  before?: RequestHandler[];
  /** The full-page cache; undefined (or PAGE_CACHE_MB=0) renders every request. */
  pageCache?: PageCache;
  /** The shared page tier in Redis, read on a memory miss (PAGE_CACHE_SHARED). */
  sharedPages?: SharedPages;
  /** The WordPress webhook (the SRE purge API is on the internal port). */
  api?: RequestHandler;
  /** /healthz and /readyz, shared with the internal port; default: from `state` and `readiness`. */
  probes?: Probes;
  /** Per-client limits (Redis-backed when configured); default: in memory. */
  rateLimits?: RateLimits;
  /** The languages served (server/content/site-languages.ts); all of them when not given. */
  languages?: () => readonly Lang[];
  /** Whether a redirect's target page exists (redirect-targets.ts); every target does when not given. */
  pageExists?: PageExists;
  /** Readiness details (Redis, WordPress) beyond the state flags. */
  readiness?: () => Record<string, unknown>;
}

/** The application's settings: no fingerprinting headers, exact paths, the client address as TRUST_PROXY allows. */
function applySettings(app: Express, config: Config): void {
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", "simple");
  // The client address (req.ip, the key of every rate limit): X-Forwarded-For is read only as far
  // as TRUST_PROXY says (a hop count, or the proxies' CIDRs); by default not at all, so a visitor
  // cannot choose their address by sending the header.
  app.set("trust proxy", config.trustProxy);
  // Paths match as written: /API/cache/webhook or /healthz/ never reach a handler (the ingress
  // matches paths exactly too). Pages are matched by React Router, which has its own redirect to
  // their canonical spelling (canonical-url.ts).
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
}

/** build/client: the service worker, hashed assets, and the rest of the client folder. */
function serveClientFiles(app: Express, clientDir: string): void {
  // The service worker must be revalidated on every load, so a new deployment takes over.
  app.use(serviceWorkerHandler(clientDir));
  // Hashed assets never change: cache them for a year. The rest of the client folder (icons,
  // fonts, the service worker) for an hour, revalidated.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  // Only paths with an extension can be files here: pages skip the disk lookup (a stat per page).
  const clientFiles = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? clientFiles(req, res, next) : next()));
}

/**
 * Pages already rendered are answered here, precompressed, before anything else runs; a probe never
 * reads the page cache. A miss on a page that is being rendered waits for that render
 * (server/http/page-cache/page-renders.ts), at most as long as the data it needs may take (the
 * cache's hard timeout).
 */
function mountPageCache(app: Express, options: SiteOptions, setPageHeaders: PageHeaders): void {
  const pageCache = options.pageCache;
  if (!pageCache) return;
  const renders = new PageRenders({
    storedEntry: (key) => pageCache.peekFresh(key),
    waitMs: dataHardTimeoutMs(options.config.wpTimeoutMs),
    onWaitedTooLong: (key) =>
      options.logger.warn({ key }, "stopped waiting for another request's render of this page; rendering it again"),
  });
  const serve = servePageCache(
    pageCache,
    setPageHeaders,
    renders,
    (req) => options.metrics.pageRenders.inc({ route: routeLabel(req.path), collapsed: "true" }),
    options.sharedPages,
  );
  app.use((req, res, next) => (isProbe(req.path) ? next() : serve(req, res, next)));
}

export function createSite(options: SiteOptions) {
  const { config, logger, metrics, state } = options;
  const app = express();
  const securityHeaderList = Object.entries(securityHeaders(config));
  // Vite's development server injects scripts of its own and a websocket: no document policy there.
  const policyOf = config.env === "development" ? undefined : documentPolicy(config);
  applySettings(app, config);

  const drain = createDrain(() => state.shuttingDown);
  const observe = requestObserver({ logger, metrics, securityHeaders: securityHeaderList, drain });
  /**
   * Once per request, on the hit path or in express, whichever comes first: its start, its id and
   * its log line. A hit needs nothing more; what a render needs (its scope) is made in express.
   */
  const begin = (req: IncomingMessage, res: ServerResponse & { locals?: Locals }, pathname: string): Locals => {
    const locals = (res.locals ??= Object.create(null) as Locals);
    locals.startedAt ??= Date.now();
    locals.requestId ??= observe(req, res, pathname, () => locals.cacheOutcome);
    return locals;
  };
  app.use((req, res, next) => {
    const locals = begin(req, res, req.path);
    locals.scope ??= newScope(locals.requestId, req.path);
    observe.untilLastHeader(req, res);
    next();
  });

  // Any other spelling of a path that is not a page is a 404 before anything else sees it.
  app.use(exactPaths());

  app.use(trailingSlashRedirect(options.languages, options.pageExists));

  // /IT/Prodotti → /it/prodotti (301), keys and query kept; a missing target is a 404 where asked.
  app.use(canonicalUrlRedirect(options.languages, options.pageExists));

  const health = options.probes ?? probes(state, options.readiness);
  app.get(HEALTH_PATH, health.healthz);
  app.get(READY_PATH, health.readyz);

  // Images next: nothing below concerns them (the API, the language decision, the page cache,
  // compression — they are compressed already, an SVG is small — or the client folder's files, a
  // disk lookup per request otherwise), and a cached rendition is answered with the least work.
  if (options.media) app.use("/media", options.media);

  if (options.api) app.use(options.api);
  // The SRE purge API answers on the internal port only (server/http/internal-site.ts).
  app.all(PURGE_PATH, (_req, res) => notFound(res));
  // Browser errors reported by the page (sampled, rate-limited): logged and counted.
  app.use(clientErrorsHandler({ registry: metrics.registry, logger, limiter: options.rateLimits?.clientErrors }));

  app.use(rootLanguageRedirect(config.rootRedirect, options.languages));

  // A preview link is checked (form, signature, expiry) before anything reads or renders for it.
  const limits = options.rateLimits ?? createRateLimits();
  app.use(previewGate({ secret: config.purgeSecret, limiter: limits.previews }));

  const setPageHeaders = pageHeaders({
    freshSeconds: config.cache.freshSeconds,
    staleSeconds: config.cache.staleSeconds,
  });

  mountPageCache(app, options, setPageHeaders);

  app.use(compression());

  for (const handler of options.before ?? []) app.use(handler);

  if (options.clientDir) serveClientFiles(app, options.clientDir);

  app.use(pageScope(setPageHeaders));
  app.use(hostGuard());
  app.use(canonicalQuery());
  // Buffers documents for their Content-Security-Policy (hashes of their inline scripts) and, with
  // a page cache, keeps cacheable pages; mounted without a page cache too, for the policy.
  app.use(capturePages(options.pageCache, (res) => res.locals.scope, config.cache.freshSeconds, policyOf));

  // Uncached searches and shared lists per visitor (a flood of random ones would otherwise land on WordPress).
  app.use(searchRenderLimit(limits.searchRenders));
  app.use(savedListRenderLimit(limits.savedLists));

  // Requests go into the router one task at a time (server/runtime/turns.ts): a burst that arrives
  // together would otherwise start hundreds of routers in one pass of the event loop.
  const arrivals = new Turns(1);
  app.use((req, _res, next) => {
    // Every request that reaches the router is a render (page_renders_total, collapsed="false"),
    // except React Router's route manifest for lazy discovery.
    if (req.path !== "/__manifest") metrics.pageRenders.inc({ route: routeLabel(req.path), collapsed: "false" });
    arrivals.forThisTask().then(() => next(), next);
  });
  app.use(options.pages);

  // Last resort: no stack trace ever reaches a visitor. Bad input is a 4xx with a message.
  app.use(lastResortErrors(logger));

  // The hit path first; everything else (and every miss) through express.
  const hit = options.pageCache ? answerPageHit(options.pageCache, setPageHeaders) : undefined;
  const handle: RequestListener = (req, res) => {
    // A request with a body goes through express, which closes a connection left with unread bytes.
    if (!hit || req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0")
      return void app(req, res);
    const url = req.url ?? "/";
    const mark = url.indexOf("?");
    const pathname = mark === -1 ? url : url.slice(0, mark);
    // express keeps res.locals it finds, so a miss carries its scope (and request id) on.
    const locals = begin(req, res, pathname);
    // A hit is answered in this call: whether the pod drains is known now (express watches its headers instead).
    if (drain.draining) res.setHeader("Connection", "close");
    // A probe never reads the page cache, so it never counts in its hit ratio.
    if (!isProbe(pathname) && hit(req, res, pathname, mark === -1 ? "" : url.slice(mark + 1)))
      locals.cacheOutcome = "page-hit";
    else app(req, res);
  };
  return { app, handle };
}
