// A stand-in for the site's POST /api/cache/webhook, checking deliveries exactly as
// docs/interfaces.md says (the event types, the window and the signature are the site's own,
// server/http/webhook.ts): X-FC-Timestamp within 300 s, X-FC-Signature = sha256=<hex HMAC-SHA256 of "<ts>.<raw body>">,
// a JSON body {"delivery": "<uuid>", "events": [{type, id, action}]} of 1 to 100 events of known
// types, at most 64 KiB; 202 {"purged": n}, a delivery id seen before 200 {"purged": 0,
// "duplicate": true}, else 400/401/413. It records every delivery, can be stopped and started again
// on the same port (the site being down), and waits for an event.
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { signWebhook, WEBHOOK_TYPES, WEBHOOK_WINDOW_SECONDS } from "../../server/http/webhook";

export interface WebhookEvent {
  type: string;
  id: number;
  action: "update" | "delete";
}

export interface Delivery {
  at: number;
  status: number;
  timestamp: number;
  signature: string;
  body: string;
  /** The delivery's id (the same for every retry of it); undefined when the body had none. */
  delivery?: string;
  events: WebhookEvent[];
  error?: string;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  deliveries: Delivery[];
  /** Accepted events, in arrival order. */
  readonly events: WebhookEvent[];
  /** Resolves with the first accepted delivery (arriving from now on, or already there after `since`) holding a matching event. */
  waitFor(match: (event: WebhookEvent) => boolean, options?: { timeoutMs?: number; since?: number }): Promise<Delivery>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The site's check of a delivery; returns the status it would answer and why. */
const DELIVERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkDelivery(
  secret: string,
  headers: Record<string, string | undefined>,
  body: string,
  now = Math.floor(Date.now() / 1000),
): { status: number; error?: string; delivery?: string; events?: WebhookEvent[] } {
  if (Buffer.byteLength(body) > 64 * 1024) return { status: 413, error: "body over 64 KiB" };
  const timestamp = headers["x-fc-timestamp"] ?? "";
  const signature = headers["x-fc-signature"] ?? "";
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > WEBHOOK_WINDOW_SECONDS)
    return { status: 401, error: `timestamp missing or more than ${WEBHOOK_WINDOW_SECONDS} s away` };
  const expected = signWebhook(secret, Number(timestamp), body);
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { status: 401, error: "wrong signature" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status: 400, error: "malformed JSON" };
  }
  const delivery = (parsed as { delivery?: unknown })?.delivery;
  if (typeof delivery !== "string" || !DELIVERY_ID.test(delivery))
    return { status: 400, error: "delivery must be the delivery's uuid" };
  const events = (parsed as { events?: unknown })?.events;
  if (!Array.isArray(events) || events.length < 1 || events.length > 100)
    return { status: 400, error: "events must be a list of 1 to 100" };
  for (const e of events as WebhookEvent[]) {
    if (
      !e ||
      !(WEBHOOK_TYPES as readonly string[]).includes(e.type) ||
      !Number.isInteger(e.id) ||
      e.id < 0 ||
      !["update", "delete"].includes(e.action)
    ) {
      return { status: 400, error: `bad event ${JSON.stringify(e)}` };
    }
  }
  return { status: 202, delivery, events: events as WebhookEvent[] };
}

export async function startWebhookReceiver(secret: string, port = 0): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const waiters = new Set<() => void>();
  let server: Server | null = null;
  let boundPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const headers: Record<string, string | undefined> = {};
          for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : v;
          const checked =
            req.method === "POST" && req.url === "/api/cache/webhook"
              ? checkDelivery(secret, headers, body)
              : { status: 404, error: "not the webhook" };
          const duplicate =
            checked.status === 202 && deliveries.some((d) => d.status === 202 && d.delivery === checked.delivery);
          const result = duplicate ? { ...checked, status: 200 } : checked;
          deliveries.push({
            at: Date.now(),
            status: result.status,
            timestamp: Number(headers["x-fc-timestamp"] ?? 0),
            signature: headers["x-fc-signature"] ?? "",
            body,
            delivery: "delivery" in result ? result.delivery : undefined,
            events: result.events ?? [],
            error: result.error,
          });
          res.writeHead(result.status, { "Content-Type": "application/json" });
          res.end(
            JSON.stringify(
              result.status === 202
                ? { purged: result.events?.length ?? 0 }
                : duplicate
                  ? { purged: 0, duplicate: true }
                  : { error: result.error },
            ),
          );
          for (const wake of waiters) wake();
        });
      });
      s.once("error", reject);
      s.listen(boundPort, "127.0.0.1", () => {
        s.off("error", reject);
        boundPort = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
      s.closeAllConnections();
    });

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    deliveries,
    get events() {
      return deliveries.filter((d) => d.status === 202).flatMap((d) => d.events);
    },
    waitFor(match, options = {}) {
      const since = options.since ?? Date.now();
      const timeoutMs = options.timeoutMs ?? 10_000;
      const find = () => deliveries.find((d) => d.at >= since && d.status === 202 && d.events.some(match));
      return new Promise<Delivery>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const wake = () => {
          const hit = find();
          if (hit) {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `no matching webhook within ${timeoutMs} ms; got: ${JSON.stringify(deliveries.filter((d) => d.at >= since).map((d) => ({ status: d.status, events: d.events, error: d.error })))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    stop,
    start: listen,
    close: stop,
  };
}
