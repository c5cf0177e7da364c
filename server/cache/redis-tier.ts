// The second tier: records shared by every instance through Redis (single, Sentinel or Cluster),
// plus the fetch locks that let one instance ask WordPress for everyone.
//
// Every call is bounded (`opTimeoutMs`, ~50 ms) and goes through a circuit breaker; while Redis
// is not ready or the breaker is open a call fails at once, so the stack falls back to its memory
// tier and to WordPress and no visitor waits on a Redis that is gone. "Up" means: the connection
// is ready and the breaker closed; its changes are reported to the stack (metrics, memory resync).
//
// Cluster safety: every command names keys of ONE slot. A purge by tag reads the tag's set, then
// touches each entry with its own single-key script (never DEL k1 k2 … across slots). Scripts are
// single-key (or entry + lock, which share a hash tag), so they run unchanged on a Cluster.
import { Cluster, type ChainableCommander } from "ioredis";
import { CircuitBreaker, type BreakerState } from "./breaker";
import type { RedisLike } from "./clients";
import { fromRedisHash, toRedisFields, type CacheRecord } from "./entry";
import type { Keyspace } from "./keys";
import type { CacheLogger, PurgeMode } from "./types";
import { RedisTimeoutError, RedisUnavailableError, type Tier } from "./tier";
import { SCRIPTS, type Scripted } from "./redis-scripts";

/** Tag sets outlive their entries by this much, so a purge still finds an entry in its last moments. */
const TAG_TTL_MARGIN_MS = 60_000;
/** Beyond this many members a tag set is checked for members whose entries are gone. */
const PRUNE_THRESHOLD = 2000;
const PRUNE_INTERVAL_MS = 60_000;
/** Purges touch many keys: in batches, so one purge does not flood the connection. */
const PURGE_BATCH = 200;

/** Replies that mean "Redis cannot serve now" (they count against the breaker); other replies are answers. */
const UNAVAILABLE_REPLIES = /^(CLUSTERDOWN|LOADING|MASTERDOWN|READONLY|TRYAGAIN|BUSY)\b/;

function countsAsFailure(error: unknown): boolean {
  const e = error as { name?: string; message?: string };
  if (e?.name === "ReplyError") return UNAVAILABLE_REPLIES.test(e.message ?? "");
  return true;
}

/**
 * Rejects after `ms` unless the answer is already waiting. When the timer fires, the verdict waits
 * one turn of the event loop (setImmediate runs after the poll phase has read the sockets), so a
 * reply that arrived in time is taken. Why: under a burst the process itself is late, the timer
 * and the reply fall due together, timers run first, and a busy process blamed Redis — the
 * breaker opened and every instance fetched for itself (bench: 1,000 requests on a cold page over
 * two instances cost each WordPress URL twice, once per instance, instead of once).
 */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let verdict: NodeJS.Immediate | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      verdict = setImmediate(() => reject(new RedisTimeoutError(ms)));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    if (verdict) clearImmediate(verdict);
  });
}

export interface RedisTierOptions {
  client: RedisLike;
  keys: Keyspace;
  /** Bound of each call on the request path. */
  opTimeoutMs: number;
  /** Bound of each call of a purge (off the request path; still bounded). */
  purgeOpTimeoutMs: number;
  failureThreshold: number;
  openMs: number;
  logger: CacheLogger;
  /** A change of "up"; `previous` is undefined the first time the state is known. */
  onState: (up: boolean, previous: boolean | undefined) => void;
}

export interface Peek {
  record: CacheRecord | undefined;
  locked: boolean;
  /** The token of whoever holds the fetch lock. */
  holder: string | undefined;
}

export class RedisTier implements Tier {
  private readonly client: Scripted;
  private readonly breaker: CircuitBreaker;
  private lastUp: boolean | undefined;
  private readonly prunedAt = new Map<string, number>();
  private closed = false;
  private readonly listeners: [string, (...args: unknown[]) => void][] = [];

