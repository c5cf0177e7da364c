// The express application around the React Router handler: request ids and the request log,
// metrics, compression, trailing-slash redirects, health endpoints, static assets, media, the
// language decision at /, then the pages. Built by server/main.ts; tests build it in-process.
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import compression from "compression";
import onHeaders from "on-headers";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Metrics } from "./metrics";
import { routeLabel } from "./route-label";
import { pageCacheHeaders, setHeaders } from "./headers";
import { documentPolicy, securityHeaders } from "./security-headers";
import { rootLanguageRedirect } from "./language-redirect";
import { canonicalUrlRedirect } from "./canonical-url";
import { mediaProxy } from "./media";
import { lastResortHtml } from "../../common/last-resort";
import { Turns } from "../runtime/turns";
import { PageRenders } from "./page-renders";
import { type PageCache, answerPageHit, capturePages, isPagePath, pageCacheKey, servePageCache, surrogateKeyHeader, type PageHeaders } from "./page-cache";
import { newScope, runInScope, type RequestScope } from "../request-scope";
import { clientErrorsHandler, serviceWorkerHandler } from "../integrations";
import type { RateLimits } from "./rate-limits";
import { RETRY_AFTER_SECONDS } from "../content/outage";
import type { Lang } from "../../common/locale";
import { routeIdOf } from "../../common/route-table";

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
  /** Where media is fetched from when MEDIA_URL is unset: WordPress's uploads. */
  uploadsUrl: string;
  /** Development: Vite's middlewares. */
  before?: RequestHandler[];
  /** The full-page cache; undefined (or PAGE_CACHE_MB=0) renders every request. */
  pageCache?: PageCache;
  /** The webhook and the SRE purge API. */
  api?: RequestHandler;
  /** Per-client limits (Redis-backed when configured); default: in memory. */
  rateLimits?: RateLimits;
  /** The languages served (server/content/site-languages.ts); all of them when not given. */
  languages?: () => readonly Lang[];
  /** Readiness details (Redis, WordPress) beyond the state flags. */
  readiness?: () => Record<string, unknown>;
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Whether a Host header names a host (and port) a URL can be built from. */
function validHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

