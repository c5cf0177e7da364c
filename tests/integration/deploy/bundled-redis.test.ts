// The chart's bundled Redis as it would run: the Redis container's arguments and the Secret the
// real Helm renders for the demo, the password put in where Kubernetes expands $(REDIS_PASSWORD),
// run by a real redis-server; the built site started with the REDIS_URL the chart gives its pods.
// Without the password nothing answers; with it, FLUSHALL, FLUSHDB and CONFIG do not exist; the
// readiness probe's redis-cli gets in with REDISCLI_AUTH; and the site works against it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { CHART, hasHelm, renderChart, type K8sObject } from "./tools";
import { hasRedisServer, startRedis, type RedisServer } from "../../support/redis-server";
import { hasBuild, have } from "../../support/requirements";
import { freePort, startSite, type RunningSite } from "../../support/site";

const ready = hasHelm() && hasRedisServer() && have("redis-server");
const DEMO = path.join(CHART, "ci/demo-values.yaml");

describe.runIf(ready)("the chart's bundled Redis", () => {
  let redis: RedisServer;
  let password: string;
  let siteUrl: string;
  let container: K8sObject;
  let site: RunningSite | undefined;
  const clients: Redis[] = [];
  const client = (url: string) => {
    const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    c.on("error", () => undefined);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    const { manifests } = renderChart([DEMO]);
    const secret = manifests.find((m) => m.object.kind === "Secret" && m.object.metadata.name === "fc-site-redis-auth")!.object;
    password = Buffer.from(secret.data.password, "base64").toString();
    siteUrl = Buffer.from(secret.data.url, "base64").toString();
    const deployment = manifests.find((m) => m.object.kind === "Deployment" && m.object.metadata.name === "fc-site-redis")!.object;
    container = deployment.spec.template.spec.containers[0];
    // What the kubelet runs: $(REDIS_PASSWORD) expanded from the Secret (the env entry names it).
    expect(container.env.find((e: K8sObject) => e.name === "REDIS_PASSWORD").valueFrom.secretKeyRef).toEqual({ name: "fc-site-redis-auth", key: "password" });
    const args = (container.args as string[]).map((arg) => arg.replaceAll("$(REDIS_PASSWORD)", password));
    const port = await freePort();
    redis = await startRedis({ port, args, password });
  });
  afterAll(async () => {
    await site?.stop();
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  it("generates a long password and gives the site a REDIS_URL with it", () => {
    expect(password).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(siteUrl).toBe(`redis://:${password}@fc-site-redis:6379`);
  });

  it("refuses every command without the password, and a wrong one", () => {
    const env = { ...process.env };
    delete env.REDISCLI_AUTH;
    const anonymous = spawnSync("redis-cli", ["-p", String(redis.port), "set", "fc:test", "1"], { env, encoding: "utf8" });
    expect(anonymous.stdout + anonymous.stderr).toMatch(/NOAUTH/);
    const wrong = spawnSync("redis-cli", ["-p", String(redis.port), "set", "fc:test", "1"], { env: { ...env, REDISCLI_AUTH: "not-the-password" }, encoding: "utf8" });
    expect(wrong.stdout + wrong.stderr).toMatch(/WRONGPASS|invalid password|NOAUTH/i);
  });

  it("has no FLUSHALL, FLUSHDB or CONFIG, even with the password; the cache's own commands work", async () => {
    const redisClient = client(siteUrl.replace("fc-site-redis:6379", `127.0.0.1:${redis.port}`));
    await redisClient.connect();
    expect(await redisClient.set("fc:test", "kept")).toBe("OK");
    for (const command of ["flushall", "flushdb", "config"]) {
      const args = command === "config" ? ["GET", "maxmemory"] : [];
      await expect(redisClient.call(command, ...args), command).rejects.toThrow(/unknown command/i);
    }
    expect(await redisClient.get("fc:test")).toBe("kept");
  });

  it("lets the readiness probe's redis-cli in through REDISCLI_AUTH", () => {
    expect(container.readinessProbe.exec.command).toEqual(["redis-cli", "ping"]);
    expect(container.env.find((e: K8sObject) => e.name === "REDISCLI_AUTH").valueFrom.secretKeyRef).toEqual({ name: "fc-site-redis-auth", key: "password" });
    const probe = spawnSync("redis-cli", ["-p", String(redis.port), "ping"], { env: { ...process.env, REDISCLI_AUTH: password }, encoding: "utf8" });
    expect(probe.stdout.trim()).toBe("PONG");
  });

  it.runIf(hasBuild())("serves the site against it: Redis up, a purge through the bus", async () => {
    site = await startSite({ REDIS_URL: siteUrl.replace("fc-site-redis:6379", `127.0.0.1:${redis.port}`), ADMIN_TOKEN: "bundled-redis-admin-token-01" });
    const deadline = Date.now() + 10_000;
    let state: { redis?: string } = {};
    while (Date.now() < deadline) {
      state = (await (await fetch(`${site.internalUrl}/readyz`)).json()) as { redis?: string };
      if (state.redis === "up") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state.redis).toBe("up");
    expect((await fetch(`${site.url}/products`)).status).toBe(200);
    const purge = await fetch(`${site.internalUrl}/api/cache/purge`, {
      method: "POST",
      headers: { Authorization: "Bearer bundled-redis-admin-token-01", "Content-Type": "application/json" },
      body: JSON.stringify({ all: true }),
    });
    expect(purge.status).toBe(200);
    expect(site.logs.filter((line) => /unknown command|NOAUTH|WRONGPASS/i.test(line))).toEqual([]);
  });
});
