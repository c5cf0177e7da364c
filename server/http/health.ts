// The probes, on the public port and on the internal one (METRICS_PORT): /healthz while the
// process runs, /readyz 200 while it can serve and 503 once shutdown has begun. On the public port
// /readyz says only that (`{"status":"ready"}` or `{"status":"draining"}`): whoever reaches a pod
// directly learns nothing of Redis, WordPress or the caches. The internal port adds the state of
// its parts, for operators. Neither reads or counts the page cache: a probe is not a visitor.
import type { RequestHandler } from "express";
import { HEALTH_PATH, READY_PATH } from "./pipeline/exact-paths";

export interface Probes {
  healthz: RequestHandler;
  /** The public port's: the status alone. */
  readyz: RequestHandler;
  /** The internal port's: the status and the state of every part. */
  readyzDetails: RequestHandler;
}

/** `state`: the site's state flags (server/http/site.ts). */
export function probes(
  state: { readonly shuttingDown: boolean; readonly redis: string; readonly wordpress: string },
  readiness?: () => Record<string, unknown>,
): Probes {
  const status = () => (state.shuttingDown ? "draining" : "ready");
  const answer =
    (body: () => Record<string, unknown>): RequestHandler =>
    (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.status(state.shuttingDown ? 503 : 200).json(body());
    };
  return {
    healthz: (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.type("text/plain").send("ok\n");
    },
    readyz: answer(() => ({ status: status() })),
    readyzDetails: answer(() => ({
      status: status(),
      redis: state.redis,
      wordpress: state.wordpress,
      ...readiness?.(),
    })),
  };
}

/**
 * A health probe: /healthz or /readyz, by its path only. It is answered without the page cache —
 * neither read, nor stored, nor counted in wp_cache_lookups_total{tier="page"} — so probes never
 * skew the hit ratio. A user agent makes nothing a probe: the kubelet's `kube-probe/…` on a page
 * is a visitor like any other (page cache, collapsing, rate limits).
 */
export function isProbe(pathname: string): boolean {
  return pathname === HEALTH_PATH || pathname === READY_PATH;
}
