// A delivery to the site's webhook as WordPress's plugin sends it (docs/interfaces.md): a fresh
// delivery id, the events, the timestamp and the signature over both, with the PURGE_SECRET the
// site was started with. The tests that need a wrong one (security/, e2e/cache.test.ts) sign
// their own.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { signWebhook, type WebhookEvent } from "../../server/http/webhook";
import type { RunningSite } from "./site";

/** Sends `events` in one signed delivery; the site's answer. */
export async function sendWebhook(site: RunningSite, events: readonly WebhookEvent[]): Promise<Response> {
  const secret = site.env.PURGE_SECRET;
  if (!secret) throw new Error("the site was started without PURGE_SECRET");
  const body = JSON.stringify({ delivery: randomUUID(), events });
  const ts = Math.floor(Date.now() / 1000);
  return fetch(`${site.url}/api/cache/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-FC-Timestamp": String(ts),
      "X-FC-Signature": signWebhook(secret, ts, body),
    },
    body,
  });
}

/** An editor saved product `id`: the site takes the delivery (202). */
export async function webhookUpdate(site: RunningSite, id: number): Promise<void> {
  const res = await sendWebhook(site, [{ type: "products", id, action: "update" }]);
  expect(res.status).toBe(202);
}
