// `npm run bench`: the performance figures of the server, side by side in one run on this machine,
// printed as a table and written to bench/reports/bench-<time>.json.
//
//   (a) ceiling      a bare Node http server sending the same HTML bytes from memory
//   (b) page hit     the full-page cache answering (precompressed, no render)
//   (c) ssr warm     every request rendered (PAGE_CACHE_MB=0) from a warm data cache
//   (d) cold         every request a page never seen (distinct products, empty caches)
// plus: WordPress calls for 1,000 concurrent requests on one cold page across two instances
// sharing a Redis; purge-to-fresh time across two instances; RSS after 10,000 distinct pages;
// and with --soak[=seconds], a soak over 10,000 URLs reporting RSS and heap after warm-up and at
// the end. The server runs on core 0, the load generator on core 1 (taskset), 50 connections.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { startSite, freePort, type RunningSite } from "../tests/support/site";
import { startRedis } from "../tests/support/redis-server";
import { startFaultyWordPress } from "../tests/support/faulty-wordpress";
import { DemoCatalogue } from "../server/demo/catalogue";
import { signWebhook } from "../server/http/cache-api";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const args = process.argv.slice(2);
const soakArg = args.find((a) => a.startsWith("--soak"));
const SOAK_SECONDS = soakArg ? Number(soakArg.split("=")[1] ?? 300) : 0;
const SECRET = "bench-webhook-secret-0123456789";

interface CaseResult {
  case: string;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  rssMB: number | null;
}

