// The two ways in for a purge (docs/interfaces.md "The WordPress webhook", "Endpoints"):
// - POST /api/cache/webhook from the WordPress plugin: HMAC-SHA256 over "<timestamp>.<raw body>",
//   a 300 s window, event batches; updates are soft purges, deletes hard ones.
// - POST /api/cache/purge from SREs: a bearer token, tags or everything. Served on the internal
//   port (METRICS_PORT) only; the public port answers 404 for it.
// Both answer bad input with a 4xx and a message. Each checks its credential FIRST: only a failed
// signature or a wrong token counts against its sender (the client address TRUST_PROXY allows),
// and a valid one is never refused for anyone's failures — so forged posts, from one address or
// from many, cannot block a purge.
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import { z } from "zod";
import type { Logger } from "../logger";
import { createRateLimits, type ClientLimiter } from "./rate-limits";
import { createDeliveryLedger, type DeliveryLedger } from "./webhook-deliveries";
import { PURGE_PATH, WEBHOOK_PATH } from "./pipeline/exact-paths";
import { CONTENT_TYPES, itemTag, listTag } from "../content/cache-keys";

/** Every content type, and `all` (a purge of everything). */
export const WEBHOOK_TYPES = [...CONTENT_TYPES, "all"] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export const WEBHOOK_MAX_BYTES = 64 * 1024;
export const WEBHOOK_WINDOW_SECONDS = 300;
const TAG = /^[a-z0-9_-]{1,64}(:[a-z0-9_-]{1,64})?$/i;

const eventSchema = z.object({
  type: z.enum(WEBHOOK_TYPES, { message: `type must be one of ${WEBHOOK_TYPES.join(", ")}` }),
  id: z.number().int().min(0).max(2_147_483_647),
  action: z.enum(["update", "delete"], { message: "action must be update or delete" }),
});
/** The plugin's delivery id: a uuid, the same for every retry of one delivery. */
const DELIVERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const webhookSchema = z.object({
  delivery: z.string({ message: "delivery is required (the delivery's uuid; the fc-headless plugin sends it)" }).regex(DELIVERY_ID, "delivery must be a uuid"),
  events: z.array(eventSchema).min(1, "events must not be empty").max(100, "at most 100 events"),
});
const purgeSchema = z.union([
  z.object({ all: z.literal(true), mode: z.enum(["soft", "hard"]).optional() }).strict(),
  z.object({ tags: z.array(z.string().regex(TAG, "tags look like type or type:id")).min(1).max(1000), mode: z.enum(["soft", "hard"]).optional() }).strict(),
]);

export type WebhookEvent = z.infer<typeof eventSchema>;

/** `webhook_requests_total{result}` (docs/interfaces.md "Metrics"). */
export const WEBHOOK_RESULTS = ["accepted", "duplicate", "bad_signature", "stale", "malformed", "too_large", "rate_limited"] as const;
export type WebhookResult = (typeof WEBHOOK_RESULTS)[number];

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
  /** Every webhook answer but 503 (not configured) and 405, by outcome. */
  onWebhook?(result: WebhookResult): void;
  /** Failed signatures / wrong tokens per sender; default: in memory (RATE_LIMITS). */
  limits?: { webhookFailures: ClientLimiter; purgeFailures: ClientLimiter };
  /** The deliveries purged already (Redis-backed when configured); default: in memory. */
  deliveries?: DeliveryLedger;
  now?: () => number;
}

