// Streamed uploads (PDF, video): passed through uncached, each holding a connection to WordPress's
// uploads for as long as its visitor reads. So they are counted: at most `total` at once in the
// process (the streaming pool has exactly that many connections, so an admitted stream never
// waits for one) and `perClient` for one visitor (a video player opens two or three ranges at
// once); past either a stream is refused at once (503 with Retry-After), never queued. A missing
// file is remembered (refusals.ts) and costs no slot.
import type { Logger } from "../logger";
import type { StreamAnswer } from "./answers";
import type { Refusals } from "./refusals";
import type { UploadPool, UploadTimeouts } from "./upstream";

/** How long a visitor refused a stream is told to wait. */
const STREAM_RETRY_SECONDS = 5;

/** Stream slots by client, and in total. */
export class StreamSlots {
  private readonly byClient = new Map<string, number>();
  private count = 0;

  constructor(
    readonly total: number,
    readonly perClient: number,
  ) {}

  get active(): number {
    return this.count;
  }

  /** A slot for `client`, and its release (idempotent); undefined when either bound is reached. */
  take(client: string): (() => void) | undefined {
    const mine = this.byClient.get(client) ?? 0;
    if (this.count >= this.total || mine >= this.perClient) return undefined;
    this.count += 1;
    this.byClient.set(client, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count -= 1;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }
}

export interface StreamRequest {
  uploadPath: string;
  method: "GET" | "HEAD";
  /** Range and If-Range as the visitor sent them. */
  headers: Record<string, string>;
  /** Who counts against the per-client bound (the address TRUST_PROXY yields). */
  client: string;
  /** Aborted when the visitor leaves. */
  signal: AbortSignal;
}

export function createStreams(options: {
  uploadsUrl: string;
  pool: UploadPool;
  slots: StreamSlots;
  timeouts: UploadTimeouts;
  refusals: Refusals;
  logger: Logger;
  changed?(active: number): void;
}) {
  const { uploadsUrl, pool, slots, timeouts, refusals, logger } = options;

  async function open(request: StreamRequest): Promise<StreamAnswer> {
    const refusal = refusals.of(request.uploadPath);
    if (refusal) return { kind: "refused", refusal };
    const taken = slots.take(request.client);
    if (!taken) return { kind: "busy", retryAfterSeconds: STREAM_RETRY_SECONDS };
    options.changed?.(slots.active);
    const release = () => {
      taken();
      options.changed?.(slots.active);
    };
    try {
      const upstream = await pool.request(
        uploadsUrl + request.uploadPath,
        { method: request.method, headers: request.headers, signal: request.signal },
        timeouts,
      );
      const status = upstream.statusCode ?? 502;
      if (status === 200 || status === 206 || status === 416) return { kind: "stream", upstream, release };
      upstream.destroy();
      release();
      if (status === 404 || status === 410 || (status >= 300 && status < 400)) {
        if (status < 400)
          logger.warn(
            { path: request.uploadPath, status, location: upstream.headers.location },
            "media upstream answered a redirect; not followed",
          );
        refusals.remember(request.uploadPath, "missing");
        return { kind: "refused", refusal: "missing" };
      }
      logger.warn({ path: request.uploadPath, status }, "media upstream failed");
      return { kind: "unavailable" };
    } catch (error) {
      release();
      if (!request.signal.aborted)
        logger.warn({ err: (error as Error).message, path: request.uploadPath }, "media upstream unavailable");
      return { kind: "unavailable" };
    }
  }

  return { open };
}

export type Streams = ReturnType<typeof createStreams>;
