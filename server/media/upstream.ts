// Requests to WordPress's uploads, bounded in time without bounding the transfer: the answer's
// headers must come within `headersTimeoutMs`, and after that the body may take as long as it
// likes as long as no gap between two chunks exceeds `idleTimeoutMs` (a 200 MB video on a slow
// link is fine; a stalled upstream is not). Redirects are never followed: an upload has one path.
import http from "node:http";
import https from "node:https";
import { Transform, type TransformCallback } from "node:stream";

export interface UploadTimeouts {
  /** Until the answer's status and headers arrive. */
  headersTimeoutMs: number;
  /** The longest gap between two chunks of the body. */
  idleTimeoutMs: number;
}

/** Why an upload could not be read: the caller answers from its cache, or 503. */
export class UploadUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UploadUnavailable";
  }
}

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 32 }), https: new https.Agent({ keepAlive: true, maxSockets: 32 }) };

/**
 * GET (or HEAD) one upload. Resolves with the answer as it is (any status; a 3xx is not followed),
 * its body not yet read; rejects with UploadUnavailable when no answer came in time. `signal`
 * aborts the request (the visitor left).
 */
export function requestUpload(url: string, init: { method: "GET" | "HEAD"; headers?: Record<string, string>; signal?: AbortSignal }, timeouts: UploadTimeouts): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.startsWith("https:");
    const req = (secure ? https : http).request(url, { method: init.method, headers: init.headers, agent: secure ? agents.https : agents.http, signal: init.signal });
    const timer = setTimeout(() => req.destroy(new UploadUnavailable(`uploads did not answer within ${timeouts.headersTimeoutMs} ms`)), timeouts.headersTimeoutMs);
    req.once("response", (res) => {
      clearTimeout(timer);
      resolve(res);
    });
    req.once("error", (error) => {
      clearTimeout(timer);
      reject(error instanceof UploadUnavailable ? error : new UploadUnavailable(`uploads unreachable: ${error.message}`, { cause: error }));
    });
    req.end();
  });
}

/**
 * A pass-through that fails once no chunk has come for `idleMs`. It counts only time spent waiting
 * for the upstream: while the reader is slow (backpressure) no chunk is asked for, and the reader
 * is bounded by the same gap: a visitor who stops reading is cut after `idleMs`.
 */
export function idleWatchdog(idleMs: number): Transform {
  const timer: NodeJS.Timeout = setTimeout(() => watchdog.destroy(new UploadUnavailable(`upload body stalled for ${idleMs} ms`)), idleMs);
  timer.unref();
  const watchdog: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      timer.refresh();
      callback(null, chunk);
    },
    flush(callback) {
      clearTimeout(timer);
      callback();
    },
    destroy(error, callback) {
      clearTimeout(timer);
      callback(error);
    },
  });
  return watchdog;
}

/** The whole body in memory (images to transform), at most `maxBytes`, with the idle bound. */
export async function readBody(res: http.IncomingMessage, idleMs: number, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const watchdog = idleWatchdog(idleMs);
  res.once("error", (error) => watchdog.destroy(new UploadUnavailable(`upload body failed: ${error.message}`, { cause: error })));
  res.pipe(watchdog);
  try {
    for await (const chunk of watchdog as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new UploadTooLarge(maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    res.destroy();
    if (error instanceof UploadTooLarge || error instanceof UploadUnavailable) throw error;
    throw new UploadUnavailable(`upload body failed: ${(error as Error).message}`, { cause: error });
  }
  if (!res.complete) throw new UploadUnavailable("upload body ended early");
  return Buffer.concat(chunks, size);
}

export class UploadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.name = "UploadTooLarge";
  }
}
