// The probes, answered the same on the public port and on the internal one (METRICS_PORT):
// /healthz while the process runs, /readyz with the state of its parts and 503 once shutdown has
// begun. Neither reads or counts the page cache: a probe is not a visitor.
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { HEALTH_PATH, READY_PATH } from "./pipeline/exact-paths";

export interface Probes {
  healthz: RequestHandler;
  readyz: RequestHandler;
}

/** `state`: the site's state flags (server/http/site.ts). */
export function probes(state: { readonly shuttingDown: boolean; readonly redis: string; readonly wordpress: string }, readiness?: () => Record<string, unknown>): Probes {
  return {
    healthz: (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.type("text/plain").send("ok\n");
    },
    readyz: (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      const body = { status: state.shuttingDown ? "shutting-down" : "ready", redis: state.redis, wordpress: state.wordpress, ...readiness?.() };
      res.status(state.shuttingDown ? 503 : 200).json(body);
    },
  };
}

/**
 * A health probe: /healthz, /readyz, or the kubelet (`kube-probe/1.x`) on any path. It is
 * answered without the page cache — neither read, nor stored, nor counted in
 * wp_cache_lookups_total{tier="page"} — so probes never skew the hit ratio.
 */
export function isProbe(req: IncomingMessage, pathname: string): boolean {
  return pathname === HEALTH_PATH || pathname === READY_PATH || String(req.headers["user-agent"] ?? "").startsWith("kube-probe/");
}
