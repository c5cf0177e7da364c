// The CacheStack against a real redis-server and a fake origin that numbers its answers (the
// Varnish habit): coalescing within and across instances, stale-while-revalidate, stale-if-error,
// soft and hard timeouts, soft and hard purges, not-found answers, the purge bus and the CDN hook.
// Short policies (0.3 s fresh) keep it quick; assertions are on counts and answer numbers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import type { CacheEntry, CachePolicyName } from "../../server/content/cached";
import { WordPressError } from "../../server/content/wordpress-client";
import { wordpressOriginErrors } from "../../server/content/wordpress-errors";
import {
  createCacheStack,
  createKeyspace,
  createPolicies,
  createRedisClients,
  type CacheStack,
  type CacheStackOptions,
  type PurgeEvent,
} from "../../server/cache/index";
import { hasRedisServer, startRedis, type RedisServer } from "../support/redis-server";
import { sleep, waitFor } from "../support/wait";

const policies = createPolicies({ freshSeconds: 0.3, staleSeconds: 5 });
const TIMING = {
  softTimeoutMs: 300,
  hardTimeoutMs: 1000,
  lockTtlMs: 400,
  busDeadlineMs: 150,
  lockPollMs: 10,
  redisTimeoutMs: 1000,
  errorBackoffMs: 0,
  breaker: { openMs: 200 },
} satisfies Partial<CacheStackOptions>;

interface Answer {
  n: number;
}

/** A fake WordPress: answer n is `{ n }`; it can be slow, fail, or say "not found". */
function numberedOrigin() {
  const origin = {
    calls: 0,
    delayMs: 0,
    failWith: undefined as (() => Error) | undefined,
    fetch:
      (...tags: string[]) =>
      async (entry: CacheEntry): Promise<Answer> => {
        const n = ++origin.calls;
        entry.tag(...tags);
        if (origin.delayMs > 0) await sleep(origin.delayMs);
        if (origin.failWith) throw origin.failWith();
        return { n };
      },
  };
  return origin;
}

const serverError = () =>
  new WordPressError({ code: "http_500", status: 500, message: "boom", endpoint: "wp/v2/products/:id" });
const notFound = () =>
  new WordPressError({
    code: "rest_post_invalid_id",
    status: 404,
    message: "Invalid post ID.",
    endpoint: "wp/v2/products/:id",
  });

const run = hasRedisServer();

