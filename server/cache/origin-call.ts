// One call to the origin and what becomes of its answer: built into a record with the tags and
// policy the fetch chose, judged against the purges that arrived meanwhile (dropped, or stored
// stale), then kept in memory and written to Redis. A failure is not stored: the key backs off.
// The fetch lock, when this call holds one, is kept alive while it runs and released at the end.
import type { AsyncLocalStorage } from "node:async_hooks";
import { buildRecord, type BuiltRecord, type CacheRecord } from "./entry";
import { withDeadline } from "./fetch-deadline";
import type { OriginErrors } from "./origin-errors";
import type { CachePolicies } from "./policies";
import type { LocalTier, SharedTier } from "./tier";
import { errorMessage } from "./support";
import type { CacheEntry, CacheLogger, Read } from "./types";

const noop = () => undefined;
const MAX_BACKOFF_KEYS = 10_000;

export interface OriginCallDeps {
  memory: LocalTier;
  redis: SharedTier | undefined;
  /** What the purges seen since the answer was fetched make of it. */
  purges: { judge(record: CacheRecord): "keep" | "stale" | "drop" };
  policies: CachePolicies;
  errors: OriginErrors;
  logger: CacheLogger;
  instanceId: string;
  /** Redis writes under way (the purges wait for them). */
  writes: Set<Promise<void>>;
  /** After a failed fetch, when each key may be fetched again (stale copies are served meanwhile). */
  backoffUntil: Map<string, number>;
  /** Set while a fetch runs: the cache reads it makes are its own. */
  insideFetch: AsyncLocalStorage<true>;
  closed: () => boolean;
  lockTtlMs: number;
  errorBackoffMs: number;
  /** The timeout error at the deadline. */
  timedOut: (key: string) => Error;
}

export type OriginCall = <T>(
  read: Read<T>,
  lockToken: string | undefined,
  deadline: number,
  abandoned: AbortController,
) => Promise<CacheRecord>;

/** Keeps the fetch lock while WordPress is slow, so nobody else starts the same fetch; returns its release. */
function holdLock(deps: OriginCallDeps, key: string, lockToken: string | undefined, fetchedAt: number): () => void {
  const { redis, lockTtlMs, logger, instanceId } = deps;
  const heartbeat =
    lockToken && redis
      ? setInterval(
          () => void redis.extendLock(key, lockToken, lockTtlMs).catch(noop),
          Math.max(10, Math.floor(lockTtlMs / 3)),
        )
      : undefined;
  heartbeat?.unref();
  return () => {
    clearInterval(heartbeat);
    if (!lockToken || !redis) return;
    redis.releaseLock(key, lockToken).then((held) => {
      // The lock ran out while we fetched: another instance may have fetched the same.
      if (!held)
        logger.warn(
          { key, instanceId, fetchMs: Date.now() - fetchedAt, lockTtlMs },
          "fetch lock expired before the answer was stored",
        );
    }, noop);
  };
}

/** Purges that arrived while this answer was on its way may drop it or make it stale; then memory and Redis. */
function store(deps: OriginCallDeps, built: BuiltRecord, release: () => void): CacheRecord {
  const { memory, redis, purges, logger, writes } = deps;
  const verdict = purges.judge(built.record);
  if (verdict === "drop") {
    release();
    return built.record; // the callers asked before the purge; nobody else gets it
  }
  if (verdict === "stale") built.record.freshUntil = 0;

  memory.set(built.record);
  if (redis?.up && !deps.closed()) {
    const write = redis
      .set(built.record, built.json)
      .then(noop, (error: unknown) =>
        logger.debug({ key: built.record.key, err: errorMessage(error) }, "could not store in Redis"),
      )
      .finally(() => {
        release();
        writes.delete(write);
      });
    writes.add(write);
  } else {
    release();
  }
  return built.record;
}

export function createOriginCall(deps: OriginCallDeps): OriginCall {
  const { policies, errors, backoffUntil, insideFetch } = deps;

  /** `abandoned` is aborted at the deadline, by whichever of the two deadline timers fires first. */
  return async function callOrigin<T>(
    read: Read<T>,
    lockToken: string | undefined,
    deadline: number,
    abandoned: AbortController,
  ): Promise<CacheRecord> {
    const { key, tags, policy: policyName, fetch } = read;
    const fetchedAt = Date.now();
    if (fetchedAt >= deadline) throw new Error("deadline passed before the fetch could start");
    const allTags = new Set(tags);
    let policy = policyName;
    const entry: CacheEntry = {
      signal: abandoned.signal,
      tag: (...more) => {
        for (const tag of more) if (typeof tag === "string" && tag) allTags.add(tag);
      },
      policy: (name) => {
        if (policies[name]) policy = name;
      },
    };
    const release = holdLock(deps, key, lockToken, fetchedAt);

    let built: BuiltRecord;
    try {
      const fetched = insideFetch.run(true, () => Promise.resolve().then(() => fetch(entry)));
      const value = await withDeadline(
        fetched,
        deadline,
        () => deps.timedOut(key),
        (reason) => abandoned.abort(reason),
      );
      built = buildRecord({
        key,
        value,
        tags: allTags,
        policy: policies[policy] ?? policies.short,
        fetchedAt,
        storedAt: Date.now(),
      });
    } catch (error) {
      if (errors.classify(error) !== "notFound") {
        release();
        if (backoffUntil.size > MAX_BACKOFF_KEYS) backoffUntil.clear();
        backoffUntil.set(key, Date.now() + deps.errorBackoffMs);
        throw error;
      }
      built = buildRecord({
        key,
        notFound: errors.remember(error),
        tags: allTags,
        policy: policies.notFound,
        fetchedAt,
        storedAt: Date.now(),
      });
    }
    backoffUntil.delete(key);
    return store(deps, built, release);
  };
}
