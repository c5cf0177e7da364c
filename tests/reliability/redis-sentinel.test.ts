// Redis behind Sentinel, set up the way most deployments are: a master and a replica with
// `requirepass`, three Sentinels with a password of their own (Debian's redis-server and
// redis-sentinel, started here). Proves, on the built site:
// - a missing or wrong password is said plainly: /readyz answers `"redis": "auth failed"`, the
//   cause is logged at warn, and ioredis never prints "Unhandled error event";
// - with REDIS_SENTINEL_PASSWORD (and REDIS_PASSWORD) both pods connect, and a failover (the
//   master killed under load; Sentinel's down-after 1 s) fails no request: both pods follow the
//   Sentinels to the promoted replica, Redis and the purge bus come back on their own;
// - with REDIS_TLS=true the same set on TLS only (no plain port at all) is reached: the Sentinels
//   and the master they name, the test's own CA trusted through NODE_EXTRA_CA_CERTS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { have, hasBuild, requirePart } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import {
  hasRedisSentinel,
  makeTestTls,
  startSentinelSet,
  type SentinelSet,
  type TestTls,
} from "../support/redis-server";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, load, pageTypes, sleep } from "./support";

const ready = hasBuild() && hasRedisSentinel();
const DATA_PASSWORD = "data-nodes-password-0123";
const SENTINEL_PASSWORD = "sentinels-password-4567";

interface Readiness {
  redis: string;
  bus: string;
}

async function readiness(site: RunningSite): Promise<Readiness> {
  return (await (await fetch(`${site.internalUrl}/readyz`)).json()) as Readiness;
}

/** Polls /readyz until `test` holds; the last answer either way. */
async function until(site: RunningSite, test: (r: Readiness) => boolean, timeoutMs = 20_000): Promise<Readiness> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await readiness(site);
    if (test(r) || Date.now() > deadline) return r;
    await sleep(50);
  }
}

describe.runIf(ready)("Redis behind password-protected Sentinels", () => {
  let wp: FaultyWordPress;
  let set: SentinelSet;
  const env = () => ({
    WP_URL: wp.url,
    REDIS_SENTINELS: set.sentinels,
    REDIS_SENTINEL_NAME: set.name,
    REDIS_PASSWORD: DATA_PASSWORD,
    REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD,
    // Every request through the data cache, and lookups that keep reaching Redis.
    CACHE_FRESH_SECONDS: "1",
    CACHE_STALE_SECONDS: "600",
    PAGE_CACHE_MB: "0",
  });

  beforeAll(async () => {
    wp = await startFaultyWordPress();
    set = await startSentinelSet({ password: DATA_PASSWORD, sentinelPassword: SENTINEL_PASSWORD, downAfterMs: 1000 });
  });
  afterAll(async () => {
    await set?.stop();
    await wp?.close();
  });

  for (const [what, drop] of [
    ["the Sentinels' password is missing", { REDIS_SENTINEL_PASSWORD: "" }],
    ["the data nodes' password is wrong", { REDIS_PASSWORD: "not-the-data-password" }],
  ] as const) {
    it(`says "auth failed" and logs the cause at warn when ${what}`, async () => {
      const site = await startSite({ ...env(), ...drop, LOG_LEVEL: "warn" });
      try {
        const state = await until(site, (r) => r.redis === "auth failed", 15_000);
        expect(state.redis).toBe("auth failed");
        // The line reaches the test through a pipe, perhaps a moment after /readyz answered.
        const warned = await waitForLog(
          site,
          (line) =>
            /"level":40/.test(line) && /NOAUTH|WRONGPASS|invalid password|invalid username-password/i.test(line),
        );
        figure(
          `sentinel_auth_warning_${what.replace(/\W+/g, "_")}`,
          warned ? (JSON.parse(warned).redis?.cause ?? "?") : "none",
        );
        expect(warned).toBeDefined();
        expect(site.logs.filter((line) => /Unhandled error event/.test(line))).toEqual([]);
        // The memory tier serves meanwhile: visitors see pages.
        expect((await fetch(`${site.url}/about`)).status).toBe(200);
      } finally {
        await site.stop();
      }
    });
  }

  it("connects with the Sentinels' password, and a failover under load fails no request", async () => {
    const pods = await Promise.all([startSite(env()), startSite(env())]);
    try {
      for (const pod of pods)
        expect(await until(pod, (r) => r.redis === "up" && r.bus === "subscribed")).toMatchObject({
          redis: "up",
          bus: "subscribed",
        });
      const paths = pageTypes(wp.catalogue).map((p) => p.path);
      let done = false;
      const traffic = load({
        next: (n) => pods[n % 2]!.url + paths[n % paths.length],
        concurrency: 8,
        until: () => done,
        timeoutMs: 10_000,
      });
      await sleep(1000);

      const oldMaster = await set.masterPort();
      expect(oldMaster).toBe(set.master.port);
      const killedAt = Date.now();
      await set.master.kill();
      // Sentinel: subjectively down after 1 s, a quorum of 2, the replica promoted.
      let promotedAt = 0;
      for (let i = 0; i < 400 && !promotedAt; i++) {
        if ((await set.masterPort().catch(() => oldMaster)) === set.replica.port) promotedAt = Date.now();
        else await sleep(50);
      }
      expect(promotedAt).toBeGreaterThan(0);
      const back = await Promise.all(
        pods.map((pod) => until(pod, (r) => r.redis === "up" && r.bus === "subscribed", 30_000)),
      );
      const reconnectedAt = Date.now();
      await sleep(1000); // and on the new master, under load
      done = true;
      const result = await traffic;

      const failed = result.outcomes.filter((o) => o.status !== 200);
      figure("sentinel_failover_requests", result.outcomes.length);
      figure("sentinel_failover_failed", failed.length);
      figure("sentinel_failover_promoted_ms", promotedAt - killedAt);
      figure("sentinel_failover_pods_reconnected_ms", reconnectedAt - killedAt);
      expect(failed.map((o) => `${o.url} ${o.status} ${o.error ?? ""}`)).toEqual([]);
      for (const state of back) expect(state).toMatchObject({ redis: "up", bus: "subscribed" });
      for (const pod of pods) expect(pod.logs.filter((line) => /Unhandled error event/.test(line))).toEqual([]);
    } finally {
      await Promise.all(pods.map((pod) => pod.stop()));
    }
  });
});

