// One contract for every tier of the data cache: the memory tier, a single Redis and a Redis
// Cluster keep an answer, refuse an older one over a newer one, and purge alike — by tag, soft
// (stale in place) or hard (gone), limited to answers fetched at or before a repeat pass's
// instant, and all at once. The stack relies on exactly this from each: the Tier of server/cache/tier.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRecord } from "../../server/cache/entry";
import { createKeyspace } from "../../server/cache/keys";
import { MemoryTier } from "../../server/cache/memory-tier";
import { createPolicies } from "../../server/cache/policies";
import { RedisTier } from "../../server/cache/redis-tier";
import { createRedisClients } from "../../server/cache/clients";
import type { CacheLogger } from "../../server/cache/types";
import type { Tier } from "../../server/cache/tier";
import type { RedisConfig } from "../../server/config";
import {
  hasRedisServer,
  startRedis,
  startRedisCluster,
  type RedisClusterServer,
  type RedisServer,
} from "../support/redis-server";
import { sleep } from "../support/wait";

/** A tier as the stack sees it (server/cache/tier.ts), and what ends it after the suite. */
interface Opened {
  tier: Tier;
  close(): void;
}

const policies = createPolicies({ freshSeconds: 60, staleSeconds: 600 });
const silent: CacheLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
function memoryTier(): Opened {
  return { tier: new MemoryTier(8 * 1024 * 1024), close: () => undefined };
}

let prefixes = 0;
async function redisTier(config: RedisConfig): Promise<Opened> {
  const clients = createRedisClients(config, { commandTimeoutMs: 1000 })!;
  clients.subscriber.disconnect();
  const tier = new RedisTier({
    client: clients.command,
    keys: createKeyspace(`fc-tiers-${process.pid}-${++prefixes}`),
    opTimeoutMs: 1000,
    purgeOpTimeoutMs: 2000,
    failureThreshold: 5,
    openMs: 1000,
    logger: silent,
    onState: () => undefined,
  });
  for (let i = 0; i < 200 && !tier.up; i++) await sleep(25);
  if (!tier.up) throw new Error("the Redis tier never came up");
  return {
    tier,
    close: () => {
      tier.close();
      clients.command.disconnect();
    },
  };
}

function contract(name: string, open: () => Promise<Opened>) {
  describe(`the ${name} tier`, () => {
    let opened: Opened | undefined;
    let tier: Tier;
    beforeAll(async () => {
      opened = await open();
      tier = opened.tier;
    });
    afterAll(() => opened?.close());

    const now = Date.now();
    const built = (key: string, tags: string[], fetchedAt = now, value: unknown = { key }) =>
      buildRecord({ key, value, tags, policy: policies.short, fetchedAt, storedAt: fetchedAt });
    const put = (key: string, tags: string[], fetchedAt = now, value?: unknown) => {
      const { record, json } = built(key, tags, fetchedAt, value);
      return tier.set(record, json);
    };

    it("keeps an answer with its tags, and never lets an older fetch replace a newer answer", async () => {
      expect(await put("k:a", ["exclusives:3", "exclusives:list"], now, { v: "new" })).toBe(true);
      expect(await tier.get("k:a")).toMatchObject({
        key: "k:a",
        value: { v: "new" },
        tags: ["exclusives:3", "exclusives:list"],
        fetchedAt: now,
      });
      expect(await put("k:a", ["exclusives:3"], now - 1000, { v: "old" })).toBe(false);
      expect((await tier.get("k:a"))?.value).toEqual({ v: "new" });
      expect(await tier.get("k:missing")).toBeUndefined();
    });

    it("purges by tag: soft leaves the answer stale in place, hard removes it, other tags untouched", async () => {
      await put("p:1", ["products:1", "products:list"]);
      await put("p:2", ["products:2", "products:list"]);
      await put("pg:1", ["pages:1"]);
      expect(await tier.purgeTags(["products:1"], "soft")).toBe(1);
      expect((await tier.get("p:1"))?.freshUntil).toBe(0);
      expect(await tier.purgeTags(["products:list"], "hard")).toBeGreaterThanOrEqual(2);
      expect(await tier.get("p:1")).toBeUndefined();
      expect(await tier.get("p:2")).toBeUndefined();
      expect(await tier.get("pg:1")).toBeDefined();
    });

    it("limits a repeat pass to answers fetched at or before its instant", async () => {
      const purgeAt = now + 10;
      await put("r:before", ["collections:1"], purgeAt - 5);
      await put("r:after", ["collections:1"], purgeAt + 5);
      await tier.purgeTags(["collections:1"], "hard", purgeAt);
      expect(await tier.get("r:before")).toBeUndefined();
      expect(await tier.get("r:after")).toBeDefined();
    });

    it("purges everything, softly or not", async () => {
      await put("all:1", ["designers:1"]);
      await put("all:2", ["projects:1"]);
      await tier.purgeAll("soft");
      expect((await tier.get("all:1"))?.freshUntil).toBe(0);
      await tier.purgeAll("hard");
      expect(await tier.get("all:1")).toBeUndefined();
      expect(await tier.get("all:2")).toBeUndefined();
    });
  });
}

contract("memory", () => Promise.resolve(memoryTier()));

describe.runIf(hasRedisServer())("on Redis", () => {
  let single: RedisServer;
  let cluster: RedisClusterServer | undefined;
  beforeAll(async () => {
    single = await startRedis();
    cluster = await startRedisCluster(3);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await single?.stop();
  });
  contract("single Redis", () => redisTier({ mode: "single", url: single.url }));
  contract("Redis Cluster", () => redisTier({ mode: "cluster", nodes: cluster!.nodes, tls: false }));
});
