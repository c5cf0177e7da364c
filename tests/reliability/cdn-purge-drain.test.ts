// A CDN purge outlives the pod that was sending it. Two site processes share a real Redis; the
// CDN's purge API (a fake Fastly on a loopback port) is failing. Pod A takes a webhook and starts
// retrying the CDN purge; it is drained (SIGTERM) mid-retry and exits; the CDN comes back; pod B
// sends the purge A could not. Before, pending purges lived in one pod's memory (retries up to
// ~43 s while the pod is force-exited at 25 s): the webhook had answered 202, and the CDN kept the
// old page, silently. A pod killed within the second between the webhook's answer and the CDN
// purge loses nothing either: the purge is in Redis before the webhook answers.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import { hasRedisServer, startRedis, type RedisServer } from "../support/redis-server";
import { webhookUpdate } from "../support/webhook-delivery";
import { figure, metricValue, readMetrics, sleep } from "./support";

const ready = hasBuild() && hasRedisServer();
const SECRET = "cdn-drain-webhook-secret-0123456";

describe.runIf(ready)("CDN purges across a drain", () => {
  let redis: RedisServer;
  let fastly: http.Server;
  let a: RunningSite;
  let b: RunningSite;
  let cdnDown = true;
  let env: Record<string, string>;
  const calls: { at: number; keys: string; status: number }[] = [];

  beforeAll(async () => {
    fastly = http.createServer((req, res) => {
      req.resume();
      const status = cdnDown ? 503 : 200;
      calls.push({ at: Date.now(), keys: String(req.headers["surrogate-key"] ?? ""), status });
      res
        .writeHead(status, { "Content-Type": "application/json" })
        .end(status === 200 ? '{"status":"ok"}' : '{"msg":"unavailable"}');
    });
    await new Promise<void>((resolve) => fastly.listen(0, "127.0.0.1", resolve));
    redis = await startRedis();
    env = {
      REDIS_URL: redis.url,
      PURGE_SECRET: SECRET,
      CDN_PROVIDER: "fastly",
      CDN_API_TOKEN: "fastly-token-cdn-drain",
      CDN_FASTLY_SERVICE_ID: "SVC1",
      CDN_API_URL: `http://127.0.0.1:${(fastly.address() as AddressInfo).port}`,
    };
    [a, b] = await Promise.all([startSite(env), startSite(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    fastly?.closeAllConnections();
    await new Promise((resolve) => fastly?.close(resolve));
  });

  const webhook = webhookUpdate;

  it("leaves a purge the draining pod could not send to the other pod, which sends it once the CDN is back", async () => {
    await webhook(a, 4242);

    // A is retrying against the failing CDN.
    const ours = () => calls.filter((c) => c.keys.split(" ").includes("products:4242"));
    for (let i = 0; i < 200 && ours().length === 0; i++) await sleep(50);
    expect(ours().length).toBeGreaterThan(0);
    expect(ours().every((c) => c.status === 503)).toBe(true);

    expect(await a.stop("SIGTERM")).toBe(0);
    const exitedAt = Date.now();
    expect(a.logs.some((l) => l.includes('"msg":"pending CDN purges handed to the other instances"'))).toBe(true);
    cdnDown = false;

    // B takes it over at its next poll and sends it.
    for (let i = 0; i < 200 && !ours().some((c) => c.status === 200 && c.at > exitedAt); i++) await sleep(50);
    const sent = ours().find((c) => c.status === 200 && c.at > exitedAt);
    expect(sent, JSON.stringify(ours())).toBeDefined();
    figure("cdn_purge_taken_over_after_exit_ms", sent!.at - exitedAt);
    expect(
      await waitForLog(b, (l) => l.includes('"msg":"CDN purge taken over from another instance"'), 5000),
    ).toBeDefined();
    expect(
      metricValue(await readMetrics(b.metricsUrl), "cdn_purge_requests_total", { provider: "fastly", result: "ok" }),
    ).toBeGreaterThanOrEqual(1);
    // Nothing is left pending once it was sent.
    const reader = new Redis(redis.url, { lazyConnect: true });
    try {
      await reader.connect();
      for (let i = 0; i < 40 && (await reader.zcard("fc:cdn:purges")) !== 0; i++) await sleep(50);
      expect(await reader.zcard("fc:cdn:purges")).toBe(0);
    } finally {
      reader.disconnect();
    }
  }, 60_000);

  it("sends a purge whose pod was killed mid-retry, from the other pod once the claim's lease has run out", async () => {
    cdnDown = true;
    const doomed = await startSite(env);
    try {
      await webhook(doomed, 4343);
      const ours = () => calls.filter((c) => c.keys.split(" ").includes("products:4343"));
      for (let i = 0; i < 200 && ours().length === 0; i++) await sleep(50);
      expect(ours().length).toBeGreaterThan(0);
      // A crash: no shutdown, no hand-back.
      await doomed.stop("SIGKILL");
    } finally {
      await doomed.stop();
    }
    const killedAt = Date.now();
    cdnDown = false;
    // The lease (the 20 s budget and 5 s) runs out, and B takes the purge at its next poll.
    const ours = () =>
      calls.filter((c) => c.keys.split(" ").includes("products:4343") && c.status === 200 && c.at > killedAt);
    for (let i = 0; i < 800 && ours().length === 0; i++) await sleep(50);
    expect(ours().length).toBeGreaterThan(0);
    figure("cdn_purge_taken_over_after_kill_ms", ours()[0]!.at - killedAt);
  }, 90_000);

  it("sends a purge whose pod was killed right after answering the webhook, before the purge was due at the CDN", async () => {
    cdnDown = false;
    const doomed = await startSite(env);
    const asked = Date.now();
    const ours = () => calls.filter((c) => c.keys.split(" ").includes("products:4545"));
    try {
      await webhook(doomed, 4545);
      // Killed within the second the CDN purge waits for every pod to hear of it: nothing was sent.
      await doomed.stop("SIGKILL");
      expect(ours()).toEqual([]);
    } finally {
      await doomed.stop();
    }
    const killedAt = Date.now();
    // B sends it once it is due (it was never claimed, so no lease to wait for), and not before.
    for (let i = 0; i < 200 && !ours().some((c) => c.status === 200); i++) await sleep(50);
    const sent = ours().find((c) => c.status === 200);
    expect(sent, JSON.stringify(ours())).toBeDefined();
    expect(sent!.at - asked).toBeGreaterThanOrEqual(1000);
    figure("cdn_purge_sent_after_kill_within_delay_ms", sent!.at - killedAt);
    expect(
      await waitForLog(
        b,
        (l) => l.includes('"msg":"CDN purge taken over from another instance"') && l.includes("products:4545"),
        5000,
      ),
    ).toBeDefined();
  }, 60_000);
});
