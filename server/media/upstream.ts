// Requests to WordPress's uploads, bounded in time without bounding the transfer: the answer's
// headers must come within `headersTimeoutMs` of the request — the wait for a connection counts —
// and after that the body may take as long as it likes as long as no gap between two chunks
// exceeds `idleTimeoutMs` (a 200 MB video on a slow link is fine; a stalled upstream is not).
// Redirects are never followed: an upload has one path.
//
// Connections come from pools by purpose (`UploadPool`): image originals and streamed files
// (PDF, video) each have their own, bounded, and neither shares one with the content reads
// (server/content/wordpress-client.ts, global fetch): slow readers of videos holding every
// streaming connection cannot make an image, or a page, wait for one.
import { createWriteStream } from "node:fs";
import http from "node:http";
import https from "node:https";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface UploadTimeouts {
  /** From the request (a connection waited for included) until its status and headers. */
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

export class UploadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.name = "UploadTooLarge";
  }
}

export interface UploadRequest {
  method: "GET" | "HEAD";
  headers?: Record<string, string>;
  /** Aborts the request (the visitor left). */
  signal?: AbortSignal;
}

/** The connections of one purpose: at most `sockets` to WordPress's uploads at once. */
export interface UploadPool {
  readonly sockets: number;
  /**
   * GET (or HEAD) one upload. Resolves with the answer as it is (any status; a 3xx is not
   * followed), its body not yet read; rejects with UploadUnavailable when no answer came in time.
   */
  request(url: string, init: UploadRequest, timeouts: UploadTimeouts): Promise<http.IncomingMessage>;
}

export function createUploadPool(sockets: number): UploadPool {
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: sockets }),
    https: new https.Agent({ keepAlive: true, maxSockets: sockets }),
  };
  return {
    sockets,
    request: (url, init, timeouts) =>
      requestUpload(url, init, timeouts, url.startsWith("https:") ? agents.https : agents.http),
  };
}

function requestUpload(
  url: string,
  init: UploadRequest,
  timeouts: UploadTimeouts,
  agent: http.Agent,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.startsWith("https:");
    const req = (secure ? https : http).request(url, {
      method: init.method,
      headers: init.headers,
      agent,
      signal: init.signal,
    });
    let settled = false;
    const abandoned = () => fail(new UploadUnavailable("the request was abandoned"));
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      init.signal?.removeEventListener("abort", abandoned);
    };
    const fail = (error: UploadUnavailable) => {
      if (settled) return;
      settle();
      reject(error);
    };
    // Rejects at once: a request still waiting for a connection emits no error when destroyed,
    // so waiting for one would wait for a connection to come free.
    const timer = setTimeout(() => {
      fail(new UploadUnavailable(`uploads did not answer within ${timeouts.headersTimeoutMs} ms`));
      req.destroy();
    }, timeouts.headersTimeoutMs);
    req.once("response", (res) => {
      if (settled) return void res.destroy();
      settle();
      resolve(res);
    });
    req.on("error", (error) => fail(new UploadUnavailable(`uploads unreachable: ${error.message}`, { cause: error })));
    init.signal?.addEventListener("abort", abandoned, { once: true });
    req.end();
  });
}

/**
 * A pass-through that fails once no chunk has come for `idleMs`. It counts only time spent waiting
 * for the upstream: while the reader is slow (backpressure) no chunk is asked for, and the reader
 * is bounded by the same gap: a visitor who stops reading is cut after `idleMs`.
 */
export function idleWatchdog(idleMs: number): Transform {
  const timer: NodeJS.Timeout = setTimeout(
    () => watchdog.destroy(new UploadUnavailable(`upload body stalled for ${idleMs} ms`)),
    idleMs,
  );
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

/** Fails with UploadTooLarge past `maxBytes`. */
function byteBound(maxBytes: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      callback(size > maxBytes ? new UploadTooLarge(maxBytes) : null, chunk);
    },
  });
}

/**
 * Writes the body to `file` as it arrives (never whole in memory), at most `maxBytes`, with the
 * idle bound; resolves with its size. Rejects with UploadTooLarge or UploadUnavailable.
 */
export async function downloadTo(
  res: http.IncomingMessage,
  file: string,
  idleMs: number,
  maxBytes: number,
): Promise<number> {
  const out = createWriteStream(file);
  try {
    await pipeline(res, idleWatchdog(idleMs), byteBound(maxBytes), out);
  } catch (error) {
    res.destroy();
    if (error instanceof UploadTooLarge || error instanceof UploadUnavailable) throw error;
    throw new UploadUnavailable(`upload body failed: ${(error as Error).message}`, { cause: error });
  }
  if (!res.complete) throw new UploadUnavailable("upload body ended early");
  return out.bytesWritten;
}
