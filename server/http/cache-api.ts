// The two ways in for a purge (docs/interfaces.md "The WordPress webhook", "Endpoints"):
// - POST /api/cache/webhook from the WordPress plugin (webhook.ts): HMAC-SHA256 over
//   "<timestamp>.<raw body>", a 300 s window, event batches; updates are soft purges, deletes hard ones.
// - POST /api/cache/purge from SREs (purge-api.ts): a bearer token, tags or everything. Served on
//   the internal port (METRICS_PORT) only; the public port answers 404 for it.
// Both answer bad input with a 4xx and a message. Each checks its credential FIRST: only a failed
// signature or a wrong token counts against its sender (the client address TRUST_PROXY allows),
// and a valid one is never refused for anyone's failures — so forged posts, from one address or
// from many, cannot block a purge.
import { Router } from "express";
import type { Logger } from "../logger";
import { noStore, postOnly, readBody, reject } from "./api-guards";
import { purgeAuthorization, purgeHandler } from "./purge-api";
import { createRateLimits, type ClientLimiter } from "./rate-limits";
import { createDeliveryLedger, type DeliveryLedger } from "./webhook-deliveries";
import { PURGE_PATH, WEBHOOK_PATH } from "./pipeline/exact-paths";
import { webhookHandler, type Purger, type WebhookResult } from "./webhook";

export { WEBHOOK_MAX_BYTES } from "./api-guards";
export {
  signWebhook,
  tagsForEvent,
  WEBHOOK_RESULTS,
  WEBHOOK_TYPES,
  WEBHOOK_WINDOW_SECONDS,
  type Purger,
  type WebhookEvent,
  type WebhookResult,
  type WebhookType,
} from "./webhook";

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

/**
 * The webhook (for the public port) and the SRE purge API (for the internal port), each a router
 * that matches its path exactly, letter case included.
 */
export function cacheApi(options: CacheApiOptions): { webhook: Router; purge: Router } {
  const limits = options.limits ?? createRateLimits();
  const counted = options.onWebhook ?? (() => undefined);
  const webhook = Router({ caseSensitive: true, strict: true });
  const purge = Router({ caseSensitive: true, strict: true });
  webhook.use(WEBHOOK_PATH, noStore);
  purge.use(PURGE_PATH, noStore);

  const handleWebhook = webhookHandler(
    {
      purger: options.purger,
      logger: options.logger,
      onPurge: options.onPurge,
      counted,
      failures: limits.webhookFailures,
      deliveries: options.deliveries ?? createDeliveryLedger(),
      now: options.now ?? Date.now,
    },
    () => options.purgeSecret!,
  );
  webhook.post(
    WEBHOOK_PATH,
    (req, res, next) => {
      if (!options.purgeSecret) return reject(res, 503, "webhook_disabled", "PURGE_SECRET is not configured");
      next();
    },
    readBody(counted),
    handleWebhook,
  );

  purge.post(
    PURGE_PATH,
    purgeAuthorization(options.adminToken, limits.purgeFailures),
    readBody(),
    purgeHandler(options),
  );

  webhook.all(WEBHOOK_PATH, postOnly);
  purge.all(PURGE_PATH, postOnly);
  return { webhook, purge };
}
