// POST /api/cache/purge from SREs: a bearer token, tags or everything, soft or hard (hard unless
// asked). Served on the internal port (METRICS_PORT) only; the public port answers 404 for it.
import type { Request, RequestHandler, Response } from "express";
import { z } from "zod";
import type { Logger } from "../logger";
import { failed, parseJson, reject, safeEqual } from "./api-guards";
import type { ClientLimiter } from "./rate-limits";
import type { Purger } from "./webhook";

const TAG = /^[a-z0-9_-]{1,64}(:[a-z0-9_-]{1,64})?$/i;

const purgeSchema = z.union([
  z.object({ all: z.literal(true), mode: z.enum(["soft", "hard"]).optional() }).strict(),
  z
    .object({
      tags: z.array(z.string().regex(TAG, "tags look like type or type:id")).min(1).max(1000),
      mode: z.enum(["soft", "hard"]).optional(),
    })
    .strict(),
]);

/** The bearer token checked first; a wrong one counts against its sender. */
export function purgeAuthorization(adminToken: string | undefined, failures: ClientLimiter): RequestHandler {
  return async (req, res, next) => {
    if (!adminToken) return reject(res, 503, "purge_api_disabled", "ADMIN_TOKEN is not configured");
    const auth = String(req.headers.authorization ?? "");
    if (auth.startsWith("Bearer ") && safeEqual(auth.slice(7), adminToken)) return next();
    await failed(failures, req, res, () => {
      res.setHeader("WWW-Authenticate", 'Bearer realm="cache"');
      reject(res, 401, "unauthorized", "a valid bearer token is required");
    });
  };
}

export function purgeHandler(options: {
  purger: Purger;
  logger: Logger;
  onPurge(source: "admin"): void;
}): RequestHandler {
  return async (req: Request, res: Response) => {
    const json = parseJson(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    if (json === undefined) return reject(res, 400, "malformed_json", "the body is not valid JSON");
    const parsed = purgeSchema.safeParse(json);
    if (!parsed.success)
      return reject(res, 400, "invalid_purge", 'expected {"tags": ["products:12", ...]} or {"all": true}');
    const mode = parsed.data.mode ?? "hard";
    const purged =
      "all" in parsed.data
        ? await options.purger.purgeAll({ mode })
        : await options.purger.purge(parsed.data.tags, { mode });
    options.onPurge("admin");
    options.logger.info({ purged, all: "all" in parsed.data, mode }, "admin purge");
    res.status(200).json({ purged });
  };
}
