// 301 to a page's canonical URL (docs/interfaces.md "Page responses"): the language prefix, the
// path words and the slugs in lowercase. React Router matches paths in any letter case, so
// /IT/prodotti rendered a page under a mixed-case address. The route table (common/route-table.ts)
// names the canonical form; ids and the whole query are kept as requested. Only the languages
// served are redirected into: a path of another language (/IT/prodotti when only English is
// served) is a 404 straight away, never a redirect to one. The target is always a path on this site that starts with a
// path word or the language prefix, never `//` or a scheme: no open redirect. Only the URL
// decides it, so the answer is the same for everyone (nothing unkeyed reaches a cache). A target
// with a key (a slug or an id) is redirected to only when that page exists (redirect-targets.ts);
// otherwise the page answers its 404 where it was asked.
import type { RequestHandler } from "express";
import { DATA_QUERY, LANGS, matchRoute, pagePathOf, type Lang } from "../../common/route-table";
import type { PageExists } from "./redirect-targets";

/** React Router's single fetch: a data request's redirect is a 204 the client follows as a navigation. */
const DATA_SUFFIX = ".data";

/**
 * `served`: the languages the site serves (all of them when not given). `exists`: whether the
 * target page exists (every target is taken to exist when not given).
 */
export function canonicalUrlRedirect(served: () => readonly Lang[] = () => LANGS, exists?: PageExists): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const isData = req.path.endsWith(DATA_SUFFIX);
    const page = pagePathOf(req.path);
    // The data request of a page with a trailing slash (`/products/_.data`) goes where the page's
    // document goes (guards.ts's trailing-slash redirect): to the canonical page.
    const match = matchRoute(
      isData && page.length > 1 && page.endsWith("/") ? "/" + page.replace(/^\/+|\/+$/g, "") : page,
      served(),
    );
    if (!match || match.canonical === page) return next();
    // No page there: the router answers its 404 for the path as requested.
    if (exists && !(await exists(match))) return next();
    const mark = req.originalUrl.indexOf("?");
    const query = mark === -1 ? "" : req.originalUrl.slice(mark);
    if (!isData) return res.redirect(301, match.canonical + query);
    // The page's own query, without the router's parameters: where the visitor belongs.
    const params = new URLSearchParams(query);
    for (const name of DATA_QUERY) params.delete(name);
    const search = params.toString();
    res.setHeader("X-Remix-Redirect", match.canonical + (search ? `?${search}` : ""));
    res.setHeader("X-Remix-Status", "301");
    // The target carries the visitor's whole query (tracking parameters too), and a shared cache
    // keys this URL without them: never stored, or one campaign's values would reach others.
    res.setHeader("Cache-Control", "no-store");
    res.status(204).end();
  };
}