const pin = (cpu: number, pid: number) => {
  try {
    execSync(`taskset -cp ${cpu} ${pid}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

function rssOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

async function load(name: string, url: string, options: { requests?: autocannon.Request[]; amount?: number } = {}, pid?: number): Promise<CaseResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: DURATION }),
    ...(options.requests ? { requests: options.requests } : {}),
    headers: { "accept-encoding": "gzip, br" },
  });
  return {
    case: name,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssMB: rssOf(pid),
  };
}

async function metric(site: RunningSite, name: string): Promise<number> {
  const text = await (await fetch(site.metricsUrl)).text();
  return Number(text.match(new RegExp(`^${name} ([\\d.e+]+)$`, "m"))?.[1] ?? NaN);
}

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "";
  const cols = Object.keys(rows[0]!);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  return [line(cols), line(widths.map((w) => "-".repeat(w))), ...rows.map((r) => line(cols.map((c) => String(r[c] ?? ""))))].join("\n");
}

async function main() {
  if (!existsSync("build/node/main.js")) execSync("npm run build", { stdio: "inherit" });
  const pinned = pin(1, process.pid);
  const report: Record<string, unknown> = { at: new Date().toISOString(), node: process.version, cpus: (await import("node:os")).cpus().length, pinned, durationSeconds: DURATION, connections: CONNECTIONS };
  const cases: CaseResult[] = [];

  // ——— (b) and (c): one site on the bundled demo, page cache on, then off.
  const pageSite = await startSite({ LOG_LEVEL: "warn" });
  pin(0, pageSite.process.pid!);
  const path0 = "/products";
  const html = Buffer.from(await (await fetch(pageSite.url + path0)).text());
  await fetch(pageSite.url + path0); // stored
  // (a) the ceiling: the same bytes from a bare Node server, gzip precomputed like the page cache.
  const gz = (await import("node:zlib")).gzipSync(html);
  const barePort = await freePort();
  const bare = spawn(process.execPath, ["-e", `
    const http = require("node:http"); const zlib = require("node:zlib");
    const body = Buffer.from(process.env.BODY_B64, "base64");
    http.createServer((req, res) => { res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length }); res.end(body); }).listen(${barePort}, "127.0.0.1");
  `], { env: { ...process.env, BODY_B64: gz.toString("base64") }, stdio: "ignore" });
  pin(0, bare.pid!);
  await new Promise((r) => setTimeout(r, 500));
  cases.push(await load("(a) ceiling: bare node, same bytes", `http://127.0.0.1:${barePort}${path0}`, {}, bare.pid));
  bare.kill();
  cases.push(await load("(b) full-page-cache hit", pageSite.url + path0, {}, pageSite.process.pid));
  await pageSite.stop();

  const ssrSite = await startSite({ LOG_LEVEL: "warn", PAGE_CACHE_MB: "0" });
  pin(0, ssrSite.process.pid!);
  await fetch(ssrSite.url + path0);
  cases.push(await load("(c) SSR, warm data cache", ssrSite.url + path0, {}, ssrSite.process.pid));
  await ssrSite.stop();

  // ——— (d) cold pages: a WordPress of our own with many products, every request a new product.
  const catalogue = new DemoCatalogue({ scale: 50 });
  const wp = await startFaultyWordPress(catalogue);
  const ids = catalogue.list("products", { lang: "en" }).map((p) => (p as unknown as { id: number }).id);
  const coldSite = await startSite({ LOG_LEVEL: "warn", WP_URL: wp.url });
  pin(0, coldSite.process.pid!);
  await fetch(coldSite.url + "/products"); // shared chrome (menus, categories) warm; products cold
  const coldRequests = ids.slice(0, 1500).map((id) => ({ method: "GET" as const, path: `/products/${id}` }));
  cases.push(await load("(d) cold page (page + data miss)", coldSite.url, { requests: coldRequests, amount: coldRequests.length }, coldSite.process.pid));
  await coldSite.stop();

  const ceiling = cases[0]!.reqPerSec;
  report.cases = cases.map((c) => ({ ...c, ratioToCeiling: Math.round((c.reqPerSec / ceiling) * 1000) / 1000 }));

  // ——— coalescing across two instances sharing a Redis: 1,000 concurrent requests, one cold page.
  const redis = await startRedis();
  const env = { LOG_LEVEL: "warn", WP_URL: wp.url, REDIS_URL: redis.url, PURGE_SECRET: SECRET, PAGE_CACHE_MB: "0" };
  const [a, b] = await Promise.all([startSite(env), startSite(env)]);
  const coldId = ids[ids.length - 1]!;
  wp.byPath.clear();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });
  const hit = (site: RunningSite, p: string) =>
    new Promise<number>((resolve) => {
      http.get(site.url + p, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      }).on("error", () => resolve(0));
    });
  const statuses = await Promise.all(Array.from({ length: 1000 }, (_, i) => hit(i % 2 ? a : b, `/products/${coldId}`)));
  const originCalls = Object.fromEntries([...wp.byPath.entries()].filter(([p]) => p.includes("/products")));
  report.coalescing = { requests: 1000, instances: 2, ok: statuses.filter((s) => s === 200).length, originCallsByEndpoint: originCalls };

  // ——— purge-to-fresh across two instances: update a title, webhook to A, poll B.
  const purgeTimes: number[] = [];
  for (let i = 0; i < 15; i++) {
    const id = ids[i]!;
    const p = `/products/${id}`;
    await hit(b, p);
    const title = `Bench title ${i} ${Date.now()}`;
    catalogue.update("products", id, { title });
    const raw = JSON.stringify({ events: [{ type: "products", id, action: "update" }] });
    const ts = Math.floor(Date.now() / 1000);
    const started = Date.now();
    await fetch(`${a.url}/api/cache/webhook`, { method: "POST", body: raw, headers: { "X-FC-Timestamp": String(ts), "X-FC-Signature": signWebhook(SECRET, ts, raw) } });
    for (;;) {
      const text = await (await fetch(b.url + p)).text();
      if (text.includes(title)) break;
      if (Date.now() - started > 5000) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    purgeTimes.push(Date.now() - started);
  }
  purgeTimes.sort((x, y) => x - y);
  report.purgeToFresh = { samples: purgeTimes.length, p50ms: purgeTimes[Math.floor(purgeTimes.length / 2)], p99ms: purgeTimes.at(-1), maxMs: purgeTimes.at(-1) };
  await Promise.all([a.stop(), b.stop()]);
  await redis.stop();
  await wp.close();

  // ——— RSS after 10,000 distinct pages, CACHE_MEMORY_MB=64 (DEMO_SCALE=125: 5,000 products per language).
  const bigCatalogue = new DemoCatalogue({ scale: 125 });
  const bigWp = await startFaultyWordPress(bigCatalogue);
  const big = await startSite({ LOG_LEVEL: "warn", WP_URL: bigWp.url, CACHE_MEMORY_MB: "64", PAGE_CACHE_MB: "64" });
  pin(0, big.process.pid!);
  const rssStart = rssOf(big.process.pid);
  const paths = (["en", "it"] as const).flatMap((lang) => bigCatalogue.list("products", { lang }).map((p) => `${lang === "it" ? "/it/prodotti" : "/products"}/${(p as unknown as { id: number }).id}`)).slice(0, 10_000);
  const distinct = await load("10,000 distinct pages", big.url, { requests: paths.map((p) => ({ method: "GET" as const, path: p })), amount: paths.length }, big.process.pid);
  report.distinctPages = { pages: paths.length, rssStartMB: rssStart, rssEndMB: rssOf(big.process.pid), reqPerSec: distinct.reqPerSec, non2xx: distinct.non2xx, heapUsedMB: Math.round((await metric(big, "nodejs_heap_size_used_bytes")) / 1048576) };

  if (SOAK_SECONDS > 0) {
    const requests = paths.map((p) => ({ method: "GET" as const, path: p }));
    const heap = async () => Math.round((await metric(big, "nodejs_heap_size_used_bytes")) / 1048576);
    const afterWarmup = { rssMB: rssOf(big.process.pid), heapMB: await heap() };
    const soak = await autocannon({ url: big.url, connections: CONNECTIONS, duration: SOAK_SECONDS, requests });
    const atEnd = { rssMB: rssOf(big.process.pid), heapMB: await heap() };
    report.soak = { seconds: SOAK_SECONDS, urls: requests.length, afterWarmup, atEnd, heapGrowthPct: Math.round(((atEnd.heapMB - afterWarmup.heapMB) / afterWarmup.heapMB) * 1000) / 10, reqPerSec: Math.round(soak.requests.average), errors: soak.errors, non2xx: soak.non2xx };
  }
  await big.stop();
  await bigWp.close();

  mkdirSync("bench/reports", { recursive: true });
  const file = path.join("bench/reports", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`\nThroughput (${DURATION} s per case, ${CONNECTIONS} connections, server on core 0, load on core 1${pinned ? "" : " — taskset unavailable, not pinned"})\n`);
  console.log(table(report.cases as Record<string, unknown>[]));
  console.log(`\nCoalescing: 1,000 concurrent requests on one cold page over 2 instances → WordPress calls per endpoint: ${JSON.stringify(originCalls)}`);
  console.log(`Purge to fresh on the other instance: ${JSON.stringify(report.purgeToFresh)}`);
  console.log(`10,000 distinct pages: ${JSON.stringify(report.distinctPages)}`);
  if (report.soak) console.log(`Soak: ${JSON.stringify(report.soak)}`);
  console.log(`\nReport: ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
