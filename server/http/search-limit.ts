// Renders per visitor of pages whose query can name anything: searches, and lists of saved products
// (a shared wishlist's `items`, the contact form's `wishlist`). Every distinct search or list
// misses every cache and becomes WordPress reads and a render, so a flood of random ones would land
// on WordPress whatever the caches hold: past its limit (RATE_LIMITS.searchRenders,
// RATE_LIMITS.savedLists) a visitor's next uncached one answers 429 with Retry-After (no-store) and
// never reaches WordPress. Mounted after the page cache: one already rendered is answered from
// there without counting.
import type { Request, RequestHandler } from "express";
import { matchRoute } from "../../common/route-table";
import { searchOf } from "./page-cache/key";
import type { ClientLimiter } from "./rate-limits";

/** Counts the requests `applies` picks against `limiter`, per visitor; refuses past it with 429. */
export function limitedRenders(
  limiter: ClientLimiter,
  applies: (req: Request, search: URLSearchParams) => boolean,
  what: string,
  onLimited?: () => void,
): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const mark = req.url.indexOf("?");
    if (mark === -1 || !applies(req, new URLSearchParams(req.url.slice(mark + 1)))) return next();
    limiter.take(req.ip ?? req.socket.remoteAddress ?? "unknown").then((allowed) => {
      if (allowed.ok) return next();
      onLimited?.();
      res.setHeader("Retry-After", String(allowed.retryAfterSeconds));
      res.setHeader("Cache-Control", "no-store");
      res
        .status(429)
        .type("text/plain")
        .send(`Too many ${what} from your address; try again in ${allowed.retryAfterSeconds} s.\n`);
    }, next);
  };
}

export function searchRenderLimit(limiter: ClientLimiter, onLimited?: () => void): RequestHandler {
  return limitedRenders(limiter, (req, search) => searchOf(req.path, search) !== undefined, "searches", onLimited);
}

/** The query parameter of each route that names saved products by id. */
const SAVED_LISTS: Readonly<Record<string, string>> = { wishlist: "items", contact: "wishlist" };

/** A shared wishlist or the contact form's list: a page that reads the products its query names. */
export function savedListOf(pathname: string, search: URLSearchParams): string | undefined {
  const pagePath = pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  const parameter = SAVED_LISTS[matchRoute(pagePath)?.route.entry.name ?? ""];
  return parameter ? search.get(parameter) || undefined : undefined;
}

export function savedListRenderLimit(limiter: ClientLimiter, onLimited?: () => void): RequestHandler {
  return limitedRenders(
    limiter,
    (req, search) => savedListOf(req.path, search) !== undefined,
    "shared lists",
    onLimited,
  );
}