  constructor(private readonly options: RedisTierOptions) {
    const client = options.client;
    for (const [name, lua] of Object.entries(SCRIPTS)) {
      if (typeof (client as unknown as Record<string, unknown>)[name] !== "function")
        client.defineCommand(name, { numberOfKeys: 1, lua });
    }
    this.client = client as Scripted;
    this.breaker = new CircuitBreaker({
      failureThreshold: options.failureThreshold,
      openMs: options.openMs,
      // Longer than a request's bound: the probe decides whether Redis is gone, not merely slow
      // under a burst (see breaker.ts).
      probe: () => withTimeout(client.ping(), Math.max(options.opTimeoutMs * 5, 250)),
      onChange: (state) => {
        options.logger.info({ breaker: state }, "Redis circuit breaker");
        this.recompute();
      },
    });
    const on = (event: string, handler: (...args: unknown[]) => void) => {
      client.on(event, handler);
      this.listeners.push([event, handler]);
    };
    // A connection that is ready again has answered the ready check: trust it at once.
    on("ready", () => {
      this.breaker.reset();
      this.recompute();
    });
    on("close", () => this.recompute());
    on("end", () => this.recompute());
    on("reconnecting", () => this.recompute());
    on("error", (error) => options.logger.debug({ err: (error as Error)?.message }, "Redis connection error"));
    if (client.status === "ready") this.recompute();
  }

  get up(): boolean {
    return !this.closed && this.client.status === "ready" && this.breaker.allows;
  }

  /** The breaker as requests meet it: without a ready connection every call fails at once, as when it is open. */
  get breakerState(): BreakerState {
    return this.client.status === "ready" ? this.breaker.state : "open";
  }

  async get(key: string): Promise<CacheRecord | undefined> {
    const hash = await this.run(() => this.client.hgetall(this.options.keys.entry(key)));
    return fromRedisHash(key, hash);
  }

  /** Entry and who holds its fetch lock, in one round trip (same slot: one hash tag). */
  async peek(key: string): Promise<Peek> {
    const { keys } = this.options;
    const replies = await this.run(() => this.client.pipeline().hgetall(keys.entry(key)).get(keys.lock(key)).exec());
    const [entryReply, lockReply] = replies ?? [];
    if (!entryReply || !lockReply || entryReply[0] || lockReply[0])
      throw entryReply?.[0] ?? lockReply?.[0] ?? new Error("empty pipeline reply");
    const holder = typeof lockReply[1] === "string" ? lockReply[1] : undefined;
    return {
      record: fromRedisHash(key, entryReply[1] as Record<string, string>),
      locked: holder !== undefined,
      holder,
    };
  }

  /** Stores the entry, then adds it to its tag sets. False when Redis already had a newer answer. */
  async set(record: CacheRecord, json: string | undefined): Promise<boolean> {
    return this.storeHash(record.key, record.fetchedAt, record.staleUntil, toRedisFields(record, json), record.tags);
  }

  /**
   * Any hash under `key`'s entry (field `a`: when its work began; `f`: fresh until, 0 once
   * soft-purged), unless Redis holds a newer one; expires at `expiresAt`. In its tag sets first:
   * whenever the entry exists it is a member, so a purge pass that runs after the store finds it
   * (members whose entry is not there yet stay, see purgeTags).
   */
  async storeHash(
    key: string,
    startedAt: number,
    expiresAt: number,
    fields: (string | Buffer)[],
    tags: readonly string[],
    timeoutMs?: number,
  ): Promise<boolean> {
    const now = Date.now();
    if (expiresAt <= now) return false;
    const entryKey = this.options.keys.entry(key);
    const tagTtl = expiresAt - now + TAG_TTL_MARGIN_MS;
    await Promise.all(
      tags.map(async (tag) => {
        const size = await this.run(
          () => this.client.fcCacheTagV1(this.options.keys.tag(tag), entryKey, tagTtl),
          timeoutMs,
        );
        if (size > PRUNE_THRESHOLD) this.prune(tag);
      }),
    );
    const stored = await this.run(
      () => this.client.fcCacheStoreV1(entryKey, startedAt, expiresAt, ...fields),
      timeoutMs,
    );
    return stored === 1;
  }

  /**
   * Some fields of the entry's hash (null where absent) and who holds its lock: one round trip, a
   * few bytes (a waiter's poll; the bodies are read once the page is there).
   */
  async peekFields(
    key: string,
    fields: readonly string[],
  ): Promise<{ values: (string | null)[]; holder: string | undefined }> {
    const { keys } = this.options;
    return this.peekWith(key, (p) => p.hmget(keys.entry(key), ...fields)) as Promise<{
      values: (string | null)[];
      holder: string | undefined;
    }>;
  }

