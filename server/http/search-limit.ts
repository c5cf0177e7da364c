// Searches that reach the renderer, per visitor. Every distinct search misses every cache and
// becomes a WordPress search and a render, so a flood of random searches would land on WordPress
// whatever the caches hold: past RATE_LIMITS.searchRenders a visitor's next uncached search answers
// 429 with Retry-After (no-store) and never reaches WordPress. Mounted after the page cache: a
// search already rendered is answered from there without counting.
import type { RequestHandler } from "express";
import { searchOf } from "./page-cache/key";
import type { ClientLimiter } from "./rate-limits";

export function searchRenderLimit(limiter: ClientLimiter, onLimited?: () => void): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const mark = req.url.indexOf("?");
    if (mark === -1 || searchOf(req.path, new URLSearchParams(req.url.slice(mark + 1))) === undefined) return next();
    limiter.take(req.ip ?? req.socket.remoteAddress ?? "unknown").then((allowed) => {
      if (allowed.ok) return next();
      onLimited?.();
      res.setHeader("Retry-After", String(allowed.retryAfterSeconds));
      res.setHeader("Cache-Control", "no-store");
      res.status(429).type("text/plain").send(`Too many searches from your address; try again in ${allowed.retryAfterSeconds} s.\n`);
    }, next);
  };
}