const tlsReady = ready && requirePart("openssl", have("openssl"), "apt-get install openssl (test certificates)");

describe.runIf(tlsReady)("Redis behind password-protected Sentinels, on TLS only", () => {
  let wp: FaultyWordPress;
  let certs: TestTls;
  let set: SentinelSet;
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    certs = makeTestTls();
    set = await startSentinelSet({ password: DATA_PASSWORD, sentinelPassword: SENTINEL_PASSWORD, tls: certs });
  });
  afterAll(async () => {
    await set?.stop();
    await wp?.close();
    if (certs) rmSync(certs.dir, { recursive: true, force: true });
  });

  it("connects with REDIS_TLS=true to the Sentinels and the master, and serves", async () => {
    const env = {
      WP_URL: wp.url,
      REDIS_SENTINELS: set.sentinels,
      REDIS_SENTINEL_NAME: set.name,
      REDIS_PASSWORD: DATA_PASSWORD,
      REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD,
      NODE_EXTRA_CA_CERTS: certs.ca,
    };
    const site = await startSite({ ...env, REDIS_TLS: "true" });
    try {
      expect(await until(site, (r) => r.redis === "up" && r.bus === "subscribed")).toMatchObject({
        redis: "up",
        bus: "subscribed",
      });
      expect((await fetch(`${site.url}/about`)).status).toBe(200);
    } finally {
      await site.stop();
    }
    // Without TLS nothing answers: the nodes have no plain port.
    const plain = await startSite({ ...env, LOG_LEVEL: "warn" });
    try {
      // A positive sign that it tried and failed (down is also where every start begins).
      const failed = await waitForLog(
        plain,
        (line) => /"level":40/.test(line) && /Redis connection error|Redis refused/.test(line),
        15_000,
      );
      expect(failed).toBeDefined();
      expect((await readiness(plain)).redis).toBe("down");
    } finally {
      await plain.stop();
    }
  });
});
