// The chart's bundled Redis as it would run: the Redis container's arguments and the Secret the
// real Helm renders for the demo (its ACL file written where the container mounts it), run by a
// real redis-server; the built site started with the REDIS_URL the chart gives its pods.
// The default user is off; the site's user `site` may run only the commands the site sends, on
// the site's keys and purge channel: no admin or dangerous command (ACL, CONFIG, REPLICAOF,
// SHUTDOWN, DEBUG, MONITOR, KEYS, FLUSHALL…), no other key, no other channel, not even from Lua.
// And the site does all it does with Redis through that user — cache reads and writes, locks,
// purges by tag and of everything, the purge bus, rate limits, the webhook's delivery ids, the
// CDN outbox — without one command refused (Redis's ACL LOG stays empty).
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { CHART, hasHelm, renderChart, type K8sObject } from "./tools";
import { hasRedisServer, startRedis, type RedisServer } from "../../support/redis-server";
import { hasBuild, have } from "../../support/requirements";
import { freePort, startSite, type RunningSite } from "../../support/site";
import { signWebhook } from "../../../server/http/cache-api";

const ready = hasHelm() && hasRedisServer() && have("redis-server");
const DEMO = path.join(CHART, "ci/demo-values.yaml");
/** A user of the test's own, appended to the chart's ACL file, to read Redis's ACL LOG. */
const ADMIN = { name: "fc-test-admin", password: "fc-test-admin-password-0123456789" };
const SECRET = "bundled-redis-webhook-secret-0123";
const ADMIN_TOKEN = "bundled-redis-admin-token-01";