  /** Some fields of the entry's hash as bytes (null where absent), and who holds its lock: one round trip. */
  async peekFieldBytes(
    key: string,
    fields: readonly string[],
  ): Promise<{ values: (Buffer | null)[]; holder: string | undefined }> {
    const { keys } = this.options;
    return this.peekWith(key, (p) => p.hmgetBuffer(keys.entry(key), ...fields)) as Promise<{
      values: (Buffer | null)[];
      holder: string | undefined;
    }>;
  }

  /** The entry's hash as bytes (an empty object when there is none), and who holds its lock: one round trip. */
  async peekBytes(key: string): Promise<{ hash: Record<string, Buffer>; holder: string | undefined }> {
    const { keys } = this.options;
    const { values, holder } = await this.peekWith(key, (p) => p.hgetallBuffer(keys.entry(key)));
    return { hash: (values ?? {}) as Record<string, Buffer>, holder };
  }

  /** One read of the entry and the GET of its lock, in one pipeline. */
  private async peekWith(
    key: string,
    read: (pipeline: ChainableCommander) => ChainableCommander,
  ): Promise<{ values: unknown; holder: string | undefined }> {
    const replies = await this.run(() => read(this.client.pipeline()).get(this.options.keys.lock(key)).exec());
    const [entryReply, lockReply] = replies ?? [];
    if (!entryReply || !lockReply || entryReply[0] || lockReply[0])
      throw entryReply?.[0] ?? lockReply?.[0] ?? new Error("empty pipeline reply");
    return { values: entryReply[1] ?? [], holder: typeof lockReply[1] === "string" ? lockReply[1] : undefined };
  }

  /** Drops one entry (a corrupt one); its tag sets forget it at their next purge or prune. */
  async drop(key: string): Promise<void> {
    await this.run(() => this.client.unlink(this.options.keys.entry(key)));
  }

  async tryLock(key: string, token: string, ttlMs: number): Promise<boolean> {
    const reply = await this.run(() =>
      this.client.set(this.options.keys.lock(key), token, "PX", Math.ceil(ttlMs), "NX"),
    );
    return reply === "OK";
  }

  /** `timeoutMs`: a longer bound for a renewal off the request path (a late reply must not lose the lock). */
  async extendLock(key: string, token: string, ttlMs: number, timeoutMs?: number): Promise<boolean> {
    return (
      (await this.run(
        () => this.client.fcCacheExtendV1(this.options.keys.lock(key), token, Math.ceil(ttlMs)),
        timeoutMs,
      )) === 1
    );
  }

  /** False when the lock was no longer ours (it expired, and perhaps someone else took it). */
  async releaseLock(key: string, token: string, timeoutMs?: number): Promise<boolean> {
    return (await this.run(() => this.client.fcCacheReleaseV1(this.options.keys.lock(key), token), timeoutMs)) === 1;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.run(() => this.client.publish(channel, message));
  }

  /**
   * Purges the entries of these tags: SMEMBERS per tag, then one single-key script per entry
   * (cluster-safe). `before` limits it to entries fetched at or before that instant. Members deleted
   * here leave the set; members whose entry is not there stay (see storeHash) until the set is
   * pruned or expires. Returns how many entries it purged.
   */
  async purgeTags(tags: readonly string[], mode: PurgeMode, before = Infinity): Promise<number> {
    const { keys, purgeOpTimeoutMs: timeout } = this.options;
    const members = await Promise.all(
      tags.map(async (tag) => ({
        tagKey: keys.tag(tag),
        entries: await this.run(() => this.client.smembers(keys.tag(tag)), timeout),
      })),
    );
    const results = await this.markAll(new Set(members.flatMap((m) => m.entries)), mode, before);
    await Promise.all(
      members.map(async ({ tagKey, entries }) => {
        // A member whose entry is not there stays: its writer adds it to the set before storing it
        // (storeHash), and the purge's repeat pass must still find it. Expired ones go at prune.
        const leaving = entries.filter((e) => mode === "hard" && results.get(e) === 1);
        if (leaving.length > 0) await this.run(() => this.client.srem(tagKey, ...leaving), timeout);
      }),
    );
    return [...results.values()].filter((r) => r === 1).length;
  }

  /** Purges these entries (by their cache keys), each only if fetched at or before `before`. */
  async purgeKeys(cacheKeys: readonly string[], mode: PurgeMode, before: number): Promise<number> {
    const results = await this.markAll(new Set(cacheKeys.map((k) => this.options.keys.entry(k))), mode, before);
    return [...results.values()].filter((r) => r === 1).length;
  }

