// What both ways in for a purge (the webhook, the SRE purge API) share: the raw body bounded,
// answers of their own for bad input, credentials compared in constant time, and failed
// credentials counted against their sender (429 once spent).
import { timingSafeEqual } from "node:crypto";
import express, { type Request, type RequestHandler, type Response } from "express";
import type { ClientLimiter } from "./rate-limits";

export const WEBHOOK_MAX_BYTES = 64 * 1024;

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function reject(res: Response, status: number, error: string, message: string) {
  res.status(status).json({ error, message });
}

export function parseJson(raw: Buffer): unknown {
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

const raw = express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES });

/** The raw body, or a 4xx of our own (413 over 64 KiB, 400/415 an undecodable body); `onError` hears which. */
export const readBody =
  (onError?: (result: "too_large" | "malformed") => void): RequestHandler =>
  (req, res, next) =>
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
 * are spent (the failure is never forwarded), else the failure's own 401. True when limited.
 */
export async function failed(
  limiter: ClientLimiter,
  req: Request,
  res: Response,
  answer: () => void,
): Promise<boolean> {
  const allowed = await limiter.take(sender(req));
  if (allowed.ok) {
    answer();
    return false;
  }
  res.setHeader("Retry-After", String(allowed.retryAfterSeconds));
  reject(res, 429, "rate_limited", "too many failed attempts from this address; retry later");
  return true;
}

export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

export const postOnly: RequestHandler = (_req, res) => {
  res.setHeader("Allow", "POST");
  reject(res, 405, "method_not_allowed", "use POST");
};
