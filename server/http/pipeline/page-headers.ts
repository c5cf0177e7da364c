// The cache headers of a page (docs/interfaces.md "Page responses"): set from what the page was rendered
// from, as its headers leave. Each page request gets a scope that collects the tags of the content
// it renders (server/request-scope.ts).
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { pageCacheHeaders, setHeaders } from "../headers";
import { isPagePath, surrogateKeyHeader, type PageHeaders } from "../page-cache";
import { newScope, runInScope } from "../../request-scope";
import { RETRY_AFTER_SECONDS } from "../../content/outage";
import { isPreviewPath } from "../preview-gate";

/** Cache-Control for a page of this status and freshness, with its Surrogate-Key and Cache-Tag. */
export function pageHeaders(cdnPolicy: { freshSeconds: number; staleSeconds: number }): PageHeaders {
  // A handful of statuses and freshnesses: each set of headers is worked out once.
  const known = new Map<string, Record<string, string>>();
  return (res, status, surrogateKey, freshSeconds = cdnPolicy.freshSeconds, privateAnswer = false) => {
    if (privateAnswer) res.setHeader("Cache-Control", "private, no-cache");
    else {
      const id = `${status}:${freshSeconds}`;
      let headers = known.get(id);
      if (!headers) {
        headers = pageCacheHeaders(status, { ...cdnPolicy, freshSeconds });
        if (known.size < 1000) known.set(id, headers);
      }
      setHeaders(res, headers);
    }
    if (surrogateKey && status < 500) {
      res.setHeader("Surrogate-Key", surrogateKey);
      res.setHeader("Cache-Tag", surrogateKey.replaceAll(" ", ","));
    }
  };
}

/** Runs the rest of the request in its scope, and sets the page's cache headers from it. */
export function pageScope(setPageHeaders: PageHeaders): RequestHandler {
  return (req, res, next) => {
    const scope = (res.locals.scope ??= newScope(undefined, req.path));
    onHeaders(res, () => {
      const type = String(res.getHeader("Content-Type") ?? "");
      const isPage = type.startsWith("text/html") || isPagePath(req.path);
      if (!isPage || (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304)) return;
      // A 503 is WordPress unreachable with nothing cached (server/content/outage.ts): come back soon.
      if (res.statusCode === 503 && !res.hasHeader("Retry-After"))
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      if (res.statusCode >= 500) return setHeaders(res, { "Cache-Control": "no-store" });
      // Form answers repeat what the visitor typed: never cached anywhere.
      if (req.method !== "GET" && req.method !== "HEAD") return setHeaders(res, { "Cache-Control": "no-store" });
      // A preview answers a signed, short-lived link: private whatever its status. (Its refusals,
      // 403 expired and 404 missing, go through the error boundary, which drops the route's own
      // headers: they were public, with CDN freshness, and stored here and at the edge.)
      if (isPreviewPath(req.path))
        return setHeaders(res, { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
      // A route that answers per visitor says so itself: never make it public.
      if (/private|no-store/.test(String(res.getHeader("Cache-Control") ?? ""))) return;
      setPageHeaders(
        res,
        res.statusCode,
        surrogateKeyHeader([...scope.tags]),
        scope.freshSeconds,
        res.locals.privateAnswer === true,
      );
      const timing = [`cache;desc="${res.locals.cacheOutcome ?? "render"}"`];
      if (scope.originMs > 0) timing.push(`wp;dur=${Math.round(scope.originMs)}`);
      res.setHeader("Server-Timing", timing.join(", "));
    });
    runInScope(scope, next);
  };
}