  /** Purges every entry of the cache: SCAN on every master (Cluster) or the one node, then per key. */
  async purgeAll(mode: PurgeMode, before = Infinity): Promise<number> {
    const { keys } = this.options;
    let count = 0;
    for await (const batch of this.scan(keys.entryPattern)) {
      count += [...(await this.markAll(new Set(batch), mode, before)).values()].filter((r) => r === 1).length;
    }
    // Tag sets then only point at deleted entries: drop them too on a full hard purge.
    if (mode === "hard" && before === Infinity) {
      for await (const batch of this.scan(keys.tagPattern)) {
        await Promise.all(
          batch.map((tagKey) => this.run(() => this.client.unlink(tagKey), this.options.purgeOpTimeoutMs)),
        );
      }
    }
    return count;
  }

  close(): void {
    this.closed = true;
    this.breaker.stop();
    for (const [event, handler] of this.listeners) this.options.client.off(event, handler);
  }

  private async markAll(entryKeys: Set<string>, mode: PurgeMode, before: number): Promise<Map<string, number>> {
    const results = new Map<string, number>();
    const all = [...entryKeys];
    const bound = before === Infinity ? "inf" : String(before);
    for (let i = 0; i < all.length; i += PURGE_BATCH) {
      await Promise.all(
        all.slice(i, i + PURGE_BATCH).map(async (entryKey) => {
          results.set(
            entryKey,
            await this.run(() => this.client.fcCacheMarkV1(entryKey, mode, bound), this.options.purgeOpTimeoutMs),
          );
        }),
      );
    }
    return results;
  }

  private async *scan(pattern: string): AsyncGenerator<string[]> {
    const client = this.options.client;
    const nodes = client instanceof Cluster ? client.nodes("master") : [client];
    for (const node of nodes) {
      let cursor = "0";
      do {
        const [next, found] = await this.run(
          () => node.scan(cursor, "MATCH", pattern, "COUNT", 1000),
          this.options.purgeOpTimeoutMs,
        );
        cursor = next;
        if (found.length > 0) yield found;
      } while (cursor !== "0");
    }
  }

  /**
   * Drops members of a big tag set whose entries expired (sets are only cleaned by purges, and a
   * bare type tag such as `products` is refreshed for ever). At most once a minute per tag, in the
   * background, one EXISTS per member (members live in other slots).
   */
  private prune(tag: string): void {
    const now = Date.now();
    if ((this.prunedAt.get(tag) ?? 0) > now - PRUNE_INTERVAL_MS) return;
    if (this.prunedAt.size > 10_000) this.prunedAt.clear();
    this.prunedAt.set(tag, now);
    const tagKey = this.options.keys.tag(tag);
    const timeout = this.options.purgeOpTimeoutMs;
    void (async () => {
      let cursor = "0";
      do {
        const [next, members] = await this.run(() => this.client.sscan(tagKey, cursor, "COUNT", 500), timeout);
        cursor = next;
        const gone: string[] = [];
        await Promise.all(
          members.map(async (m) => {
            if ((await this.run(() => this.client.exists(m), timeout)) === 0) gone.push(m);
          }),
        );
        if (gone.length > 0) await this.run(() => this.client.srem(tagKey, ...gone), timeout);
      } while (cursor !== "0");
    })().catch((error: unknown) =>
      this.options.logger.debug({ tag, err: (error as Error)?.message }, "tag set prune stopped"),
    );
  }

  private async run<T>(op: () => Promise<T>, timeoutMs = this.options.opTimeoutMs): Promise<T> {
    if (!this.up) throw new RedisUnavailableError();
    try {
      const result = await withTimeout(op(), timeoutMs);
      this.breaker.success();
      return result;
    } catch (error) {
      if (countsAsFailure(error)) this.breaker.failure();
      throw error;
    }
  }

  private recompute(): void {
    const up = this.up;
    if (up === this.lastUp) return;
    // Before the first connection attempt settles the state is unknown: report nothing yet.
    if (
      this.lastUp === undefined &&
      !up &&
      (this.client.status === "connecting" || this.client.status === "connect" || this.client.status === "wait")
    )
      return;
    const previous = this.lastUp;
    this.lastUp = up;
    this.options.onState(up, previous);
  }
}
