// The cache on a real 3-master Redis Cluster: entries and tag sets spread over the slots, and no
// command of the cache (store, lock, purge by tag, purge all, the bus) ever crosses slots. A
// CROSSSLOT error would surface as a logged Redis failure and a purge kept pending; there must be
// none, and the purges must count what they purged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster } from "ioredis";
import type { CacheEntry } from "../../server/content/cached";
import {
  createCacheStack,
  createPolicies,
  createRedisClients,
  type CacheLogger,
  type CacheStack,
  type PurgeEvent,
} from "../../server/cache/index";
import { have } from "../support/requirements";
import { wordpressOriginErrors } from "../../server/content/wordpress-errors";
import { hasRedisServer, startRedisCluster, type RedisClusterServer } from "../support/redis-server";
import { sleep, waitFor } from "../support/wait";

const run = hasRedisServer() && have("redis-cli");

describe.skipIf(!run)("CacheStack on a Redis Cluster", () => {
  let cluster: RedisClusterServer;
  const stacks: CacheStack[] = [];
  const problems: string[] = [];
  const logger: CacheLogger = {
    debug: (obj, msg) => {
      if (/redis|purge/i.test(msg) && "err" in obj) problems.push(`${msg}: ${String(obj.err)}`);
    },
    info: () => undefined,
    warn: (obj, msg) => problems.push(`${msg} ${JSON.stringify(obj)}`),
    error: (obj, msg) => problems.push(`${msg} ${JSON.stringify(obj)}`),
  };

  beforeAll(async () => {
    cluster = await startRedisCluster(3);
  });
  afterAll(async () => {
    await Promise.all(stacks.splice(0).map((s) => s.close()));
    await cluster?.stop();
  });

  async function instance() {
    // A generous command bound: the first call to each node connects and loads the scripts, and
    // this test is about slots, not latency.
    const clients = createRedisClients(
      { mode: "cluster", nodes: cluster.nodes, tls: false },
      { commandTimeoutMs: 500 },
    )!;
    const events: PurgeEvent[] = [];
    const stack = createCacheStack({
      policies: createPolicies({ freshSeconds: 30, staleSeconds: 60 }),
      memoryBytes: 8 * 1024 * 1024,
      redis: clients.command,
      subscriber: clients.subscriber,
      redisTimeoutMs: 500,
      busDeadlineMs: 100,
      logger,
      errors: wordpressOriginErrors,
    });
    stack.onPurge((e) => events.push(e));
    stacks.push(stack);
    await waitFor(() => stack.stats().redis === "up" && stack.stats().bus === "subscribed", 10_000, "cluster ready");
    return { stack, events };
  }

  it("stores, coalesces and purges across slots without a cross-slot command", async () => {
    const a = await instance();
    const b = await instance();
    let calls = 0;
    const fetch = (i: number) => async (entry: CacheEntry) => {
      calls++;
      entry.tag(`products:${i}`, i % 2 ? "designers:1" : "designers:2");
      return { i, n: calls };
    };
    const keys = Array.from({ length: 40 }, (_, i) => i);
    await Promise.all(
      keys.map((i) => a.stack.cached(`wp:products:${i}`, ["products", "products:list"], "long", fetch(i))),
    );

    // The entries really are spread over the masters (callers do not wait for the Redis writes:
    // wait for them here, so that B below reads what A stored).
    const raw = createRedisClients({ mode: "cluster", nodes: cluster.nodes, tls: false }, { commandTimeoutMs: 5000 })!;
    try {
      const command = raw.command as Cluster;
      await waitFor(() => command.status === "ready", 10_000, "raw cluster client");
      const count = async () =>
        Promise.all(command.nodes("master").map(async (node) => (await node.keys("fc:e:*")).length));
      let perNode = await count();
      for (let tries = 0; perNode.reduce((x, y) => x + y, 0) < 40 && tries < 100; tries++) {
        await sleep(20);
        perNode = await count();
      }
      expect(perNode.reduce((x, y) => x + y, 0)).toBe(40);
      expect(perNode.filter((n) => n > 0).length).toBe(3);
    } finally {
      raw.command.disconnect();
      raw.subscriber.disconnect();
    }

    await Promise.all(
      keys.map((i) => b.stack.cached(`wp:products:${i}`, ["products", "products:list"], "long", fetch(i))),
    );
    expect(calls).toBe(40);

    // Two instances racing for one new key: the lock and the waiter's entry+lock read share a slot.
    const slow = async () => {
      calls++;
      await sleep(100);
      return { i: -1, n: calls };
    };
    const raced = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).stack.cached("wp:pages:1", ["pages"], "long", slow)),
    );
    expect(calls).toBe(41);
    expect(raced.every((x) => x.n === 41)).toBe(true);
    calls = 40;
    await sleep(100); // the write of wp:pages:1, before the purges count entries

    // Purge by tag: one tag with 20 entries on all masters, soft; then a hard one.
    expect(await a.stack.purge(["designers:1"], { mode: "soft" })).toBe(20);
    await waitFor(() => b.events.some((e) => e.source === "bus"), 1000, "the bus on a cluster");
    const after = await b.stack.cached("wp:products:1", [], "long", fetch(1));
    expect(after.n).toBe(41);
    expect(await a.stack.purge(["products:2", "products:4"], { mode: "hard" })).toBe(2);
    // A soft purge counts the entries it made stale: 38 left, 19 of them stale already (designers:1
    // minus the one revalidated above).
    expect(await b.stack.purge(["products:list"], { mode: "soft" })).toBe(19);
    expect(await a.stack.purgeAll({ mode: "soft" })).toBe(1); // wp:pages:1, the only fresh one left
    expect(await a.stack.purgeAll()).toBe(39);

    await sleep(250); // the repeat passes after the bus deadline
    expect(a.stack.stats().pendingPurges).toBe(0);
    expect(b.stack.stats().pendingPurges).toBe(0);
    expect(problems).toEqual([]);
  });
});
