// The express application around the React Router handler: request ids and the request log,
// metrics, compression, trailing-slash redirects, health endpoints, static assets, media, the
// language decision at /, then the pages. Built by server/main.ts; tests build it in-process.
import path from "node:path";
import { randomUUID } from "node:crypto";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import compression from "compression";
import onHeaders from "on-headers";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Metrics } from "./metrics";
import { routeLabel } from "./route-label";
import { SECURITY_HEADERS, pageCacheHeaders, setHeaders } from "./headers";
import { rootLanguageRedirect } from "./language-redirect";
import { mediaProxy } from "./media";
import { lastResortHtml } from "../../app/lib/last-resort";
import { PageCache, capturePages, isPagePath, servePageCache, surrogateKeyHeader } from "./page-cache";
import { newScope, runInScope, type RequestScope } from "../request-scope";
import { clientErrorsHandler, serviceWorkerHandler } from "../integrations";

export interface SiteState {
  shuttingDown: boolean;
  wordpress: "up" | "down" | "unknown";
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
  /** Readiness details (Redis, WordPress) beyond the state flags. */
  readiness?: () => Record<string, unknown>;
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

export function createSite(options: SiteOptions) {
  const { config, logger, metrics, state } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", "simple");

  // Request id and the one log line per request (with the cache outcome the page layer notes).
  app.use((req, res, next) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = id;
    res.locals.startedAt = Date.now();
    res.setHeader("X-Request-Id", id);
    setHeaders(res, SECURITY_HEADERS);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req.path);
      metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      logger.info({
        reqId: id,
        method: req.method,
        path: req.path,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e4) / 10,
        cache: res.locals.cacheOutcome ?? "none",
      }, "request");
    });
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
  app.use(clientErrorsHandler({ registry: metrics.registry, logger }));

  app.use(rootLanguageRedirect(config.rootRedirect));

  const cdnPolicy = { freshSeconds: config.cache.freshSeconds, staleSeconds: config.cache.staleSeconds };
  const setPageHeaders = (res: express.Response, status: number, tags: readonly string[]) => {
    if (res.locals.privateAnswer) {
      res.setHeader("Cache-Control", "private, no-cache");
    } else {
      const scope = res.locals.scope as RequestScope | undefined;
      setHeaders(res, pageCacheHeaders(status, { ...cdnPolicy, freshSeconds: scope?.freshSeconds ?? cdnPolicy.freshSeconds }));
    }
    if (tags.length > 0 && status < 500) {
      const keys = surrogateKeyHeader(tags);
      res.setHeader("Surrogate-Key", keys);
      res.setHeader("Cache-Tag", keys.replaceAll(" ", ","));
    }
  };

  // Pages already rendered are answered here, precompressed, before anything else runs.
  if (options.pageCache) app.use(servePageCache(options.pageCache, setPageHeaders));

  app.use(compression());

  for (const handler of options.before ?? []) app.use(handler);

  if (options.clientDir) {
    // The service worker must be revalidated on every load, so a new deployment takes over.
    app.use(serviceWorkerHandler(options.clientDir));
    // Hashed assets never change: cache them for a year. The rest of the client folder (icons,
    // fonts, the service worker) for an hour, revalidated.
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false, redirect: false }));
  }

  if (!config.mediaUrl) app.use("/media", mediaProxy(options.uploadsUrl, logger));

  // Each page request gets a scope that collects the tags of the content it renders; cache
  // headers (CONTRACT "Page responses") are set from it as the headers leave.
  app.use((req, res, next) => {
    const scope = newScope(res.locals.requestId as string | undefined);
    res.locals.scope = scope;
    onHeaders(res, () => {
      const type = String(res.getHeader("Content-Type") ?? "");
      const isPage = type.startsWith("text/html") || isPagePath(req.path);
      if (!isPage || (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304)) return;
      if (res.statusCode >= 500) return setHeaders(res, { "Cache-Control": "no-store" });
      // Form answers repeat what the visitor typed: never cached anywhere.
      if (req.method !== "GET" && req.method !== "HEAD") return setHeaders(res, { "Cache-Control": "no-store" });
      // A route that answers per visitor (previews) says so itself: never make it public.
      if (/private|no-store/.test(String(res.getHeader("Cache-Control") ?? ""))) return;
      setPageHeaders(res, res.statusCode, [...scope.tags]);
      const timing = [`cache;desc="${res.locals.cacheOutcome ?? "render"}"`];
      if (scope.originMs > 0) timing.push(`wp;dur=${Math.round(scope.originMs)}`);
      res.setHeader("Server-Timing", timing.join(", "));
    });
    runInScope(scope, next);
  });
  if (options.pageCache) app.use(capturePages(options.pageCache, (res) => res.locals.scope as RequestScope | undefined, config.cache.freshSeconds));

  app.use(options.pages);

  // Last resort: no stack trace ever reaches a visitor. Bad input is a 4xx with a message.
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, reqId: res.locals.requestId, path: req.path }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(status).setHeader("Cache-Control", "no-store");
    if (status >= 500) return res.type("html").send(lastResortHtml);
    res.type("text/plain").send(status === 404 ? "This page could not be found\n" : `Bad request: ${error?.expose ? error.message : "the request could not be understood"}\n`);
  };
  app.use(onError);
  return app;
}
