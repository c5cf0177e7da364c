// Prometheus metrics (docs/interfaces.md "Metrics": names fixed, dashboards and alerts use them). Labels stay
// bounded: route patterns and REST route patterns, never raw paths or cache keys. Every label set
// the dashboard and the alerts read exists from start-up at 0 (startAtZero, below): rate() and
// increase() cannot see the first event of a series that appears with it. No label is named like
// a target label the Prometheus Operator adds (endpoint, namespace, pod, service, job, instance,
// container): Prometheus would rename ours to exported_*.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { WEBHOOK_RESULTS } from "./webhook";
import { MEDIA_RESULTS } from "../media/answers";
import { RENDITION_FORMATS } from "../media/renditions";
import { PAGE_ROUTE_LABELS, RENDERED_ROUTE_LABELS, ROUTE_LABELS } from "./route-label";
import { REST_ROUTES } from "../content/rest-routes";
import { READ_ANSWERS } from "../cache";

/** Every page's route pattern (the route table's labels) and its data request's. */
const PAGE_ROUTES = PAGE_ROUTE_LABELS;

/** The `status_class` of http_requests_total: a request the client abandoned (status 499) is a class of its own. */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx", "abandoned"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export function statusClass(status: number, abandoned: boolean): StatusClass {
  if (abandoned) return "abandoned";
  if (status < 300) return "2xx";
  if (status < 400) return "3xx";
  if (status < 500) return "4xx";
  return "5xx";
}

/** The cache tiers of wp_cache_lookups_total: pages (this pod's memory, then Redis), data (memory, then Redis). */
const LOOKUP_TIERS = ["page", "page_shared", "memory", "redis"];
/** WordPress's answers whose series exist from start-up for every REST route: success, not found, refusals and failures (0: no answer). */
const ORIGIN_STATUSES = ["200", "400", "401", "403", "404", "429", "0", "500", "502", "503", "504"];

/** The site's answers: requests by route and status class, their latency, renders collapsed or not. */
function httpMetrics(registry: Registry) {
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Duration of HTTP requests by route pattern",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const httpRequests = new Counter({
    name: "http_requests_total",
    help: "Requests by route pattern and status class (abandoned: the client left before the answer, status 499)",
    labelNames: ["route", "status_class"] as const,
    registers: [registry],
  });
  const pageRenders = new Counter({
    name: "page_renders_total",
    help: "Page requests rendered (collapsed=false) and answered from another request's render of the same page (collapsed=true), by route pattern",
    labelNames: ["route", "collapsed"] as const,
    registers: [registry],
  });
  for (const route of RENDERED_ROUTE_LABELS)
    for (const collapsed of ["false", "true"]) pageRenders.inc({ route, collapsed }, 0);
  return { httpDuration, httpRequests, pageRenders };
}

/** The data cache: lookups by tier, reads by what answered, Redis's state, purges by source, webhook deliveries, CDN purges. */
function cacheMetrics(registry: Registry, cdnProvider: string) {
  const cacheLookups = new Counter({
    name: "wp_cache_lookups_total",
    help: "Cache lookups by tier and result (hit: a fresh copy; stale: an expired or purged copy the request went on with; miss: nothing the tier above lacked)",
    labelNames: ["tier", "result"] as const,
    registers: [registry],
  });
  const cacheWrites = new Counter({
    name: "wp_cache_writes_total",
    help: "Writes to a shared cache tier by tier and result (stored; skipped: over the size bound, or a newer copy was there; failed: Redis did not take it)",
    labelNames: ["tier", "result"] as const,
    registers: [registry],
  });
  const cacheReads = new Counter({
    name: "wp_cache_reads_total",
    help: "Content reads by what answered each (memory or redis: a fresh copy; stale: a stale copy; origin: the read waited for WordPress)",
    labelNames: ["answer"] as const,
    registers: [registry],
  });
  const purges = new Counter({
    name: "wp_cache_purges_total",
    help: "Cache purges by source",
    labelNames: ["source"] as const,
    registers: [registry],
  });
  const redisUp = new Gauge({
    name: "wp_cache_redis_up",
    help: "1 while Redis answers, 0 otherwise",
    registers: [registry],
  });
  const webhookRequests = new Counter({
    name: "webhook_requests_total",
    help: "WordPress webhook deliveries by outcome (bad_signature and stale: refused credentials; rate_limited: a sender over its failures)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const cdnPurgeRequests = new Counter({
    name: "cdn_purge_requests_total",
    help: "CDN purge API calls by provider and outcome (retried: failed and tried again; error: failed for good)",
    labelNames: ["provider", "result"] as const,
    registers: [registry],
  });
  for (const tier of LOOKUP_TIERS) for (const result of ["hit", "stale", "miss"]) cacheLookups.inc({ tier, result }, 0);
  for (const answer of READ_ANSWERS) cacheReads.inc({ answer }, 0);
  for (const result of ["stored", "skipped", "failed"]) cacheWrites.inc({ tier: "page_shared", result }, 0);
  for (const source of ["webhook", "admin"]) purges.inc({ source }, 0);
  redisUp.set(0);
  for (const result of WEBHOOK_RESULTS) webhookRequests.inc({ result }, 0);
  // With CDN_PROVIDER=none too: the CDN panel reads "none, 0 calls" rather than no data.
  for (const result of ["ok", "error", "retried"]) cdnPurgeRequests.inc({ provider: cdnProvider, result }, 0);
  return { cacheLookups, cacheWrites, cacheReads, purges, redisUp, webhookRequests, cdnPurgeRequests };
}

