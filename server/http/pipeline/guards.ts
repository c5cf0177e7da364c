// Requests put in their canonical form before anything renders them.
import type { RequestHandler } from "express";
import { isPagePath, pageCacheKey } from "../page-cache";
import { LANGS, matchRoute, type Lang } from "../../../common/route-table";
import type { PageExists } from "../redirect-targets";

/**
 * /products/ → /products (301), straight to the page's canonical spelling (/Products/ →
 * /products). Only a path that names a page of a language served is redirected: any other one
 * (/it/ when only English is served, /nothing/) is a 404 at once, never a redirect to one. Leading
 * slashes collapse, so //evil.example/ cannot become a protocol-relative redirect to another host.
 * A target with a key is redirected to only when `exists` finds that page (redirect-targets.ts).
 */
export function trailingSlashRedirect(
  served: () => readonly Lang[] = () => LANGS,
  exists?: PageExists,
): RequestHandler {
  return async (req, res, next) => {
    if (req.path.length > 1 && req.path.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
      const clean = "/" + req.path.replace(/^\/+|\/+$/g, "");
      const match = matchRoute(clean, served());
      // No page there: the router answers its 404 page for the path as requested.
      if (!match || (exists && !(await exists(match)))) return next();
      const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
      return res.redirect(301, match.canonical + query);
    }
    next();
  };
}

/** Whether a Host header names a host (and port) a URL can be built from. */
export function validHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

/**
 * A Host header that is not a host (a space, a '%', an out-of-range port, empty) is bad input: a
 * 400 here, before @react-router/express's `new URL(...)` would throw a 500 on it
 * (tests/security/cache-poisoning.test.ts). The Host never shapes a page: SITE_URL does.
 */
export function hostGuard(): RequestHandler {
  return (req, _res, next) =>
    validHost(req.headers.host)
      ? next()
      : next(Object.assign(new Error("invalid Host header"), { status: 400, expose: true }));
}

/**
 * The router sees exactly what the page-cache key names: the path and the declared parameters,
 * in key order. Pages are cached (here and by the CDN) under that key, and a page rendered from
 * the whole query would keep the first visitor's undeclared parameters
 * (/categories/vases?redirect=https://evil.example, ?SORT=…) — the product list copies the query
 * into every product link, ScrollRestoration into an inline script — and serve them to everyone
 * (tests/security/cache-poisoning.test.ts). React Router's manifest endpoint keeps its own query.
 */
export function canonicalQuery(): RequestHandler {
  return (req, _res, next) => {
    const page = !/\.[a-z0-9]+$/i.test(req.path) || isPagePath(req.path);
    if ((req.method === "GET" || req.method === "HEAD") && page && req.path !== "/__manifest") {
      const canonical = pageCacheKey(req.path, new URLSearchParams(req.originalUrl.split("?")[1] ?? ""));
      if (canonical !== req.originalUrl) req.url = req.originalUrl = canonical;
    }
    next();
  };
}
