// The two ways in for a purge (CONTRACT "The WordPress webhook", "Endpoints"):
// - POST /api/cache/webhook from the WordPress plugin: HMAC-SHA256 over "<timestamp>.<raw body>",
//   a 300 s window, event batches; updates are soft purges, deletes hard ones.
// - POST /api/cache/purge from SREs: a bearer token, tags or everything.
// Both answer bad input with a 4xx and a message, and are rate-limited.
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import { z } from "zod";
import type { Logger } from "../logger";

export const WEBHOOK_TYPES = [
  "products",
  "product_categories",
  "product_colors",
  "imagemap_products",
  "collections",
  "exclusives",
  "designers",
  "projects",
  "pages",
  "media",
  "menu",
  "front-page",
  "all",
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export const WEBHOOK_MAX_BYTES = 64 * 1024;
export const WEBHOOK_WINDOW_SECONDS = 300;
const TAG = /^[a-z0-9_-]{1,64}(:[a-z0-9_-]{1,64})?$/i;

const eventSchema = z.object({
  type: z.enum(WEBHOOK_TYPES, { message: `type must be one of ${WEBHOOK_TYPES.join(", ")}` }),
  id: z.number().int().min(0).max(2_147_483_647),
  action: z.enum(["update", "delete"], { message: "action must be update or delete" }),
});
const webhookSchema = z.object({ events: z.array(eventSchema).min(1, "events must not be empty").max(100, "at most 100 events") });
const purgeSchema = z.union([
  z.object({ all: z.literal(true), mode: z.enum(["soft", "hard"]).optional() }).strict(),
  z.object({ tags: z.array(z.string().regex(TAG, "tags look like type or type:id")).min(1).max(1000), mode: z.enum(["soft", "hard"]).optional() }).strict(),
]);

export type WebhookEvent = z.infer<typeof eventSchema>;

export interface Purger {
  purge(tags: readonly string[], options: { mode: "soft" | "hard" }): Promise<number>;
  purgeAll(options: { mode: "soft" | "hard" }): Promise<number>;
}

export interface CacheApiOptions {
  purger: Purger;
  purgeSecret: string | undefined;
  adminToken: string | undefined;
  logger: Logger;
  onPurge(source: "webhook" | "admin"): void;
  /** Requests per client per minute, per endpoint. */
  rateLimitPerMinute?: number;
  now?: () => number;
}

/** What one event purges: the item and its lists; a delete drops the item for good. */
export function tagsForEvent(event: WebhookEvent): { hard: string[]; soft: string[] } {
  switch (event.type) {
    case "all":
      return { hard: [], soft: [] };
    case "menu":
      return { hard: [], soft: ["menu", "menu:list"] };
    case "front-page":
      return { hard: [], soft: ["front-page"] };
    default: {
      const item = `${event.type}:${event.id}`;
      const list = `${event.type}:list`;
      return event.action === "delete" ? { hard: [item], soft: [list] } : { hard: [], soft: [item, list] };
    }
  }
}

export function signWebhook(secret: string, timestamp: number, body: string | Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex")}`;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A fixed one-minute window per client and endpoint: enough to stop a flood, cheap to keep. */
function rateLimiter(limit: number, now: () => number): RequestHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return (req, res, next) => {
    const t = now();
    const key = `${req.path}|${req.ip ?? req.socket.remoteAddress ?? "?"}`;
    let w = windows.get(key);
    if (!w || t - w.start >= 60_000) {
      if (windows.size > 10_000) windows.clear();
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    if (++w.count > limit) {
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000))));
      return res.status(429).json({ error: "rate_limited", message: "Too many requests; retry later" });
    }
    next();
  };
}

function reject(res: Response, status: number, error: string, message: string) {
  res.status(status).json({ error, message });
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return undefined;
  }
}

export function cacheApi(options: CacheApiOptions): Router {
  const now = options.now ?? Date.now;
  const limit = rateLimiter(options.rateLimitPerMinute ?? 120, now);
  const router = Router();
  const raw = express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES });
  router.use("/api/cache", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.post("/api/cache/webhook", limit, raw, async (req: Request, res: Response) => {
    if (!options.purgeSecret) return reject(res, 503, "webhook_disabled", "PURGE_SECRET is not configured");
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const timestamp = String(req.headers["x-fc-timestamp"] ?? "");
    const signature = String(req.headers["x-fc-signature"] ?? "");
    if (!/^\d{1,12}$/.test(timestamp) || !signature) return reject(res, 401, "unsigned", "X-FC-Timestamp and X-FC-Signature are required");
    if (Math.abs(now() / 1000 - Number(timestamp)) > WEBHOOK_WINDOW_SECONDS) return reject(res, 401, "stale_timestamp", "the timestamp is more than 300 s away from now");
    if (!safeEqual(signature, signWebhook(options.purgeSecret, Number(timestamp), body))) return reject(res, 401, "bad_signature", "the signature does not match");
    const json = parseJson(body);
    if (json === undefined) return reject(res, 400, "malformed_json", "the body is not valid JSON");
    const parsed = webhookSchema.safeParse(json);
    if (!parsed.success) return reject(res, 400, "invalid_events", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));

    const events = parsed.data.events;
    let purged = 0;
    if (events.some((e) => e.type === "all")) {
      purged += await options.purger.purgeAll({ mode: events.some((e) => e.type === "all" && e.action === "delete") ? "hard" : "soft" });
    } else {
      const hard = new Set<string>();
      const soft = new Set<string>();
      for (const event of events) {
        const tags = tagsForEvent(event);
        tags.hard.forEach((t) => hard.add(t));
        tags.soft.forEach((t) => soft.add(t));
      }
      for (const t of hard) soft.delete(t);
      if (hard.size > 0) purged += await options.purger.purge([...hard], { mode: "hard" });
      if (soft.size > 0) purged += await options.purger.purge([...soft], { mode: "soft" });
    }
    options.onPurge("webhook");
    options.logger.info({ events: events.length, purged }, "webhook purge");
    res.status(202).json({ purged });
  });

  router.post("/api/cache/purge", limit, raw, async (req: Request, res: Response) => {
    if (!options.adminToken) return reject(res, 503, "purge_api_disabled", "ADMIN_TOKEN is not configured");
    const auth = String(req.headers.authorization ?? "");
    if (!auth.startsWith("Bearer ") || !safeEqual(auth.slice(7), options.adminToken)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="cache"');
      return reject(res, 401, "unauthorized", "a valid bearer token is required");
    }
    const json = parseJson(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    if (json === undefined) return reject(res, 400, "malformed_json", "the body is not valid JSON");
    const parsed = purgeSchema.safeParse(json);
    if (!parsed.success) return reject(res, 400, "invalid_purge", 'expected {"tags": ["products:12", ...]} or {"all": true}');
    const mode = parsed.data.mode ?? "hard";
    const purged = "all" in parsed.data ? await options.purger.purgeAll({ mode }) : await options.purger.purge(parsed.data.tags, { mode });
    options.onPurge("admin");
    options.logger.info({ purged, all: "all" in parsed.data, mode }, "admin purge");
    res.status(200).json({ purged });
  });

  router.all(["/api/cache/webhook", "/api/cache/purge"], (_req, res) => {
    res.setHeader("Allow", "POST");
    reject(res, 405, "method_not_allowed", "use POST");
  });
  return router;
}