/** WordPress as the site meets it: requests by REST route and status, latency, refusals, fallbacks, the concurrency bound. */
function originMetrics(registry: Registry) {
  const originRequests = new Counter({
    name: "wp_origin_requests_total",
    help: "Requests to WordPress by REST route pattern and status (0: no answer)",
    labelNames: ["rest_route", "status"] as const,
    registers: [registry],
  });
  const originDuration = new Histogram({
    name: "wp_origin_request_duration_seconds",
    help: "Duration of WordPress requests by REST route pattern",
    labelNames: ["rest_route"] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const authFailures = new Counter({
    name: "wp_origin_auth_failures_total",
    help: "WordPress answers refusing the site's credentials (401/403 with an authentication code)",
    registers: [registry],
  });
  const contentFallbacks = new Counter({
    name: "wp_content_fallbacks_total",
    help: "Pages shown with a fallback because WordPress's answer could not be used (kind: front-page, menu)",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const originInflight = new Gauge({
    name: "wp_origin_inflight",
    help: "WordPress requests in flight in this process (at most WP_MAX_CONCURRENCY)",
    registers: [registry],
  });
  const originRejections = new Counter({
    name: "wp_origin_rejections_total",
    help: "WordPress requests refused without asking WordPress because the queue behind WP_MAX_CONCURRENCY was full",
    registers: [registry],
  });

  authFailures.inc(0);
  originInflight.set(0);
  originRejections.inc(0);
  for (const kind of ["front-page", "menu"]) contentFallbacks.inc({ kind }, 0);
  return { originRequests, originDuration, authFailures, contentFallbacks, originInflight, originRejections };
}

/** The image service: answers by result, encoding time by format, its disk cache, stand-ins, streams. */
function mediaMetrics(registry: Registry) {
  const mediaRequests = new Counter({
    name: "media_requests_total",
    help: "/media/ answers by result (hit: from the disk cache; miss: fetched from WordPress; stale: a purged copy served while WordPress failed; refused: a width or query not offered, or the transforms or streams busy; error: WordPress failing with nothing cached, or a transform failing)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const mediaTransformDuration = new Histogram({
    name: "media_transform_duration_seconds",
    help: "Time to encode one rendition, by output format",
    labelNames: ["format"] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const mediaCacheBytes = new Gauge({
    name: "media_cache_bytes",
    help: "Bytes of originals and renditions in the media disk cache",
    registers: [registry],
  });
  const mediaDegraded = new Counter({
    name: "media_degraded_total",
    help: "Images answered with a short-lived stand-in while transforms were busy (how: nearest, a cached rendition of another width or format; fast, a cheap encoding)",
    labelNames: ["how"] as const,
    registers: [registry],
  });
  const mediaStreams = new Gauge({
    name: "media_streams_in_flight",
    help: "Streamed uploads (PDF, video) being passed through now",
    registers: [registry],
  });
  for (const how of ["nearest", "fast"]) mediaDegraded.inc({ how }, 0);
  mediaStreams.set(0);
  for (const result of MEDIA_RESULTS) mediaRequests.inc({ result }, 0);
  for (const format of RENDITION_FORMATS) mediaTransformDuration.zero({ format });
  mediaCacheBytes.set(0);

  return { mediaRequests, mediaTransformDuration, mediaCacheBytes, mediaDegraded, mediaStreams };
}

/** `cdnProvider`: the configured CDN_PROVIDER, whose purge series exist from start-up. */
export function createMetrics(cdnProvider = "none") {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = httpMetrics(registry);
  const cache = cacheMetrics(registry, cdnProvider);
  const origin = originMetrics(registry);
  startAtZero({ ...http, ...origin });
  return { registry, ...http, ...cache, ...origin, ...mediaMetrics(registry) };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The series of requests and WordPress answers, at 0, before the first event (≈ 1,500 series,
 * which steady traffic would create anyway): every route × status class (a first 404, 5xx or 499 of
 * any route is counted), the latency of every page route's answers (GET, 200), and every REST
 * route × the statuses the origin panels and alerts read.
 */
function startAtZero(metrics: {
  httpDuration: Histogram<"method" | "route" | "status">;
  httpRequests: Counter<"route" | "status_class">;
  originRequests: Counter<"rest_route" | "status">;
  originDuration: Histogram<"rest_route">;
}): void {
  for (const route of ROUTE_LABELS)
    for (const status_class of STATUS_CLASSES) metrics.httpRequests.inc({ route, status_class }, 0);
  for (const route of PAGE_ROUTES) metrics.httpDuration.zero({ method: "GET", route, status: "200" });
  for (const rest_route of REST_ROUTES) {
    metrics.originDuration.zero({ rest_route });
    for (const status of ORIGIN_STATUSES) metrics.originRequests.inc({ rest_route, status }, 0);
  }
}