/** What one event purges: the item and its lists; a delete drops the item for good. */
export function tagsForEvent(event: WebhookEvent): { hard: string[]; soft: string[] } {
  switch (event.type) {
    case "all":
      return { hard: [], soft: [] };
    case "menu":
      return { hard: [], soft: ["menu", listTag("menu")] };
    case "front-page":
      return { hard: [], soft: ["front-page"] };
    default: {
      const item = itemTag(event.type, event.id);
      const list = listTag(event.type);
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

/** The sender as TRUST_PROXY lets express read it. */
function sender(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * The webhook (for the public port) and the SRE purge API (for the internal port), each a router
 * that matches its path exactly, letter case included.
 */
export function cacheApi(options: CacheApiOptions): { webhook: Router; purge: Router } {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? createRateLimits();
  const counted = options.onWebhook ?? (() => undefined);
  const deliveries = options.deliveries ?? createDeliveryLedger();
  const webhook = Router({ caseSensitive: true, strict: true });
  const purge = Router({ caseSensitive: true, strict: true });
  const raw = express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES });
  /** The raw body, or a 4xx of our own (413 over 64 KiB, 400/415 an undecodable body). */
  const readBody = (onError?: (result: WebhookResult) => void): RequestHandler => (req, res, next) =>
    raw(req, res, (error?: unknown) => {
      if (!error) return next();
      const status = (error as { status?: number }).status;
      if (status === 413) {
        onError?.("too_large");
        return reject(res, 413, "too_large", `the body is over ${WEBHOOK_MAX_BYTES} bytes`);
      }
      onError?.("malformed");
      reject(res, status === 415 ? 415 : 400, "unreadable_body", "the body could not be read (content encoding?)");
    });
  /**
   * A failed credential counts against its sender; the answer is 429 once the sender's failures
   * are spent (the failure is never forwarded), else the failure's own 401.
   */
  const failed = async (limiter: ClientLimiter, req: Request, res: Response, answer: () => void): Promise<boolean> => {
    const allowed = await limiter.take(sender(req));
    if (allowed.ok) {
      answer();
      return false;
    }
    res.setHeader("Retry-After", String(allowed.retryAfterSeconds));
    reject(res, 429, "rate_limited", "too many failed attempts from this address; retry later");
    return true;
  };
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  };
  webhook.use(WEBHOOK_PATH, noStore);
  purge.use(PURGE_PATH, noStore);

  webhook.post(WEBHOOK_PATH, (req, res, next) => {
    if (!options.purgeSecret) return reject(res, 503, "webhook_disabled", "PURGE_SECRET is not configured");
    next();
  }, readBody(counted), async (req: Request, res: Response) => {
    const secret = options.purgeSecret!;
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const timestamp = String(req.headers["x-fc-timestamp"] ?? "");
    const signature = String(req.headers["x-fc-signature"] ?? "");
    // The signature first: it decides whether the sender's failures are counted at all.
    const genuine = /^\d{1,12}$/.test(timestamp) && Boolean(signature) && safeEqual(signature, signWebhook(secret, Number(timestamp), body));
    if (!genuine) {
      const limited = await failed(limits.webhookFailures, req, res, () =>
        !signature || !timestamp
          ? reject(res, 401, "unsigned", "X-FC-Timestamp and X-FC-Signature are required")
          : reject(res, 401, "bad_signature", "the signature does not match"),
      );
      return counted(limited ? "rate_limited" : "bad_signature");
    }
    // Signed, but too old or too far ahead: a replay, or a WordPress clock that is off.
    if (Math.abs(now() / 1000 - Number(timestamp)) > WEBHOOK_WINDOW_SECONDS) {
      const limited = await failed(limits.webhookFailures, req, res, () =>
        reject(res, 401, "stale_timestamp", "the timestamp is more than 300 s away from now"),
      );
      return counted(limited ? "rate_limited" : "stale");
    }
    const json = parseJson(body);
    if (json === undefined) {
      counted("malformed");
      return reject(res, 400, "malformed_json", "the body is not valid JSON");
    }
    const parsed = webhookSchema.safeParse(json);
    if (!parsed.success) {
      counted("malformed");
      return reject(res, 400, "invalid_events", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    }

    const { delivery, events } = parsed.data;
    // Purged already (a retry whose answer was lost, or a replay): say so, purge nothing.
    if (!(await deliveries.claim(delivery))) {
      counted("duplicate");
      options.logger.info({ delivery, events: events.length }, "webhook delivery seen before: not purged again");
      return res.status(200).json({ purged: 0, duplicate: true });
    }
    let purged = 0;
    try {
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
    } catch (error) {
      // Not purged after all: the plugin's retry of this delivery must not count as a repeat.
      await deliveries.release(delivery);
      throw error;
    }
    options.onPurge("webhook");
    counted("accepted");
    options.logger.info({ delivery, events: events.length, purged }, "webhook purge");
    res.status(202).json({ purged });
  });

  purge.post(PURGE_PATH, async (req: Request, res: Response, next) => {
    if (!options.adminToken) return reject(res, 503, "purge_api_disabled", "ADMIN_TOKEN is not configured");
    const auth = String(req.headers.authorization ?? "");
    if (auth.startsWith("Bearer ") && safeEqual(auth.slice(7), options.adminToken)) return next();
    await failed(limits.purgeFailures, req, res, () => {
      res.setHeader("WWW-Authenticate", 'Bearer realm="cache"');
      reject(res, 401, "unauthorized", "a valid bearer token is required");
    });
  }, readBody(), async (req: Request, res: Response) => {
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

  const postOnly: RequestHandler = (_req, res) => {
    res.setHeader("Allow", "POST");
    reject(res, 405, "method_not_allowed", "use POST");
  };
  webhook.all(WEBHOOK_PATH, postOnly);
  purge.all(PURGE_PATH, postOnly);
  return { webhook, purge };
}
