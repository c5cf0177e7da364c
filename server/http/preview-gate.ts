// Previews cost nothing until proven. A preview link (/preview?type=&id=&exp=&sig=, made by the
// fc-headless plugin: sig is the hex HMAC-SHA256 of "preview.<type>.<id>.<exp>" keyed with
// PURGE_SECRET) is checked here before anything else — its form, its signature, its expiry — and
// a link that fails answers at once (400, or 403) without a render or a WordPress read. A genuine
// link is then counted per visitor (RATE_LIMITS.previews; past it 429 with Retry-After), and only
// then rendered (app/routes/preview.tsx asks WordPress, which checks the signature again).
// Without PURGE_SECRET no link can be genuine: every preview is refused.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { PREVIEW_TYPES } from "../../common/content-types";
import { langFromPath } from "../../common/locale";
import en from "../../locales/en/common.json";
import it from "../../locales/it/common.json";
import type { ClientLimiter } from "./rate-limits";

/** Links live 15 minutes in the plugin; anything claiming more than a day is not one of ours. */
export const MAX_PREVIEW_LIFETIME_SECONDS = 24 * 60 * 60;

type Refusal = "previewBadLink" | "previewExpired" | "previewRefused";
const MESSAGES = { en: en.preview, it: it.preview } as const;

/** The preview link's signature (hex), as the plugin makes it. */
export function previewSignature(secret: string, type: string, id: string, exp: string): string {
  return createHmac("sha256", secret).update(`preview.${type}.${id}.${exp}`).digest("hex");
}

/** /preview and its data request, in either language, however the path is encoded or cased. */
export function isPreviewPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape is not the preview route
  }
  return /^\/(?:it\/)?preview(?:\.data)?$/i.test(decoded);
}

/** Why a link is refused, or undefined for a genuine, live one. */
export function previewRefusal(
  query: URLSearchParams,
  secret: string | undefined,
  nowSeconds: number,
): { status: 400 | 403; reason: Refusal } | undefined {
  const [type, id, exp, sig] = ["type", "id", "exp", "sig"].map((name) => query.get(name) ?? "") as [
    string,
    string,
    string,
    string,
  ];
  if (
    !(PREVIEW_TYPES as readonly string[]).includes(type) ||
    !/^[1-9]\d{0,9}$/.test(id) ||
    !/^\d{1,12}$/.test(exp) ||
    !/^[0-9a-f]{64}$/i.test(sig)
  ) {
    return { status: 400, reason: "previewBadLink" };
  }
  const expected = secret ? Buffer.from(previewSignature(secret, type, id, exp), "hex") : undefined;
  if (!expected || !timingSafeEqual(expected, Buffer.from(sig, "hex")))
    return { status: 403, reason: "previewRefused" };
  const expires = Number(exp);
  if (expires < nowSeconds || expires > nowSeconds + MAX_PREVIEW_LIFETIME_SECONDS)
    return { status: 403, reason: "previewExpired" };
  return undefined;
}

function refuse(res: Response, status: number, text: string, retryAfterSeconds?: number): void {
  res.status(status).setHeader("Cache-Control", "private, no-store").setHeader("X-Robots-Tag", "noindex, nofollow");
  if (retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(retryAfterSeconds));
  res.type("text/plain").send(`${text}\n`);
}

export function previewGate(options: {
  secret: string | undefined;
  limiter: ClientLimiter;
  now?: () => number;
}): RequestHandler {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isPreviewPath(req.path)) return next();
    const messages = MESSAGES[langFromPath(req.path)];
    const mark = req.url.indexOf("?");
    const refusal = previewRefusal(
      new URLSearchParams(mark === -1 ? "" : req.url.slice(mark + 1)),
      options.secret,
      now(),
    );
    if (refusal) return refuse(res, refusal.status, messages[refusal.reason]);
    options.limiter.take(req.ip ?? req.socket.remoteAddress ?? "unknown").then((allowed) => {
      if (allowed.ok) return next();
      refuse(
        res,
        429,
        `Too many previews from your address; try again in ${allowed.retryAfterSeconds} s.`,
        allowed.retryAfterSeconds,
      );
    }, next);
  };
}
