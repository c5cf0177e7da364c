// The `route` label of http_request_duration_seconds and http_requests_total: the route pattern,
// never the raw path, so the number of series stays bounded whatever visitors (or scanners)
// request — ROUTE_LABELS is every value routeLabel can answer, and the metrics start with it. Both
// languages share one pattern in English words (the route table's label); the language is not a
// dimension SREs asked for.
import { FILE_PATHS, FLAT_ROUTES, matchRoute, pagePathOf } from "../../common/route-table";

const PROBE_PATHS = ["/healthz", "/readyz"];
const API_PATHS = ["/api/cache/webhook", "/api/cache/purge"];
/** What a path that is no page, no file and no API is: a static-looking file name, or nothing. */
const UNROUTED = ["static", "not-found"];
/** The labels of React Router's data requests: a page's, or one for a data request of no page. */
const DATA_LABELS = [...FLAT_ROUTES.map((route) => `${route.label}.data`), "not-found.data"];

/** Every label routeLabel answers (≈ 60): the metrics' series for each exist from start-up. */
export const ROUTE_LABELS: readonly string[] = [
  "/assets/*",
  "/media/*",
  ...API_PATHS,
  "/api/*",
  ...PROBE_PATHS,
  ...FILE_PATHS,
  ...FLAT_ROUTES.map((route) => route.label),
  ...DATA_LABELS,
  ...UNROUTED,
];

/** The labels of the site's pages and their data requests (the latency SLO's routes). */
export const PAGE_ROUTE_LABELS: readonly string[] = FLAT_ROUTES.flatMap((route) => [
  route.label,
  `${route.label}.data`,
]);
/** The labels React Router renders under: the pages, and the 404 page of a path that is none. */
export const RENDERED_ROUTE_LABELS: readonly string[] = [...PAGE_ROUTE_LABELS, ...UNROUTED, "not-found.data"];

export function routeLabel(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (pathname.startsWith("/media/")) return "/media/*";
  if (pathname.startsWith("/api/")) return API_PATHS.includes(pathname) ? pathname : "/api/*";
  if (PROBE_PATHS.includes(pathname) || FILE_PATHS.has(pathname)) return pathname;
  // A data request is its page's (`/_.data` is the home page's); of no page, one label — a path
  // of repeated `.data` suffixes never makes a new one.
  if (pathname.endsWith(".data")) {
    const page = matchRoute(pagePathOf(pathname));
    return page ? `${page.label}.data` : "not-found.data";
  }
  const match = matchRoute(pathname);
  if (match) return match.label;
  return /^\/[^/]+\.[a-z0-9]{2,5}$/i.test(pathname) ? "static" : "not-found";
}
