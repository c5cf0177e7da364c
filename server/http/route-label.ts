// The `route` label of http_request_duration_seconds: the route pattern, never the raw path, so
// the number of series stays bounded whatever visitors (or scanners) request. Both languages
// share one pattern in English words (the route table's label); the language is not a dimension
// SREs asked for.
import { FILE_PATHS, matchRoute, pagePathOf } from "../../common/route-table";

export function routeLabel(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (pathname.startsWith("/media/")) return "/media/*";
  if (pathname.startsWith("/api/")) return ["/api/cache/webhook", "/api/cache/purge"].includes(pathname) ? pathname : "/api/*";
  if (pathname === "/healthz" || pathname === "/readyz" || FILE_PATHS.has(pathname)) return pathname;
  if (pathname.endsWith(".data")) return `${routeLabel(pagePathOf(pathname))}.data`;
  const match = matchRoute(pathname);
  if (match) return match.label;
  return /^\/[^/]+\.[a-z0-9]{2,5}$/i.test(pathname) ? "static" : "not-found";
}
