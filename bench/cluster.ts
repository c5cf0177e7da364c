// `npm run bench -- --only=cluster`: three site processes sharing one Redis behind a round-robin
// proxy, on the demo catalogue, with the shared page tier off (PAGE_CACHE_SHARED=false: each pod
// renders for itself, as before the tier) and on, side by side in one run:
//   - a cold page: 1,000 concurrent requests spread over the three → renders (target 1) and p99;
//   - after a `products:list` purge: renders per listing page across the three (target 1);
//   - a fresh fourth process: renders during its first 1,000 requests of pages the others have
//     rendered (target 0);
//   - a page from the Redis tier against one from memory: req/s, CPU per answer, p99 (target: the
//     Redis tier within 3× of the memory hit's CPU), shared tier on only;
//   - Redis memory per 10,000 stored pages (from the pages stored here, scaled), shared tier on only.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { startSite, type RunningSite } from "../tests/support/site";
import { startRedis, type RedisServer } from "../tests/support/redis-server";
import type { FaultyWordPress } from "../tests/support/faulty-wordpress";
import { load, pin, renders, timedGet, type CaseResult } from "./support/measure";

const ADMIN_TOKEN = "bench-admin-token-0123456789";
const LISTINGS = ["/products", "/products?page=2", "/products?page=3", "/it/prodotti"];

interface Cluster {
  redis: RedisServer;
  pods: RunningSite[];
  proxy: { url: string; close(): void };
  env: Record<string, string>;
}

/** A round-robin HTTP proxy over `targets` (keep-alive to each). */
function roundRobin(targets: readonly string[]): Promise<{ url: string; close(): void }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => (server.close(), agent.destroy()),
      }),
    );
  });
}

async function totalRenders(pods: readonly RunningSite[]): Promise<number> {
  return (await Promise.all(pods.map(async (p) => (await renders(p)).renders))).reduce((n, r) => n + r, 0);
}

async function startCluster(shared: boolean, wp: FaultyWordPress, base: Record<string, string>): Promise<Cluster> {
  const redis = await startRedis();
  const env = {
    ...base,
    WP_URL: wp.url,
    REDIS_URL: redis.url,
    ADMIN_TOKEN,
    CACHE_FRESH_SECONDS: "600",
    PAGE_CACHE_SHARED: String(shared),
    // One site: its pods share the public URL (part of the shared tier's keys).
    SITE_URL: "http://bench.test",
  };
  const pods = await Promise.all([0, 1, 2].map(() => startSite(env)));

  return { redis, pods, proxy: await roundRobin(pods.map((p) => p.url)), env };
}

/** 1,000 concurrent requests for one cold page, spread over the three pods. */
async function coldBurst(cluster: Cluster, path: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
  const before = await totalRenders(cluster.pods);
  const answers = await Promise.all(
    Array.from({ length: 1000 }, (_, i) => timedGet(cluster.pods[i % 3]!.url + path, agent)),
  );
  agent.destroy();
  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  return {
    ok: answers.filter((a) => a.status === 200).length,
    renders: (await totalRenders(cluster.pods)) - before,
    p99ms: Math.round(ms[Math.floor(ms.length * 0.99)]!),
  };
}

