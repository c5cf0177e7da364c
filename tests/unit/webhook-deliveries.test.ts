// Which webhook deliveries were purged already: a repeat is recognised in memory, a claim whose
// purge failed is released (the plugin's retry is purged after all), and a Redis that fails or
// hangs leaves the decision to this process's memory instead of failing the webhook. The shared
// Redis path runs against a real Redis in tests/e2e/cache.test.ts (two instances).
import { describe, expect, it } from "vitest";
import type { RedisLike } from "../../server/cache/clients";
import { createDeliveryLedger } from "../../server/http/webhook-deliveries";

const ID = "0b7e4f7a-6a35-4c1e-8f2d-3d9c5b1a7e60";

describe("webhook deliveries", () => {
  it("claims an id once, and again only after a failed purge released it", async () => {
    const ledger = createDeliveryLedger();
    expect(await ledger.claim(ID)).toBe(true);
    expect(await ledger.claim(ID)).toBe(false);
    await ledger.release(ID);
    expect(await ledger.claim(ID)).toBe(true);
    expect(await ledger.claim("2c1f9d8e-7b6a-4d5c-9e4f-3a2b1c0d9e8f")).toBe(true);
  });

  it("decides in memory when Redis fails or hangs, and says so", async () => {
    const errors: unknown[] = [];
    const failing = {
      set: () => Promise.reject(new Error("Connection is closed.")),
      del: () => Promise.reject(new Error("Connection is closed.")),
    } as unknown as RedisLike;
    const down = createDeliveryLedger({ redis: failing, onRedisError: (e) => errors.push(e) });
    expect(await down.claim(ID)).toBe(true);
    expect(await down.claim(ID)).toBe(false);
    const hanging = {
      set: () => new Promise(() => undefined),
      del: () => new Promise(() => undefined),
    } as unknown as RedisLike;
    const slow = createDeliveryLedger({ redis: hanging, onRedisError: (e) => errors.push(e) });
    expect(await slow.claim(ID)).toBe(true);
    expect(await slow.claim(ID)).toBe(false);
    expect(errors).toHaveLength(4);
  });

  it("follows Redis's answer when it has one: another instance's claim is a repeat here too", async () => {
    const claimed = new Set<string>();
    const shared = {
      set: async (key: string, _v: string, _ex: string, _s: number, _nx: string) =>
        claimed.has(key) ? null : (claimed.add(key), "OK"),
      del: async (key: string) => Number(claimed.delete(key)),
    } as unknown as RedisLike;
    const [a, b] = [createDeliveryLedger({ redis: shared }), createDeliveryLedger({ redis: shared })];
    expect(await a.claim(ID)).toBe(true);
    expect(await b.claim(ID)).toBe(false);
    expect([...claimed]).toEqual([`fc:webhook:delivery:{${ID}}`]);
  });
});
