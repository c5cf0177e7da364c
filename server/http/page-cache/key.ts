// The page cache's key: which requests are pages, and under which key a page is stored. A
// security control: two requests that may render differently must never share a key, so the key
// is derived from the route table as React Router matches routes.
import type { IncomingMessage } from "node:http";
import { LRUCache } from "lru-cache";
import { DATA_QUERY, FILE_PATHS, matchRoute, pagePathOf } from "../../../common/route-table";
import { normaliseSearch } from "../../../common/search-query";

/**
 * The cache key of a request: the path as requested and the query parameters its route declares
 * in the route table, sorted (tracking parameters such as utm_* or gclid never count). The route
 * is matched as React Router matches it (any letter case, percent-encoding), so the parameters
 * are those of the page that renders: /Products or /%70roducts render the product list, so
 * /Products?category=vases must never be stored, or served, as /Products
 * (tests/security/cache-poisoning.test.ts). A search is kept in its normal form (trimmed, white
 * space collapsed, cut at 100 characters), so every spelling of one search shares a key.
 */
export function pageCacheKey(pathname: string, search: URLSearchParams): string {
  const isData = pathname.endsWith(".data");
  const pagePath = pagePathOf(pathname);
  // /preview is never cached (private), but the router renders it from the key's parameters too.
  const query = matchRoute(pagePath)?.route.query ?? {};
  const declared = [...Object.keys(query), ...(isData ? DATA_QUERY : [])];
  const kept: [string, string][] = [];
  for (const name of declared) {
    const raw = search.get(name);
    const value = raw !== null && query[name] === "search" ? normaliseSearch(raw) : raw;
    if (value !== null && value !== "") kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const encoded = new URLSearchParams(kept).toString();
  return `${pathname}${encoded ? `?${encoded}` : ""}`;
}

/** Paths with an extension that are pages all the same: data requests, sitemaps, robots. */
export function isPagePath(path: string): boolean {
  return path.endsWith(".data") || FILE_PATHS.has(path);
}

export function cacheable(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !req.headers.authorization;
}

/**
 * The keys of the URLs asked lately: a key depends on the path and query alone, and working it out
 * (the route's match, the query parsed and sorted) is most of what a hit costs otherwise.
 */
const keysOfUrls = new LRUCache<string, { key: string | undefined }>({ max: 4096 });

/** The page-cache key of a GET or HEAD for a page, or undefined when such a request is never cached. */
export function lookupKey(req: IncomingMessage, pathname: string, search: string): string | undefined {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.authorization) return undefined;
  const url = search ? `${pathname}?${search}` : pathname;
  let known = keysOfUrls.get(url);
  if (known === undefined) keysOfUrls.set(url, (known = { key: keyOfUrl(pathname, search) }));
  return known.key;
}

function keyOfUrl(pathname: string, search: string): string | undefined {
  if (/\.[a-z0-9]+$/i.test(pathname) && !isPagePath(pathname)) return undefined;
  return pageCacheKey(pathname, new URLSearchParams(search));
}

/** The search a page request renders (normalised), or undefined when its route has none or it is empty. */
export function searchOf(pathname: string, search: URLSearchParams): string | undefined {
  for (const [name, kind] of Object.entries(matchRoute(pagePathOf(pathname))?.route.query ?? {})) {
    if (kind !== "search") continue;
    const value = normaliseSearch(search.get(name) ?? "");
    if (value) return value;
  }
  return undefined;
}
