// The internal port (METRICS_PORT): what only the cluster reaches, never the ingress — /metrics
// for Prometheus, the SRE purge API, and the probes (/readyz with the state of every part, which
// the public port keeps to itself). Paths match
// exactly, letter case included; anything else is a 404.
import http from "node:http";
import express, { type RequestHandler } from "express";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Metrics } from "./metrics";
import type { Probes } from "./health";
import { exactPaths, HEALTH_PATH, METRICS_PATH, notFound, READY_PATH } from "./pipeline/exact-paths";
import { lastResortErrors } from "./pipeline/last-resort";

export interface InternalSiteOptions {
  config: Pick<Config, "trustProxy">;
  logger: Logger;
  metrics: Metrics;
  probes: Probes;
  /** POST /api/cache/purge (server/http/cache-api.ts). */
  purge?: RequestHandler;
}

export function createInternalSite(options: InternalSiteOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
  // Wrong purge tokens count against their sender, read as on the public port.
  app.set("trust proxy", options.config.trustProxy);
  app.use(exactPaths());
  app.get(METRICS_PATH, async (_req, res, next) => {
    try {
      const text = await options.metrics.registry.metrics();
      res.setHeader("Content-Type", options.metrics.registry.contentType);
      res.send(text);
    } catch (error) {
      next(error);
    }
  });
  app.get(HEALTH_PATH, options.probes.healthz);
  app.get(READY_PATH, options.probes.readyzDetails);
  if (options.purge) app.use(options.purge);
  app.use((_req, res) => notFound(res));
  app.use(lastResortErrors(options.logger));
  return app;
}

/** Listens on METRICS_PORT (all interfaces: Prometheus and SREs reach it inside the cluster). */
export function startInternalServer(
  options: InternalSiteOptions,
  port: number,
  host = "0.0.0.0",
): Promise<http.Server> {
  const server = http.createServer(createInternalSite(options));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