/** Renders per listing page after a `products:list` purge, 30 requests per page through the proxy. */
async function listingPurge(cluster: Cluster) {
  for (let round = 0; round < 6; round++) for (const page of LISTINGS) await fetch(cluster.proxy.url + page);
  await new Promise((r) => setTimeout(r, 1500));
  const before = await totalRenders(cluster.pods);
  const purged = await fetch(`${cluster.pods[0]!.internalUrl}/api/cache/purge`, {
    method: "POST",
    body: JSON.stringify({ tags: ["products:list"] }),
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (purged.status !== 200) throw new Error(`purge answered ${purged.status}`);
  await new Promise((r) => setTimeout(r, 200));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  await Promise.all(
    LISTINGS.flatMap((page) => Array.from({ length: 30 }, () => timedGet(cluster.proxy.url + page, agent))),
  );
  agent.destroy();
  return { pages: LISTINGS.length, rendersPerPage: ((await totalRenders(cluster.pods)) - before) / LISTINGS.length };
}

/** A fourth pod joins: its renders in its first 1,000 requests of 200 pages the others rendered. */
async function freshPod(cluster: Cluster, paths: readonly string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  for (let i = 0; i < paths.length; i += 20)
    await Promise.all(paths.slice(i, i + 20).map((p) => timedGet(cluster.proxy.url + p, agent)));
  const fourth = await startSite(cluster.env);
  pin(0, fourth.process.pid!);
  const before = (await renders(fourth)).renders;
  for (let i = 0; i < 1000; i += 20)
    await Promise.all(
      Array.from({ length: 20 }, (_, k) => timedGet(fourth.url + paths[(i + k) % paths.length], agent)),
    );
  agent.destroy();
  const result = { pages: paths.length, requests: 1000, renders: (await renders(fourth)).renders - before };
  return { result, fourth };
}

/** A Redis-tier hit (a pod whose memory keeps no page) against a memory hit, on the same page. */
async function tierHits(cluster: Cluster, fourth: RunningSite, path: string): Promise<CaseResult[]> {
  const redisOnly = await startSite({ ...cluster.env, PAGE_CACHE_MB: "0.001" });
  pin(0, redisOnly.process.pid!);
  await fetch(fourth.url + path);
  await fetch(redisOnly.url + path);
  const memory = await load("memory hit (4th pod)", fourth.url + path, {}, fourth.process.pid);
  const shared = await load("Redis-tier hit (memory keeps nothing)", redisOnly.url + path, {}, redisOnly.process.pid);
  await redisOnly.stop();
  return [memory, shared];
}

/** used_memory per stored page, scaled to 10,000 pages. */
async function redisMemory(cluster: Cluster, emptyBytes: number) {
  const client = new Redis(cluster.redis.url);
  const used = Number(/used_memory:(\d+)/.exec(await client.info("memory"))?.[1]);
  const pages = (await client.keys("fc:p:*:e:*")).length;
  const dataBytes = Number(
    await client.eval(
      "local n = 0 for _, k in ipairs(redis.call('KEYS', 'fc:p:*:e:*')) do n = n + redis.call('MEMORY', 'USAGE', k) end return n",
      0,
    ),
  );
  client.disconnect();
  return {
    pages,
    usedMemoryMB: Math.round((used - emptyBytes) / 1048576),
    pageEntriesMBPer10k: pages ? Math.round(((dataBytes / pages) * 10_000) / 1048576) : null,
    kbPerPage: pages ? Math.round(dataBytes / pages / 102.4) / 10 : null,
  };
}

export async function clusterBench(
  report: Record<string, unknown>,
  wp: FaultyWordPress,
  ids: readonly number[],
  base: Record<string, string>,
): Promise<void> {
  const results: Record<string, unknown>[] = [];
  for (const shared of [false, true]) {
    const cluster = await startCluster(shared, wp, base);
    const empty = new Redis(cluster.redis.url);
    const emptyBytes = Number(/used_memory:(\d+)/.exec(await empty.info("memory"))?.[1]);
    empty.disconnect();
    const cold = await coldBurst(cluster, `/products/${ids[ids.length - 1 - (shared ? 1 : 0)]}`);
    const purge = await listingPurge(cluster);
    const paths = ids.slice(shared ? 200 : 0, shared ? 400 : 200).map((id) => `/products/${id}`);
    const { result: joining, fourth } = await freshPod(cluster, paths);
    const hits = shared ? await tierHits(cluster, fourth, "/products") : [];
    const memory = shared ? await redisMemory(cluster, emptyBytes) : null;
    results.push({
      PAGE_CACHE_SHARED: shared,
      coldBurst: cold,
      listingPurge: purge,
      freshPod: joining,
      hits,
      redisMemory: memory,
    });
    await Promise.all([...cluster.pods, fourth].map((p) => p.stop()));
    cluster.proxy.close();
    await cluster.redis.stop();
  }
  report.cluster = results;
}