export function createSite(options: SiteOptions) {
  const { config, logger, metrics, state } = options;
  const app = express();
  const securityHeaderList = Object.entries(securityHeaders(config));
  // Vite's development server injects scripts of its own and a websocket: no document policy there.
  const policyOf = config.env === "development" ? undefined : documentPolicy(config);
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", "simple");
  // The client address (req.ip, the key of every rate limit): X-Forwarded-For is read only as far
  // as TRUST_PROXY says (a hop count, or the proxies' CIDRs); by default not at all, so a visitor
  // cannot choose their address by sending the header.
  app.set("trust proxy", config.trustProxy);

  // Drain (tests/reliability/sigterm.test.ts): server.close() on SIGTERM (server/main.ts) closes
  // the keep-alive connections idle at that instant, but one whose answer has just finished is not
  // idle yet and would hold the drain until the 25 s forced exit (code 1). So once shutdown has
  // begun, the connections that have gone idle are closed every 100 ms.
  let server: import("node:http").Server | undefined;
  const drain = setInterval(() => {
    if (state.shuttingDown) server?.closeIdleConnections();
  }, 100);
  drain.unref();

  /**
   * Every answer, from the hit path or express: a request id, the security headers, and the one
   * log line and duration metric with the cache outcome the page layer notes.
   */
  const observe = (req: IncomingMessage, res: ServerResponse, path: string, outcome: () => string | undefined): string => {
    server ??= (req.socket as { server?: import("node:http").Server }).server;
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    for (const [name, value] of securityHeaderList) res.setHeader(name, value);
    // Answers that leave once shutdown has begun close their connection, or a keep-alive
    // connection whose request was in flight at SIGTERM would hold the drain until the 25 s
    // forced exit (tests/reliability/sigterm.test.ts).
    // An answer sent before its request's body had arrived
    // (a 300 kB POST to a page without an action: React Router answers 405 and never reads it)
    // left the keep-alive connection holding unread bytes, and the next request on it (another
    // visitor's, behind a balancer that pools connections) hung until the 30 s request timeout.
    // Such an answer closes its connection too.
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    onHeaders(res, () => {
      if (state.shuttingDown || (hasBody && !req.complete)) res.setHeader("Connection", "close");
    });
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(path);
      metrics.httpDuration.observe({ method: req.method ?? "GET", route, status: String(res.statusCode) }, seconds);
      logger.info({
        reqId: id,
        method: req.method,
        path,
        route,
        // Pages only: React Router's route id with its language (`products-it`).
        routeId: /^text\/html/.test(String(res.getHeader("Content-Type") ?? "")) || path.endsWith(".data") ? routeIdOf(path) : undefined,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e4) / 10,
        cache: outcome() ?? "none",
      }, "request");
    });
    return id;
  };
  app.use((req, res, next) => {
    if (res.locals.requestId === undefined) {
      res.locals.requestId = observe(req, res, req.path, () => res.locals.cacheOutcome as string | undefined);
    }
    res.locals.startedAt ??= Date.now();
    next();
  });

  // /products/ → /products (301). Leading slashes collapse, so //evil.example/ cannot become a
  // protocol-relative redirect to another host.
  app.use((req, res, next) => {
    if (req.path.length > 1 && req.path.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
      const clean = "/" + req.path.replace(/^\/+|\/+$/g, "");
      const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      return res.redirect(301, clean + query);
    }
    next();
  });

  // /IT/Prodotti → /it/prodotti (301), keys and query kept.
  app.use(canonicalUrlRedirect());

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain").send("ok\n");
  });
  app.get("/readyz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const body = { status: state.shuttingDown ? "shutting-down" : "ready", redis: state.redis, wordpress: state.wordpress, ...options.readiness?.() };
    res.status(state.shuttingDown ? 503 : 200).json(body);
  });

  if (options.api) app.use(options.api);
  // Browser errors reported by the page (sampled, rate-limited): logged and counted.
  app.use(clientErrorsHandler({ registry: metrics.registry, logger, limiter: options.rateLimits?.clientErrors }));

  app.use(rootLanguageRedirect(config.rootRedirect, options.languages));

  const cdnPolicy = { freshSeconds: config.cache.freshSeconds, staleSeconds: config.cache.staleSeconds };
  const setPageHeaders: PageHeaders = (res, status, surrogateKey, freshSeconds = cdnPolicy.freshSeconds, privateAnswer = false) => {
    if (privateAnswer) res.setHeader("Cache-Control", "private, no-cache");
    else setHeaders(res, pageCacheHeaders(status, { ...cdnPolicy, freshSeconds }));
    if (surrogateKey && status < 500) {
      res.setHeader("Surrogate-Key", surrogateKey);
      res.setHeader("Cache-Tag", surrogateKey.replaceAll(" ", ","));
    }
  };

  // Pages already rendered are answered here, precompressed, before anything else runs.
  // A miss on a page that is being rendered waits for that render (server/http/page-renders.ts),
  // at most as long as the data it needs may take (the cache's hard timeout).
  const pageCache = options.pageCache;
  const renders = pageCache
    ? new PageRenders({
        storedEntry: (key) => pageCache.peekFresh(key),
        waitMs: config.wpTimeoutMs + 1000,
        onWaitedTooLong: (key) => logger.warn({ key }, "stopped waiting for another request's render of this page; rendering it again"),
      })
    : undefined;
  if (pageCache) app.use(servePageCache(pageCache, setPageHeaders, renders, (req) => metrics.pageRenders.inc({ route: routeLabel(req.path), collapsed: "true" })));

  app.use(compression());

  for (const handler of options.before ?? []) app.use(handler);

  if (options.clientDir) {
    // The service worker must be revalidated on every load, so a new deployment takes over.
    app.use(serviceWorkerHandler(options.clientDir));
    // Hashed assets never change: cache them for a year. The rest of the client folder (icons,
    // fonts, the service worker) for an hour, revalidated.
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
    // Only paths with an extension can be files here: pages skip the disk lookup (a stat per page).
    const clientFiles = express.static(options.clientDir, { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? clientFiles(req, res, next) : next()));
  }

  if (!config.mediaUrl) app.use("/media", mediaProxy(options.uploadsUrl, logger));

  // Each page request gets a scope that collects the tags of the content it renders; cache
  // headers (CONTRACT "Page responses") are set from it as the headers leave.
  app.use((req, res, next) => {
    const scope = newScope(res.locals.requestId as string | undefined, req.path);
    res.locals.scope = scope;
    onHeaders(res, () => {
      const type = String(res.getHeader("Content-Type") ?? "");
      const isPage = type.startsWith("text/html") || isPagePath(req.path);
      if (!isPage || (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304)) return;
      // A 503 is WordPress unreachable with nothing cached (server/content/outage.ts): come back soon.
      if (res.statusCode === 503 && !res.hasHeader("Retry-After")) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      if (res.statusCode >= 500) return setHeaders(res, { "Cache-Control": "no-store" });
      // Form answers repeat what the visitor typed: never cached anywhere.
      if (req.method !== "GET" && req.method !== "HEAD") return setHeaders(res, { "Cache-Control": "no-store" });
      // A preview answers a signed, short-lived link: private whatever its status. (Its refusals,
      // 403 expired and 404 missing, go through the error boundary, which drops the route's own
      // headers: they were public, with CDN freshness, and stored here and at the edge.)
      if (isPreviewPath(req.path)) return setHeaders(res, { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
      // A route that answers per visitor says so itself: never make it public.
      if (/private|no-store/.test(String(res.getHeader("Cache-Control") ?? ""))) return;
      setPageHeaders(res, res.statusCode, surrogateKeyHeader([...scope.tags]), scope.freshSeconds, res.locals.privateAnswer === true);
      const timing = [`cache;desc="${res.locals.cacheOutcome ?? "render"}"`];
      if (scope.originMs > 0) timing.push(`wp;dur=${Math.round(scope.originMs)}`);
      res.setHeader("Server-Timing", timing.join(", "));
    });
    runInScope(scope, next);
  });
  // A Host header that is not a host (a space, a '%', an out-of-range port, empty) is bad input: a
  // 400 here, before @react-router/express's `new URL(...)` would throw a 500 on it
  // (tests/security/cache-poisoning.test.ts). The Host never shapes a page: SITE_URL does.
  app.use((req, res, next) => (validHost(req.headers.host) ? next() : next(Object.assign(new Error("invalid Host header"), { status: 400, expose: true }))));
  // The router sees exactly what the page-cache key names: the path and the declared parameters,
  // in key order. Pages are cached (here and by the CDN) under that key, and a page rendered from
  // the whole query would keep the first visitor's undeclared parameters
  // (/categories/vases?redirect=https://evil.example, ?SORT=…) — the product list copies the
  // query into every product link, ScrollRestoration into an inline script — and serve them to
  // everyone (tests/security/cache-poisoning.test.ts). React Router's manifest endpoint keeps its
  // own query.
  app.use((req, _res, next) => {
    const page = !/\.[a-z0-9]+$/i.test(req.path) || isPagePath(req.path);
    if ((req.method === "GET" || req.method === "HEAD") && page && req.path !== "/__manifest") {
      const canonical = pageCacheKey(req.path, new URLSearchParams(req.originalUrl.split("?")[1] ?? ""));
      if (canonical !== req.originalUrl) req.url = req.originalUrl = canonical;
    }
    next();
  });
  // Buffers documents for their Content-Security-Policy (hashes of their inline scripts) and, with
  // a page cache, keeps cacheable pages; mounted without a page cache too, for the policy.
  app.use(capturePages(options.pageCache, (res) => res.locals.scope as RequestScope | undefined, config.cache.freshSeconds, policyOf));

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
  const onError: ErrorRequestHandler = (thrown: unknown, req, res, _next) => {
    // express's and body-parser's errors carry an HTTP status and say whether their message may be shown.
    const error = (typeof thrown === "object" && thrown !== null ? thrown : {}) as { status?: unknown; expose?: unknown; message?: unknown };
    const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status >= 500) logger.error({ err: thrown, reqId: res.locals.requestId, path: req.path }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(status).setHeader("Cache-Control", "no-store");
    if (status >= 500) return res.type("html").send(lastResortHtml);
    res.type("text/plain").send(status === 404 ? "This page could not be found\n" : `Bad request: ${error.expose === true && typeof error.message === "string" ? error.message : "the request could not be understood"}\n`);
  };
  app.use(onError);

  // The hit path first; everything else (and every miss) through express.
  const hit = options.pageCache ? answerPageHit(options.pageCache, setPageHeaders) : undefined;
  const handle: RequestListener = (req, res) => {
    if (!hit) return void app(req, res);
    const url = req.url ?? "/";
    const mark = url.indexOf("?");
    const pathname = mark === -1 ? url : url.slice(0, mark);
    // express keeps res.locals it finds, so a miss carries its request id on.
    const locals = Object.create(null) as Record<string, unknown>;
    (res as ServerResponse & { locals: Record<string, unknown> }).locals = locals;
    locals.startedAt = Date.now();
    locals.requestId = observe(req, res, pathname, () => locals.cacheOutcome as string | undefined);
    if (hit(req, res, pathname, mark === -1 ? "" : url.slice(mark + 1))) locals.cacheOutcome = "page-hit";
    else app(req, res);
  };
  return { app, handle };
}

/** /preview and its data request, in either language, however the path is encoded or cased. */
function isPreviewPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape is not the preview route
  }
  return /^\/(?:it\/)?preview(?:\.data)?$/i.test(decoded);
}
