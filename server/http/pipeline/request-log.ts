// Every answer, from the hit path or express: a request id, the security headers, the drain's
// Connection: close, and the one log line and duration metric with the cache outcome the page
// layer notes.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import onHeaders from "on-headers";
import type { Logger } from "../../logger";
import { statusClass, type Metrics } from "../metrics";
import { routeLabel } from "../route-label";
import { routeIdOf } from "../../../common/route-table";
import type { Drain } from "./drain";

const REQUEST_ID = /^[\w.:-]{1,64}$/;
/** The status recorded for an answer the client abandoned before it was finished (nginx's convention). */
export const ABANDONED_STATUS = 499;

/**
 * Observes one answer; returns its request id (the caller's X-Request-Id when well-formed).
 * `untilLastHeader` watches an answer whose headers leave later (express): a drain begun
 * meanwhile, or a body left unread, closes its connection. An answer sent in the same call (a
 * page-cache hit) needs no watching: its caller sets Connection: close when draining.
 */
export type RequestObserver = ((
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  outcome: () => string | undefined,
) => string) & {
  untilLastHeader(req: IncomingMessage, res: ServerResponse): void;
};

/** The child series of one label set, looked up once (prom-client hashes its labels on every call otherwise). */
function seriesCache<T>(make: (...labels: string[]) => T): (...labels: string[]) => T {
  const known = new Map<string, T>();
  return (...labels) => {
    const id = labels.join("\u0000");
    let series = known.get(id);
    if (series === undefined) known.set(id, (series = make(...labels)));
    return series;
  };
}

export function requestObserver(options: {
  logger: Logger;
  metrics: Metrics;
  securityHeaders: [string, string][];
  drain: Drain;
}): RequestObserver {
  const { logger, metrics, securityHeaders, drain } = options;
  const durationOf = seriesCache((method, route, status) => metrics.httpDuration.labels(method, route, status));
  const countOf = seriesCache((route, statusClass) => metrics.httpRequests.labels(route, statusClass));
  const observe = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    outcome: () => string | undefined,
  ): string => {
    drain.serving((req.socket as { server?: Server }).server);
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const started = performance.now();
    // Once per request, on `close`: with the status sent once finished; without `finish` (the
    // client, or a CDN that gave up, left before the answer was complete) as 499, so latency and
    // error ratios see the answers nobody received.
    res.once("close", () => {
      const abandoned = !res.writableFinished;
      const seconds = (performance.now() - started) / 1000;
      const route = routeLabel(path);
      const status = abandoned ? ABANDONED_STATUS : res.statusCode;
      durationOf(req.method ?? "GET", route, String(status)).observe(seconds);
      countOf(route, statusClass(status, abandoned)).inc();
      if (!logger.isLevelEnabled("info")) return;
      logger.info(
        {
          reqId: id,
          method: req.method,
          path,
          route,
          // Pages only: React Router's route id with its language (`products-it`).
          routeId:
            /^text\/html/.test(String(res.getHeader("Content-Type") ?? "")) || path.endsWith(".data")
              ? routeIdOf(path)
              : undefined,
          status,
          durationMs: Math.round(seconds * 1e4) / 10,
          cache: outcome() ?? "none",
          // The status the site had chosen (or was about to send) when the client left.
          ...(abandoned ? { abandoned: true, statusChosen: res.headersSent ? res.statusCode : undefined } : {}),
        },
        abandoned ? "request abandoned by the client" : "request",
      );
    });
    return id;
  };
  // Answers that leave once shutdown has begun close their connection, or a keep-alive
  // connection whose request was in flight at SIGTERM would hold the drain until the 25 s
  // forced exit (tests/reliability/sigterm.test.ts).
  // An answer sent before its request's body had arrived (a 300 kB POST to a page without an
  // action: React Router answers 405 and never reads it) would leave the keep-alive connection
  // holding unread bytes, and the next request on it (another visitor's, behind a balancer
  // that pools connections) would hang until the 30 s request timeout. Such an answer closes
  // its connection too.
  const untilLastHeader = (req: IncomingMessage, res: ServerResponse): void => {
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    onHeaders(res, () => {
      if (drain.draining || (hasBody && !req.complete)) res.setHeader("Connection", "close");
    });
  };
  return Object.assign(observe, { untilLastHeader });
}
