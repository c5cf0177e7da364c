// POST /api/client-errors: uncaught errors and unhandled rejections reported by browsers
// (app/lib/client-error-reporter.ts, navigator.sendBeacon). Small JSON (≤ 8 KiB), validated, stripped
// of anything personal that slipped through (query strings, fragments, email addresses, long
// numbers: report-scrubbing.ts, in time linear in the report's length whatever it holds), logged
// at warn and counted in `client_errors_total{kind}`. Rate-limited per IP. 204 on success,
// 400 malformed, 413 too large, 415 wrong type, 429 over the limit.
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import { Counter, type Registry } from "prom-client";
import { z } from "zod";
import type { Logger } from "../logger";
import { createRateLimits, type ClientLimiter } from "./rate-limits";
import { scrub } from "./report-scrubbing";

export const CLIENT_ERRORS_PATH = "/api/client-errors";
export const CLIENT_ERROR_MAX_BYTES = 8 * 1024;
export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection"] as const;

const reportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().max(2000),
  page: z.string().max(2000),
  source: z.string().max(2000).optional(),
  line: z.number().int().min(0).max(10_000_000).optional(),
  column: z.number().int().min(0).max(10_000_000).optional(),
  stack: z.string().max(6000).optional(),
  release: z.string().max(64).optional(),
});

export type ClientErrorReport = z.infer<typeof reportSchema>;

export interface ClientErrorsOptions {
  registry: Registry;
  logger: Logger;
  /** Reports per IP per minute (default 20). */
  perMinute?: number;
  /** The site's limit (shared through Redis when configured); default: in memory, `perMinute`. */
  limiter?: ClientLimiter;
}

/** The client as TRUST_PROXY lets express read it. */
function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** The counter, created once per registry. */
export function clientErrorsCounter(registry: Registry): Counter<"kind"> {
  const existing = registry.getSingleMetric("client_errors_total") as Counter<"kind"> | undefined;
  if (existing) return existing;
  const counter = new Counter({
    name: "client_errors_total",
    help: "Errors reported by browsers, by kind",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  for (const kind of CLIENT_ERROR_KINDS) counter.inc({ kind }, 0);
  return counter;
}

/** The handler to mount at POST /api/client-errors (it answers that path only). */
export function clientErrorsHandler(options: ClientErrorsOptions): RequestHandler {
  const counter = clientErrorsCounter(options.registry);
  const limiter =
    options.limiter ??
    createRateLimits({ limits: { clientErrors: { points: options.perMinute ?? 20, windowSeconds: 60 } } }).clientErrors;
  const router = express.Router();
  const parse = express.text({ type: ["application/json", "text/plain"], limit: CLIENT_ERROR_MAX_BYTES });
  router.post(
    CLIENT_ERRORS_PATH,
    async (req, res, next) => {
      res.setHeader("Cache-Control", "no-store");
      const type = String(req.headers["content-type"] ?? "");
      if (!/^(application\/json|text\/plain)\b/i.test(type)) return res.status(415).end();
      const allowed = await limiter.take(clientIp(req));
      if (!allowed.ok) return res.status(429).setHeader("Retry-After", String(allowed.retryAfterSeconds)).end();
      next();
    },
    parse,
    (req, res) => {
      let json: unknown;
      try {
        json = JSON.parse(typeof req.body === "string" ? req.body : "");
      } catch {
        return res.status(400).end();
      }
      const parsed = reportSchema.safeParse(json);
      if (!parsed.success) return res.status(400).end();
      const r = parsed.data;
      counter.inc({ kind: r.kind });
      options.logger.warn(
        {
          clientError: {
            kind: r.kind,
            message: scrub(r.message, 500),
            page: scrub(r.page, 300),
            source: r.source ? scrub(r.source, 300) : undefined,
            line: r.line,
            column: r.column,
            stack: r.stack ? scrub(r.stack, 4000) : undefined,
            release: r.release,
          },
        },
        "client error",
      );
      res.status(204).end();
    },
  );
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    if (req.path !== CLIENT_ERRORS_PATH) return next(error);
    const status = (error as { status?: number })?.status;
    res
      .status(status === 413 ? 413 : 400)
      .setHeader("Cache-Control", "no-store")
      .end();
  };
  router.use(onError);
  return router;
}
