// The read path over the tiers, with the habits of nginx/Varnish/Fastly:
//
// - fresh (in memory or Redis, tier-lookup.ts): served. Stale (time passed): served at once, and
//   ONE background revalidation.
// - soft-purged: revalidated within the soft timeout (revalidation.ts).
// - miss (or dead): the origin fetcher (origin-fetch.ts), one fetch however many requests wait.
// - after a failed revalidation the key backs off: its stale copy is served without retrying.
import type { AsyncLocalStorage } from "node:async_hooks";
import { freshness, isSoftPurged, serve, type CacheRecord } from "./entry";
import type { OriginErrors } from "./origin-errors";
import type { CachePolicies } from "./policies";
import { revalidateWithin } from "./revalidation";
import { errorMessage } from "./support";
import { lookupTiers, type TierLookupDeps } from "./tier-lookup";
import type { Cached, CacheEntry, CachePolicyName, Read, ReadAnswer } from "./types";
import type { Turns } from "../runtime/turns";

const noop = () => undefined;
/** The signal of a fetch that nothing abandons. */
const NEVER_ABORTED = new AbortController().signal;

export interface ReadPathDeps extends TierLookupDeps {
  policies: CachePolicies;
  errors: OriginErrors;
  refresh: <T>(read: Read<T>, basis: CacheRecord | undefined) => Promise<CacheRecord>;
  /** After a failed revalidation, when each key may be fetched again. */
  backoffUntil: Map<string, number>;
  /** Set while a fetch runs: the cache reads it makes are its own (see deliver). */
  insideFetch: AsyncLocalStorage<true>;
  /** Requests that waited on one fetch go on one task at a time (see inTurn). */
  followerTurns: Turns;
  softTimeoutMs: number;
  closed: () => boolean;
}

/** How a read hands its answer over: what it reports, and when it goes on. */
interface Answering {
  deliver<T>(record: CacheRecord): T;
  answered(answer: ReadAnswer): void;
  inTurn<R>(answer: Promise<R>): Promise<R>;
}

function answering(deps: ReadPathDeps): Answering {
  const { policies, errors, observe, guard, insideFetch } = deps;
  return {
    /**
     * Answers read while a fetch builds another answer are its ingredients, not what the caller
     * receives: only the outer answer (with its own tags) is reported as served. Otherwise (bench,
     * 10,000 distinct product pages) a product's fetch reads the whole product index (every
     * product's slug) and every freshly fetched product page is tagged with every product — 10,000
     * tags per page held by the page cache's index, 800 MB of heap, and any product edit purging
     * every such page.
     */
    deliver<T>(record: CacheRecord): T {
      if (observe.served && !insideFetch.getStore())
        guard(() =>
          observe.served!({
            tags: record.tags,
            policy: record.policy,
            freshSeconds: policies[record.policy].freshSeconds,
          }),
        );
      return serve<T>(record, errors);
    },
    /** What answered this read (wp_cache_reads_total): once per read. */
    answered: (answer) => guard(() => observe.read?.(answer)),
    /**
     * Requests that waited on one fetch go on one task at a time (server/runtime/turns.ts): hundreds
     * of them would otherwise all render in the same pass and stall the process. Taken after the
     * answer (and after the soft timeout's race), so time in the queue never turns a fresh answer
     * into a stale one.
     */
    inTurn: (answer) => answer.finally(() => deps.followerTurns.forThisTask()),
  };
}

/** The stale copy's fate: revalidated within the soft timeout when soft-purged, else served while one refresh runs. */
async function answerStale<T>(deps: ReadPathDeps, to: Answering, read: Read<T>, stale: CacheRecord): Promise<T> {
  const { refresh, logger } = deps;
  const backingOff = (deps.backoffUntil.get(read.key) ?? 0) > Date.now();
  if (isSoftPurged(stale) && !backingOff) {
    const answer = await to.inTurn(revalidateWithin(refresh, read, stale, deps.softTimeoutMs, logger));
    to.answered(answer === stale ? "stale" : "origin");
    return to.deliver<T>(answer);
  }
  if (!backingOff) {
    refresh(read, stale).catch((error: unknown) => {
      logger.warn({ key: read.key, err: errorMessage(error) }, "background revalidation failed; serving stale");
    });
  }
  to.answered("stale");
  return to.deliver<T>(stale);
}

export function createReadPath(deps: ReadPathDeps): Cached {
  const to = answering(deps);
  return async function cached<T>(
    key: string,
    tags: readonly string[],
    policy: CachePolicyName,
    fetch: (entry: CacheEntry) => Promise<T>,
  ): Promise<T> {
    if (deps.closed()) {
      to.answered("origin");
      return fetch({ tag: noop, policy: noop, signal: NEVER_ABORTED });
    }
    const found = await lookupTiers(deps, key);
    if (found.fresh) {
      to.answered(found.answer);
      return to.deliver<T>(found.fresh);
    }
    const { best } = found;
    const read: Read<T> = { key, tags, policy, fetch, useRedis: found.useRedis };
    if (!best || freshness(best, Date.now()) === "dead") {
      to.answered("origin");
      return to.deliver<T>(await to.inTurn(deps.refresh(read, undefined)));
    }
    return answerStale(deps, to, read, best);
  };
}