describe.skipIf(!run)("CacheStack with Redis", () => {
  let server: RedisServer;
  const open: CacheStack[] = [];
  let prefixCounter = 0;
  let prefix = "";

  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  /** One instance of the site: its own client pair, sharing the test's key prefix. */
  async function instance(extra: Partial<CacheStackOptions> & { ownBusClient?: boolean } = {}) {
    const { ownBusClient, ...rest } = extra;
    // Generous Redis bounds: these tests are about semantics and count origin calls; a 50 ms
    // timeout on a loaded CI machine would turn into an extra origin call (the faults suite
    // tests the bounds).
    const clients = createRedisClients({ mode: "single", url: server.url }, { commandTimeoutMs: 1000 })!;
    if (ownBusClient) clients.subscriber.disconnect(); // the stack duplicates the command client instead
    const events: PurgeEvent[] = [];
    const states: boolean[] = [];
    const cdn: string[][] = [];
    const stack = createCacheStack({
      ...TIMING,
      policies,
      memoryBytes: 8 * 1024 * 1024,
      redis: clients.command,
      subscriber: ownBusClient ? undefined : clients.subscriber,
      keyPrefix: prefix,
      observe: { lookup: () => undefined, redisState: (up) => states.push(up) },
      cdnPurger: { purge: async (tags) => void cdn.push(tags) },
      ...rest,
      errors: wordpressOriginErrors,
    });
    stack.onPurge((e) => events.push(e));
    open.push(stack);
    await waitFor(
      () => stack.stats().redis === "up" && stack.stats().bus === "subscribed",
      3000,
      "redis up and bus subscribed",
    );
    const get = (
      key: string,
      fetch: (e: CacheEntry) => Promise<Answer>,
      policy: CachePolicyName = "short",
      tags: string[] = ["products"],
    ) => stack.cached(key, tags, policy, fetch);
    return { stack, get, events, states, cdn };
  }

  /** Waits until an entry under `pattern` is in Redis (a write the stack does not await). */
  async function untilStored(pattern: string): Promise<void> {
    const probe = new Redis(server.url);
    try {
      for (const deadline = Date.now() + 3000; (await probe.keys(pattern)).length === 0; await sleep(10)) {
        if (Date.now() > deadline) throw new Error(`nothing stored under ${pattern}`);
      }
    } finally {
      probe.disconnect();
    }
  }

  // A fresh key space per test: one redis-server serves them all without interference.
  const next = () => (prefix = `t${process.pid}x${++prefixCounter}`);

  it("a hundred parallel cold requests make one origin call, and all get answer 1", async () => {
    next();
    const { get } = await instance();
    const origin = numberedOrigin();
    origin.delayMs = 50;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => get("wp:products:12", origin.fetch("products:12"))),
    );
    expect(origin.calls).toBe(1);
    expect(answers.every((a) => a.n === 1)).toBe(true);
  });

  it("two instances sharing a Redis make one origin call between them", async () => {
    next();
    const a = await instance();
    const b = await instance();
    const origin = numberedOrigin();
    origin.delayMs = 100;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).get("wp:products:list", origin.fetch("products:list"))),
    );
    expect(origin.calls).toBe(1);
    expect(answers.every((x) => x.n === 1)).toBe(true);
    // A third instance that comes later finds it in Redis.
    const c = await instance();
    expect((await c.get("wp:products:list", origin.fetch())).n).toBe(1);
    expect(origin.calls).toBe(1);
  });

  it("counts each read once by what answered it, and a Redis copy no newer than memory's as a Redis miss", async () => {
    next();
    const counted = () => {
      const c = { reads: [] as string[], lookups: [] as string[] };
      return {
        c,
        observe: {
          lookup: (tier: string, result: string) => void c.lookups.push(`${tier}:${result}`),
          read: (answer: string) => void c.reads.push(answer),
          redisState: () => undefined,
        },
      };
    };
    const one = counted();
    const two = counted();
    const a = await instance({ observe: one.observe });
    const b = await instance({ observe: two.observe });
    const origin = numberedOrigin();
    const key = "wp:collections:list";
    await a.get(key, origin.fetch("collections:list"));
    await a.get(key, origin.fetch("collections:list"));
    // A's copy reaches Redis after A's answer (the write is not awaited): B reads once it is there.
    await untilStored(`${prefix}:e:*`);
    await b.get(key, origin.fetch("collections:list"));
    expect(one.c.reads).toEqual(["origin", "memory"]);
    // B never fetched it: Redis answered, fresh.
    expect(two.c.reads).toEqual(["redis"]);
    expect(two.c.lookups).toEqual(["memory:miss", "redis:hit"]);

    // Stale by time in A's memory and in Redis alike: the read is answered stale, and Redis, which
    // held nothing A lacked, counts a miss (not a second stale answer for the same read).
    await sleep(350);
    one.c.lookups.length = 0;
    expect((await a.get(key, origin.fetch("collections:list"))).n).toBe(1);
    expect(one.c.reads.at(-1)).toBe("stale");
    expect(one.c.lookups).toEqual(["memory:stale", "redis:miss"]);
    await waitFor(() => origin.calls === 2, 2000, "the background revalidation");

    // Soft-purged everywhere: the read waits for WordPress.
    await a.stack.purge(["collections:list"], { mode: "soft" });
    expect((await a.get(key, origin.fetch("collections:list"))).n).toBe(3);
    expect(one.c.reads).toEqual(["origin", "memory", "stale", "origin"]);
    // One answer per read: answered by a cache can never exceed the reads.
    expect(one.c.reads.length + two.c.reads.length).toBe(5);
  });

  it("a dead lock holder is replaced once its lock expires", async () => {
    next();
    const { get } = await instance();
    const origin = numberedOrigin();
    const raw = createRedisClients({ mode: "single", url: server.url }, { commandTimeoutMs: 2000 })!;
    try {
      await waitFor(() => raw.command.status === "ready");
      // Another instance took the lock and died: nobody renews it.
      await raw.command.set(createKeyspace(prefix).lock("wp:pages:3"), "dead-instance:1", "PX", 200, "NX");
      const answers = await Promise.all(Array.from({ length: 10 }, () => get("wp:pages:3", origin.fetch())));
      expect(origin.calls).toBe(1);
      expect(answers.every((x) => x.n === 1)).toBe(true);
    } finally {
      raw.command.disconnect();
      raw.subscriber.disconnect();
    }
  });

  it("stale-while-revalidate: stale served at once, exactly one background call, then the new answer", async () => {
    next();
    const { get } = await instance();
    const origin = numberedOrigin();
    expect((await get("wp:designers:list", origin.fetch())).n).toBe(1);
    await sleep(350); // past the 0.3 s freshness of "short"
    origin.delayMs = 100;
    const answers = await Promise.all(Array.from({ length: 30 }, () => get("wp:designers:list", origin.fetch())));
    expect(answers.every((x) => x.n === 1)).toBe(true);
    await waitFor(() => origin.calls === 2, 2000, "the background revalidation");
    await sleep(150);
    expect(origin.calls).toBe(2);
    expect((await get("wp:designers:list", origin.fetch())).n).toBe(2);
    expect(origin.calls).toBe(2);
  });

  it("stale-if-error: a failing origin leaves the stale copy in service", async () => {
    next();
    const { get, stack } = await instance();
    const origin = numberedOrigin();
    expect((await get("wp:collections:4", origin.fetch("collections:4"))).n).toBe(1);
    origin.failWith = serverError;
    // Soft-purged: the next request revalidates synchronously, fails, and gets the stale copy.
    await stack.purge(["collections:4"], { mode: "soft" });
    expect((await get("wp:collections:4", origin.fetch("collections:4"))).n).toBe(1);
    expect(origin.calls).toBe(2);
    // Stale by time: served at once while the background call fails too.
    await sleep(350);
    expect((await get("wp:collections:4", origin.fetch("collections:4"))).n).toBe(1);
    await waitFor(() => origin.calls === 3, 2000, "the background attempt");
    origin.failWith = undefined;
    await stack.purge(["collections:4"], { mode: "soft" });
    expect((await get("wp:collections:4", origin.fetch("collections:4"))).n).toBe(4);
  });

  it("soft timeout: the stale copy answers, the slow fetch finishes in the background and updates the cache", async () => {
    next();
    const { get, stack } = await instance();
    const origin = numberedOrigin();
    await get("wp:products:5", origin.fetch("products:5"), "long");
    await stack.purge(["products:5"], { mode: "soft" });
    origin.delayMs = 600; // soft timeout 300 ms < 600 ms < hard timeout 1000 ms
    expect((await get("wp:products:5", origin.fetch("products:5"), "long")).n).toBe(1);
    expect(origin.calls).toBe(2);
    await sleep(500);
    origin.delayMs = 0;
    expect((await get("wp:products:5", origin.fetch("products:5"), "long")).n).toBe(2);
    expect(origin.calls).toBe(2);
  });

  it("hard timeout: a miss whose origin hangs ends in a timeout error, not a hang", async () => {
    next();
    const { get } = await instance();
    const origin = numberedOrigin();
    origin.delayMs = 2500;
    const failure = await get("wp:products:6", origin.fetch()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WordPressError);
    expect((failure as WordPressError).code).toBe("timeout");
    expect(origin.calls).toBe(1);
  });

  it("soft purge: the very next request gets the new answer, synchronously", async () => {
    next();
    const a = await instance();
    const origin = numberedOrigin();
    expect((await a.get("wp:products:9", origin.fetch("products:9"), "long")).n).toBe(1);
    expect((await a.get("wp:products:10", origin.fetch("products:10"), "long")).n).toBe(2);
    expect(await a.stack.purge(["products:9"], { mode: "soft" })).toBe(1);
    origin.delayMs = 50;
    expect((await a.get("wp:products:9", origin.fetch("products:9"), "long")).n).toBe(3);
    // Other tags are untouched.
    expect((await a.get("wp:products:10", origin.fetch("products:10"), "long")).n).toBe(2);
    expect(origin.calls).toBe(3);
    expect(a.events.map((e) => [e.source, e.mode, e.tags])).toContainEqual(["local", "soft", ["products:9"]]);
  });

  it("hard purge: dropped entries are never served stale; the origin is asked", async () => {
    next();
    const a = await instance();
    const origin = numberedOrigin();
    expect((await a.get("wp:products:11", origin.fetch("products:11"), "long")).n).toBe(1);
    await a.stack.purge(["products:11"], { mode: "hard" });
    origin.failWith = notFound;
    const failure = await a.get("wp:products:11", origin.fetch("products:11"), "long").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WordPressError);
    expect((failure as WordPressError).notFound).toBe(true);
    expect(origin.calls).toBe(2);
  });

  it("a not-found answer is cached briefly and thrown again; other errors are not cached", async () => {
    next();
    const a = await instance();
    const b = await instance();
    const origin = numberedOrigin();
    origin.failWith = notFound;
    for (const get of [a.get, a.get, b.get, b.get]) {
      const failure = await get("wp:products:404", origin.fetch()).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(WordPressError);
      expect((failure as WordPressError).notFound).toBe(true);
      expect((failure as WordPressError).status).toBe(404);
    }
    expect(origin.calls).toBe(1);
    // Briefly: past the notFound freshness, WordPress is asked again.
    await sleep(350);
    await a.get("wp:products:404", origin.fetch()).catch(() => undefined);
    await waitFor(() => origin.calls === 2, 2000, "the not-found revalidation");

    const broken = numberedOrigin();
    broken.failWith = serverError;
    for (let i = 0; i < 3; i++) await expect(a.get("wp:products:500", broken.fetch())).rejects.toThrow("boom");
    expect(broken.calls).toBe(3);
  });

  it("a purge on instance A reaches instance B over the bus within a second; the CDN is purged once, by A", async () => {
    next();
    const a = await instance();
    const b = await instance();
    const origin = numberedOrigin();
    expect((await a.get("wp:products:7", origin.fetch("products:7"), "long")).n).toBe(1);
    expect((await b.get("wp:products:7", origin.fetch("products:7"), "long")).n).toBe(1); // from Redis, now in B's memory
    expect((await a.get("wp:products:8", origin.fetch("products:8"), "long")).n).toBe(2);
    expect((await b.get("wp:products:8", origin.fetch("products:8"), "long")).n).toBe(2);

    const sent = Date.now();
    await a.stack.purge(["products:7"], { mode: "hard" });
    await waitFor(() => b.events.some((e) => e.source === "bus"), 1000, "the purge on B");
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(b.events[0]).toMatchObject({ source: "bus", mode: "hard", tags: ["products:7"], all: false });
    expect((await b.get("wp:products:7", origin.fetch("products:7"), "long")).n).toBe(3);

    // Soft, the other way round: A's next request revalidates synchronously.
    await b.stack.purge(["products:8"], { mode: "soft" });
    await waitFor(() => a.events.some((e) => e.source === "bus" && e.mode === "soft"), 1000, "the soft purge on A");
    expect((await a.get("wp:products:8", origin.fetch("products:8"), "long")).n).toBe(4);

    // After the bus deadline: the CDN hook, once, on the instance that received each purge.
    await waitFor(() => a.cdn.length === 1 && b.cdn.length === 1, 2000, "the CDN purges");
    await sleep(200);
    expect(a.cdn).toEqual([["products:7"]]);
    expect(b.cdn).toEqual([["products:8"]]);
    // The repeat pass carries the purge instant, for the page cache's own check.
    expect(b.events.some((e) => e.source === "bus" && e.before !== undefined)).toBe(true);
    expect(origin.calls).toBe(4);
  });

  it("an instance whose bus connection was cut is not left serving purged content", async () => {
    next();
    const a = await instance();
    const b = await instance({ ownBusClient: true });
    const origin = numberedOrigin();
    expect((await a.get("wp:pages:2", origin.fetch("pages:2"), "long")).n).toBe(1);
    expect((await b.get("wp:pages:2", origin.fetch("pages:2"), "long")).n).toBe(1); // now in B's memory
    const raw = createRedisClients({ mode: "single", url: server.url }, { commandTimeoutMs: 2000 })!;
    try {
      await waitFor(() => raw.command.status === "ready");
      await (raw.command as Redis).call("CLIENT", "KILL", "TYPE", "pubsub"); // every subscriber connection: the purge below is never delivered
      await a.stack.purge(["pages:2"], { mode: "hard" });
      // Whether B reads before or after its subscription is back, it must not answer 1.
      expect((await b.get("wp:pages:2", origin.fetch("pages:2"), "long")).n).toBe(2);
      await waitFor(() => b.events.some((e) => e.source === "reconnect"), 3000, "B's resync");
      await waitFor(() => b.stack.stats().bus === "subscribed", 3000, "B's bus back");
      await a.stack.purge(["pages:2"], { mode: "hard" });
      await waitFor(() => b.events.some((e) => e.source === "bus"), 1000, "B hearing purges again");
    } finally {
      raw.command.disconnect();
      raw.subscriber.disconnect();
    }
  });

  it("purgeAll drops every entry of every instance", async () => {
    next();
    const a = await instance();
    const b = await instance();
    const origin = numberedOrigin();
    for (let i = 0; i < 20; i++) await a.get(`wp:products:${i}`, origin.fetch(`products:${i}`), "long");
    for (let i = 0; i < 20; i++) await b.get(`wp:products:${i}`, origin.fetch(`products:${i}`), "long");
    expect(origin.calls).toBe(20);
    expect(await a.stack.purgeAll()).toBe(20);
    await waitFor(() => b.events.some((e) => e.all && e.source === "bus"), 1000, "purgeAll on B");
    expect(b.stack.stats().memory.entries).toBe(0);
    expect((await b.get("wp:products:3", origin.fetch("products:3"), "long")).n).toBe(21);
  });

  it("an answer fetched before a purge but stored after it is not served as fresh", async () => {
    next();
    const a = await instance();
    const origin = numberedOrigin();
    origin.delayMs = 200;
    const early = a.get("wp:products:20", origin.fetch("products:20"), "long");
    await sleep(50);
    await a.stack.purge(["products:20"], { mode: "soft" }); // arrives while answer 1 is on its way
    expect((await early).n).toBe(1);
    origin.delayMs = 0;
    expect((await a.get("wp:products:20", origin.fetch("products:20"), "long")).n).toBe(2);
  });
});
