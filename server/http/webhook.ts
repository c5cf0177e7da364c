// POST /api/cache/webhook from the WordPress plugin: HMAC-SHA256 over "<timestamp>.<raw body>",
// a 300 s window, event batches; updates are soft purges, deletes hard ones. A delivery purged
// already (a retry whose answer was lost, or a replay) purges nothing again.
import { createHmac } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { z } from "zod";
import type { Logger } from "../logger";
import { CONTENT_TYPES, itemTag, listTag } from "../content/cache-keys";
import { failed, parseJson, reject, safeEqual } from "./api-guards";
import type { ClientLimiter } from "./rate-limits";
import type { DeliveryLedger } from "./webhook-deliveries";

/** Every content type, and `all` (a purge of everything). */
export const WEBHOOK_TYPES = [...CONTENT_TYPES, "all"] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export const WEBHOOK_WINDOW_SECONDS = 300;

const eventSchema = z.object({
  type: z.enum(WEBHOOK_TYPES, { message: `type must be one of ${WEBHOOK_TYPES.join(", ")}` }),
  id: z.number().int().min(0).max(2_147_483_647),
  action: z.enum(["update", "delete"], { message: "action must be update or delete" }),
});
/** The plugin's delivery id: a uuid, the same for every retry of one delivery. */
const DELIVERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const webhookSchema = z.object({
  delivery: z
    .string({ message: "delivery is required (the delivery's uuid; the fc-headless plugin sends it)" })
    .regex(DELIVERY_ID, "delivery must be a uuid"),
  events: z.array(eventSchema).min(1, "events must not be empty").max(100, "at most 100 events"),
});

export type WebhookEvent = z.infer<typeof eventSchema>;

/** `webhook_requests_total{result}` (docs/interfaces.md "Metrics"). */
export const WEBHOOK_RESULTS = [
  "accepted",
  "duplicate",
  "bad_signature",
  "stale",
  "malformed",
  "too_large",
  "rate_limited",
] as const;
export type WebhookResult = (typeof WEBHOOK_RESULTS)[number];

export interface Purger {
  purge(tags: readonly string[], options: { mode: "soft" | "hard" }): Promise<number>;
  purgeAll(options: { mode: "soft" | "hard" }): Promise<number>;
}

export interface WebhookOptions {
  purger: Purger;
  logger: Logger;
  onPurge(source: "webhook"): void;
  /** Every answer but 503 (not configured) and 405, by outcome. */
  counted(result: WebhookResult): void;
  failures: ClientLimiter;
  deliveries: DeliveryLedger;
  now: () => number;
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

/** A batch's purges: everything when it names `all` (hard if one deletes), else its tags (a tag purged hard is not purged soft too). */
async function purgeEvents(purger: Purger, events: readonly WebhookEvent[]): Promise<number> {
  if (events.some((e) => e.type === "all")) {
    return purger.purgeAll({ mode: events.some((e) => e.type === "all" && e.action === "delete") ? "hard" : "soft" });
  }
  const hard = new Set<string>();
  const soft = new Set<string>();
  for (const event of events) {
    const tags = tagsForEvent(event);
    tags.hard.forEach((t) => hard.add(t));
    tags.soft.forEach((t) => soft.add(t));
  }
  for (const t of hard) soft.delete(t);
  let purged = 0;
  if (hard.size > 0) purged += await purger.purge([...hard], { mode: "hard" });
  if (soft.size > 0) purged += await purger.purge([...soft], { mode: "soft" });
  return purged;
}

/**
 * The signature first: it decides whether the sender's failures are counted at all. Then the
 * window: signed, but too old or too far ahead is a replay, or a WordPress clock that is off.
 * True when the request may go on; otherwise it has been answered.
 */
async function verified(
  options: WebhookOptions,
  secret: string,
  req: Request,
  res: Response,
  body: Buffer,
): Promise<boolean> {
  const { counted, failures } = options;
  const timestamp = String(req.headers["x-fc-timestamp"] ?? "");
  const signature = String(req.headers["x-fc-signature"] ?? "");
  const genuine =
    /^\d{1,12}$/.test(timestamp) &&
    Boolean(signature) &&
    safeEqual(signature, signWebhook(secret, Number(timestamp), body));
  if (!genuine) {
    const limited = await failed(failures, req, res, () =>
      !signature || !timestamp
        ? reject(res, 401, "unsigned", "X-FC-Timestamp and X-FC-Signature are required")
        : reject(res, 401, "bad_signature", "the signature does not match"),
    );
    counted(limited ? "rate_limited" : "bad_signature");
    return false;
  }
  if (Math.abs(options.now() / 1000 - Number(timestamp)) > WEBHOOK_WINDOW_SECONDS) {
    const limited = await failed(failures, req, res, () =>
      reject(res, 401, "stale_timestamp", "the timestamp is more than 300 s away from now"),
    );
    counted(limited ? "rate_limited" : "stale");
    return false;
  }
  return true;
}

/** The webhook's handler, once its secret is known to be configured and its body read. */
export function webhookHandler(options: WebhookOptions, secret: () => string): RequestHandler {
  const { counted, deliveries, logger } = options;
  return async (req: Request, res: Response) => {
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!(await verified(options, secret(), req, res, body))) return;
    const json = parseJson(body);
    if (json === undefined) {
      counted("malformed");
      return reject(res, 400, "malformed_json", "the body is not valid JSON");
    }
    const parsed = webhookSchema.safeParse(json);
    if (!parsed.success) {
      counted("malformed");
      return reject(
        res,
        400,
        "invalid_events",
        parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      );
    }

    const { delivery, events } = parsed.data;
    // Purged already (a retry whose answer was lost, or a replay): say so, purge nothing.
    if (!(await deliveries.claim(delivery))) {
      counted("duplicate");
      logger.info({ delivery, events: events.length }, "webhook delivery seen before: not purged again");
      return res.status(200).json({ purged: 0, duplicate: true });
    }
    let purged: number;
    try {
      purged = await purgeEvents(options.purger, events);
    } catch (error) {
      // Not purged after all: the plugin's retry of this delivery must not count as a repeat.
      await deliveries.release(delivery);
      throw error;
    }
    options.onPurge("webhook");
    counted("accepted");
    logger.info({ delivery, events: events.length, purged }, "webhook purge");
    res.status(202).json({ purged });
  };
}