describe.runIf(ready)("the chart's bundled Redis", () => {
  let redis: RedisServer;
  let password: string;
  let siteUrl: string;
  let container: K8sObject;
  let site: RunningSite | undefined;
  let edge: http.Server | undefined;
  let edgePurges = 0;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "fc-redis-acl-"));
  const clients: Redis[] = [];
  const client = (url: string) => {
    const c = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    c.on("error", () => undefined);
    clients.push(c);
    return c;
  };
  const local = (url: string) => url.replace("fc-site-redis:6379", `127.0.0.1:${redis.port}`);
  const asSite = async () => {
    const c = client(local(siteUrl));
    await c.connect();
    return c;
  };
  const asAdmin = async () => {
    const c = client(`redis://${ADMIN.name}:${ADMIN.password}@127.0.0.1:${redis.port}`);
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    const { manifests } = renderChart([DEMO]);
    const secret = manifests.find(
      (m) => m.object.kind === "Secret" && m.object.metadata.name === "fc-site-redis-auth",
    )!.object;
    password = Buffer.from(secret.data.password, "base64").toString();
    siteUrl = Buffer.from(secret.data.url, "base64").toString();
    const deployment = manifests.find(
      (m) => m.object.kind === "Deployment" && m.object.metadata.name === "fc-site-redis",
    )!.object;
    container = deployment.spec.template.spec.containers[0];
    // What the kubelet mounts: the Secret's users.acl at the path the arguments name.
    const volume = deployment.spec.template.spec.volumes.find((v: K8sObject) => v.name === "users");
    expect(volume.secret).toMatchObject({
      secretName: "fc-site-redis-auth",
      items: [{ key: "users.acl", path: "users.acl" }],
    });
    const mount = container.volumeMounts.find((m: K8sObject) => m.name === "users");
    const aclFile = path.join(scratch, "users.acl");
    writeFileSync(
      aclFile,
      `${Buffer.from(secret.data["users.acl"], "base64").toString()}user ${ADMIN.name} on >${ADMIN.password} ~* &* +@all\n`,
    );
    const args = (container.args as string[]).map((arg) => (arg === `${mount.mountPath}/users.acl` ? aclFile : arg));
    redis = await startRedis({ port: await freePort(), args, user: { name: "site", password } });
  });
  afterAll(async () => {
    await site?.stop();
    edge?.close();
    for (const c of clients) c.disconnect();
    await redis?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("generates a long password, keeps it out of the arguments, and gives the site a REDIS_URL as its user", () => {
    expect(password).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(siteUrl).toBe(`redis://site:${password}@fc-site-redis:6379`);
    expect(JSON.stringify(container.args)).not.toContain(password);
    expect(JSON.stringify(container.env)).not.toMatch(/REDIS_PASSWORD/);
  });

  it("refuses every command without the site's user and password: the default user is off", () => {
    const env = { ...process.env };
    delete env.REDISCLI_AUTH;
    const anonymous = spawnSync("redis-cli", ["-p", String(redis.port), "set", "fc:test", "1"], {
      env,
      encoding: "utf8",
    });
    expect(anonymous.stdout + anonymous.stderr).toMatch(/NOAUTH|NOPERM|WRONGPASS/);
    const defaultUser = spawnSync("redis-cli", ["-p", String(redis.port), "--no-auth-warning", "set", "fc:test", "1"], {
      env: { ...env, REDISCLI_AUTH: password },
      encoding: "utf8",
    });
    expect(defaultUser.stdout + defaultUser.stderr).toMatch(/WRONGPASS|NOAUTH|NOPERM/i);
    const wrong = spawnSync(
      "redis-cli",
      ["-p", String(redis.port), "--user", "site", "--no-auth-warning", "set", "fc:test", "1"],
      { env: { ...env, REDISCLI_AUTH: "not-the-password" }, encoding: "utf8" },
    );
    expect(wrong.stdout + wrong.stderr).toMatch(/WRONGPASS|invalid password|NOAUTH/i);
  });

  it("lets the site's user run no admin or dangerous command, touch no other key or channel, not even from Lua", async () => {
    const site = await asSite();
    expect(await site.set("fc:test", "kept")).toBe("OK");
    const refused: [string, ...string[]][] = [
      ["acl", "setuser", "intruder", "on", ">x", "+@all", "~*"],
      ["acl", "list"],
      ["replicaof", "203.0.113.9", "6379"],
      ["shutdown", "nosave"],
      ["debug", "sleep", "0"],
      ["monitor"],
      ["keys", "*"],
      ["flushall"],
      ["flushdb"],
      ["config", "get", "maxmemory"],
      ["client", "kill", "type", "normal"],
      ["client", "list"],
      ["script", "flush"],
      ["function", "flush"],
      ["save"],
      ["swapdb", "0", "1"],
      ["module", "list"],
      ["set", "other:key", "1"],
      ["get", "other:key"],
      ["publish", "other-channel", "x"],
      ["eval", "return redis.call('flushall')", "0"],
      ["eval", "return redis.call('set', KEYS[1], '1')", "1", "other:key"],
      ["eval", "return redis.call('config', 'get', 'maxmemory')", "0"],
    ];
    for (const [command, ...args] of refused) {
      await expect(site.call(command, ...args), `${command} ${args.join(" ")}`).rejects.toThrow(
        /NOPERM|unknown (redis )?command|No permissions|not allowed/i,
      );
    }
    expect(await site.get("fc:test")).toBe("kept");
  });

  it("lets the readiness probe's redis-cli in as the site's user through REDISCLI_AUTH", () => {
    const command = container.readinessProbe.exec.command as string[];
    expect(command).toEqual(["redis-cli", "--user", "site", "--no-auth-warning", "ping"]);
    expect(container.env.find((e: K8sObject) => e.name === "REDISCLI_AUTH").valueFrom.secretKeyRef).toEqual({
      name: "fc-site-redis-auth",
      key: "password",
    });
    const probe = spawnSync(command[0]!, ["-p", String(redis.port), ...command.slice(1)], {
      env: { ...process.env, REDISCLI_AUTH: password },
      encoding: "utf8",
    });
    expect(probe.stdout.trim()).toBe("PONG");
  });

  it.runIf(hasBuild())("serves the site against it, every Redis feature used and no command refused", async () => {
    // A self-hosted edge to purge (the CDN outbox lives in Redis).
    edge = http.createServer((req, res) => {
      edgePurges += 1;
      req.resume();
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => edge!.listen(0, "127.0.0.1", resolve));
    // The refusals above are in the log: from here on it must stay empty.
    await (await asAdmin()).call("acl", "log", "reset");
    const edgeUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
    site = await startSite({
      REDIS_URL: local(siteUrl),
      ADMIN_TOKEN,
      PURGE_SECRET: SECRET,
      CDN_PROVIDER: "varnish",
      CDN_VARNISH_URLS: edgeUrl,
      CDN_API_TOKEN: "bundled-redis-edge-token-0123",
    });
    const deadline = Date.now() + 10_000;
    let state: { redis?: string } = {};
    while (Date.now() < deadline) {
      state = (await (await fetch(`${site.internalUrl}/readyz`)).json()) as { redis?: string };
      if (state.redis === "up") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state.redis).toBe("up");
    // Cache reads and writes, locks and tags; searches counted by the Redis rate limit.
    for (const page of ["/products", "/it/prodotti", "/products?q=vaso", "/products?q=tazza"])
      expect((await fetch(`${site.url}${page}`)).status, page).toBe(200);
    // The webhook: its delivery id remembered in Redis (the repeat is a duplicate), a purge on the bus.
    const body = JSON.stringify({ delivery: randomUUID(), events: [{ type: "products", id: 1, action: "update" }] });
    const webhook = () => {
      const ts = Math.floor(Date.now() / 1000);
      return fetch(`${site!.url}/api/cache/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-FC-Timestamp": String(ts),
          "X-FC-Signature": signWebhook(SECRET, ts, body),
        },
        body,
      });
    };
    expect((await webhook()).status).toBe(202);
    expect(await (await webhook()).json()).toMatchObject({ duplicate: true });
    // The SRE purge API: tags, then everything (SCAN over the site's keys).
    for (const purge of [{ tags: ["products:2"] }, { all: true }]) {
      const answer = await fetch(`${site.internalUrl}/api/cache/purge`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify(purge),
      });
      expect(answer.status).toBe(200);
    }
    // The purges reach the edge through the outbox kept in Redis.
    const until = Date.now() + 15_000;
    while (edgePurges === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(edgePurges).toBeGreaterThan(0);
    expect((await fetch(`${site.url}/products`)).status).toBe(200);
    const denied = (await (await asAdmin()).call("acl", "log")) as unknown[];
    expect(denied, JSON.stringify(denied)).toEqual([]);
    expect(site.logs.filter((line) => /NOPERM|unknown command|NOAUTH|WRONGPASS/i.test(line))).toEqual([]);
  });
});
