// How many requests this process has at WordPress at once (WP_MAX_CONCURRENCY), and how many more
// may wait for a turn. A flood of uncached pages (random searches, a crawler walking every filter)
// would otherwise open one WordPress request per page, and a WordPress that falls over takes every
// uncached page with it. Past the queue a request is refused at once, without reaching WordPress:
// the caller serves its stale copy when it has one, else the page answers 503 with Retry-After.
//
// Invariants: at most `maxInflight` tasks run at any moment; at most `maxQueued` wait; a waiting
// task whose caller gave up (its signal aborted) leaves the queue without ever running; every
// admitted task releases its turn exactly once, however it ends.

export interface WordPressGateOptions {
  /** Requests in flight at most (WP_MAX_CONCURRENCY). */
  maxInflight: number;
  /** Requests waiting for a turn at most; one more is refused. */
  maxQueued: number;
  observe?: {
    /** The number in flight, after every change (`wp_origin_inflight`). */
    inflight?(count: number): void;
    /** A request refused because the queue was full (`wp_origin_rejections_total`). */
    rejected?(): void;
  };
}

/** Thrown when the queue is full: the request never reached WordPress. */
export class WordPressQueueFullError extends Error {
  constructor(
    readonly maxInflight: number,
    readonly maxQueued: number,
  ) {
    super(`${maxInflight} WordPress requests in flight and ${maxQueued} waiting: refused without asking WordPress`);
    this.name = "WordPressQueueFullError";
  }
}

export interface WordPressGate {
  /** Runs `task` once a turn is free; rejects with WordPressQueueFullError, or `signal`'s reason while waiting. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly inflight: number;
  readonly queued: number;
}

interface Waiter {
  start(): void;
}

/** The queue bound for a given cap: four turns' worth of waiting, enough for a page's reads. */
export function queueBoundFor(maxInflight: number): number {
  return maxInflight * 4;
}

/** The abort's reason as an Error (AbortSignal.timeout's is a DOMException already). */
function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? "aborted"));
}

export function createWordPressGate(options: WordPressGateOptions): WordPressGate {
  const { maxInflight, maxQueued } = options;
  let inflight = 0;
  const waiting = new Set<Waiter>(); // insertion order: first come, first served

  const changed = () => options.observe?.inflight?.(inflight);

  function release() {
    const next = waiting.values().next();
    if (!next.done) {
      waiting.delete(next.value);
      next.value.start(); // the turn passes on to the first waiter: the count stays
      return;
    }
    inflight--;
    changed();
  }

  async function runNow<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      release();
    }
  }

  function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (inflight < maxInflight) {
      inflight++;
      changed();
      return runNow(task);
    }
    if (waiting.size >= maxQueued) {
      options.observe?.rejected?.();
      return Promise.reject(new WordPressQueueFullError(maxInflight, maxQueued));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        waiting.delete(waiter);
        reject(abortError(signal!));
      };
      const waiter: Waiter = {
        start() {
          signal?.removeEventListener("abort", onAbort);
          runNow(task).then(resolve, reject);
        },
      };
      waiting.add(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  return {
    run,
    get inflight() {
      return inflight;
    },
    get queued() {
      return waiting.size;
    },
  };
}
