// The origin fetcher: one fetch per key however many requests wait. Within the process an
// in-flight map; across processes the fetch lock (fetch-lock.ts); the call itself and what becomes
// of its answer in origin-call.ts. Every fetch ends by its deadline (the cache's hard timeout,
// fetch-deadline.ts), and a fetch nobody waits for any more is aborted. An answer that a purge
// overtook is dropped or stored stale.
import type { CacheRecord } from "./entry";
import { withDeadline } from "./fetch-deadline";
import { createFetchLock, type FetchLockDeps } from "./fetch-lock";
import { createOriginCall, type OriginCallDeps } from "./origin-call";
import type { Read } from "./types";

export type { Read } from "./types";

export interface Inflight {
  promise: Promise<CacheRecord>;
  tags: readonly string[];
}

export interface OriginFetchDeps extends Omit<OriginCallDeps, "timedOut">, Omit<FetchLockDeps, "callOrigin"> {
  /** Fetches under way by key (the purges drop those a purge concerns). */
  inflight: Map<string, Inflight>;
  hardTimeoutMs: number;
}

export function createOriginFetch(deps: OriginFetchDeps): {
  refresh<T>(read: Read<T>, basis: CacheRecord | undefined): Promise<CacheRecord>;
} {
  const { inflight, hardTimeoutMs, errors } = deps;
  const timedOut = (key: string) =>
    errors.timedOut(`no answer for ${key} within ${hardTimeoutMs} ms (cache hard timeout)`);
  const callOrigin = createOriginCall({ ...deps, timedOut });
  const coordinate = createFetchLock({ ...deps, callOrigin });

  /** One revalidation or fetch per key in this process; callers share its promise. */
  function refresh<T>(read: Read<T>, basis: CacheRecord | undefined): Promise<CacheRecord> {
    const { key } = read;
    const running = inflight.get(key);
    if (running) return running.promise;
    const deadline = Date.now() + hardTimeoutMs;
    // Aborted the moment the callers get their timeout error, before they are told: the fetch
    // (if one started) stops, and nobody is answered while it still runs.
    const abandoned = new AbortController();
    const promise = withDeadline(
      coordinate(read, basis, deadline, abandoned),
      deadline,
      () => timedOut(key),
      (reason) => abandoned.abort(reason),
    );
    const current: Inflight = { promise, tags: read.tags };
    inflight.set(key, current);
    const done = () => {
      if (inflight.get(key) === current) inflight.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  return { refresh };
}
