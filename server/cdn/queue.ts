// The purge queue shared by the CDN adapters: tags from concurrent purges are merged and
// deduplicated, sent in batches no larger than the provider takes in one call, paced by a token
// bucket under the provider's rate limit, and retried on 429 (after Retry-After), 5xx, timeouts
// and network errors, with jitter (each wait drawn between half and one and a half times its
// base), within a retry budget: no call starts, and none lasts, past `budgetMs` after the first, so
// a purge is settled (sent, or given up and counted) within the drain window of a terminating pod.
// A tag asked for again while its batch is in flight is queued again, so the CDN is always purged
// after the latest request for it.
import { CdnPurgeError, type CdnPurgeErrorCode } from "./errors";

/** What one provider contributes: the HTTP call for a batch (or for everything) and how to read its answer. */
export interface PurgeTransport {
  readonly provider: string;
  request(batch: readonly string[] | "all"): { url: string; init: RequestInit };
  /** Throws a CdnPurgeError when a 2xx answer still reports a failure (Cloudflare's `success`). */
  accept?(response: Response): Promise<void>;
}

export interface PurgeQueueOptions {
  batchSize: number;
  requestsPerSecond: number;
  burst: number;
  maxAttempts: number;
  retryBaseMs: number;
  maxRetryAfterMs: number;
  timeoutMs: number;
  /** A call and its retries end within this many milliseconds of the first try. */
  budgetMs: number;
  fetch: typeof fetch;
  /** Each call's outcome (`cdn_purge_requests_total{result}`): ok; retried (failed, tried again); error (failed for good). */
  observe?(result: "ok" | "error" | "retried"): void;
}

interface Job {
  remaining: Set<string>;
  error?: Error;
  resolve(): void;
  reject(error: Error): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A token bucket: `take()` resolves when a request may be sent. */
export class TokenBucket {
  private tokens: number;
  private last = performance.now();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
  ) {
    this.tokens = capacity;
  }

  take(): Promise<void> {
    const next = this.chain.then(async () => {
      for (;;) {
        const now = performance.now();
        this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
        this.last = now;
        if (this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        await sleep(Math.ceil(((1 - this.tokens) / this.perSecond) * 1000));
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }
}

export class PurgeQueue {
  private readonly order: string[] = [];
  private readonly waiting = new Map<string, Set<Job>>();
  private readonly bucket: TokenBucket;
  private running = false;
  private allChain: Promise<void> = Promise.resolve();

  constructor(
    private readonly transport: PurgeTransport,
    private readonly options: PurgeQueueOptions,
  ) {
    this.bucket = new TokenBucket(options.requestsPerSecond, options.burst);
  }

  purge(tags: readonly string[]): Promise<void> {
    const unique = [...new Set(tags)];
    if (unique.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const job: Job = { remaining: new Set(unique), resolve, reject };
      for (const tag of unique) {
        let jobs = this.waiting.get(tag);
        if (!jobs) {
          jobs = new Set();
          this.waiting.set(tag, jobs);
          this.order.push(tag);
        }
        jobs.add(job);
      }
      // Start on the next turn, so purges issued together travel in one batch.
      if (!this.running) {
        this.running = true;
        setTimeout(() => void this.drain(), 0);
      }
    });
  }

  purgeAll(): Promise<void> {
    const run = this.allChain.then(() => this.send("all"));
    this.allChain = run.catch(() => undefined);
    return run;
  }

  private async drain(): Promise<void> {
    try {
      while (this.order.length > 0) {
        const batch = this.order.splice(0, this.options.batchSize);
        // Detach the batch's waiters: a purge of the same tag from now on queues it again.
        const settled = batch.map((tag) => [tag, this.waiting.get(tag) ?? new Set<Job>()] as const);
        for (const tag of batch) this.waiting.delete(tag);
        let failure: Error | undefined;
        try {
          await this.send(batch);
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        for (const [tag, jobs] of settled) {
          for (const job of jobs) {
            if (failure) job.error ??= failure;
            job.remaining.delete(tag);
            if (job.remaining.size === 0) {
              if (job.error) job.reject(job.error);
              else job.resolve();
            }
          }
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async send(batch: readonly string[] | "all"): Promise<void> {
    const { maxAttempts, retryBaseMs, maxRetryAfterMs, timeoutMs, budgetMs } = this.options;
    const deadline = Date.now() + budgetMs;
    for (let attempt = 1; ; attempt++) {
      await this.bucket.take();
      // Full jitter around the doubling base: pods that failed together do not retry together.
      let wait = retryBaseMs * 2 ** (attempt - 1) * (0.5 + Math.random());
      let error: CdnPurgeError;
      try {
        const { url, init } = this.transport.request(batch);
        const callMs = Math.max(1, Math.min(timeoutMs, deadline - Date.now()));
        const response = await this.options.fetch(url, { ...init, signal: AbortSignal.timeout(callMs) });
        if (response.ok) {
          try {
            if (this.transport.accept) await this.transport.accept(response);
            else await response.body?.cancel();
          } catch (refused) {
            this.options.observe?.("error");
            throw refused;
          }
          this.options.observe?.("ok");
          return;
        }
        const body = await response.text().catch(() => "");
        error = new CdnPurgeError(
          codeOf(response.status),
          `${this.transport.provider} purge answered ${response.status}: ${body.slice(0, 300)}`,
          {
            provider: this.transport.provider,
            status: response.status,
          },
        );
        if (response.status === 429) {
          const retryAfter = retryAfterMs(response.headers.get("retry-after"));
          if (retryAfter !== undefined) wait = Math.max(wait, Math.min(retryAfter, maxRetryAfterMs));
        }
      } catch (caught) {
        if (caught instanceof CdnPurgeError) throw caught;
        const timedOut = caught instanceof Error && (caught.name === "TimeoutError" || caught.name === "AbortError");
        error = new CdnPurgeError(
          timedOut ? "timeout" : "network",
          `${this.transport.provider} purge failed: ${caught instanceof Error ? caught.message : String(caught)}`,
          {
            provider: this.transport.provider,
            status: 0,
          },
        );
      }
      // No retry that could not finish within the budget: give up now, counted, and say why.
      if (!error.retryable || attempt >= maxAttempts || Date.now() + wait >= deadline) {
        this.options.observe?.("error");
        throw error;
      }
      this.options.observe?.("retried");
      await sleep(wait);
    }
  }
}

function codeOf(status: number): CdnPurgeErrorCode {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "rejected";
}

/** Retry-After as delta seconds or an HTTP date, in milliseconds. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
