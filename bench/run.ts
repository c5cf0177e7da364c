// `npm run bench`: the performance figures of the server, side by side in one run on this machine,
// printed as a table and written to bench/reports/bench-<time>.json.
//
//   (a) ceiling      a bare Node http server sending the same HTML bytes from memory
//   (b) page hit     the full-page cache answering (precompressed, no render)
//   (c) ssr warm     every request rendered (PAGE_CACHE_MB=0) from a warm data cache
//   (c2) ssr floor   the same for a page with no content of its own (the wishlist): what any
//                    render costs in this stack
//   (d) cold         every request a page never seen (distinct products, empty caches)
//   (e) burst cold   1,000 concurrent requests on one cold page (the products list), a fresh
//                    process with the default settings: p50, p99, renders, WordPress calls
//   (e2) burst purge the same right after a purge of everything, the pages warm before
// plus: WordPress calls for 1,000 concurrent requests on one cold page across two instances
// sharing a Redis; purge-to-fresh time across two instances; three instances behind a round-robin
// proxy with the shared page tier off and on (bench/cluster.ts); RSS after 10,000 distinct pages;
// the image service on real photographs (bench/media.ts: bytes and SSIM before/after, a burst of
// 200 renditions, a cached rendition against bare Node); and with --soak[=seconds], a soak over 10,000 URLs reporting RSS and heap after warm-up and at
// the end. The server runs on core 0, the load generator on core 1 (taskset), 50 connections.
// Last, (a), (b), (c) and (c2) once more in instructions per answer (valgrind's callgrind): timed
// ratios move with the machine's load, counted ones do not.
import { randomUUID } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import zlib from "node:zlib";
import http from "node:http";
import path from "node:path";
import { getStatus, startSite, freePort, type RunningSite } from "../tests/support/site";
import { startRedis } from "../tests/support/redis-server";
import { startFaultyWordPress } from "../tests/support/faulty-wordpress";
import { DemoCatalogue } from "../demo";
import { signWebhook } from "../server/http/cache-api";
import { ensureFreshBuild } from "./support/build";
import { mediaBench, photographs } from "./media";
import { baselineOf, printRenderProfile, renderProfile } from "./render-profile";
import { lcpBench } from "./media-lcp";
import { clusterBench } from "./cluster";
import { callgrindDir, callgrindWrapper, instructionsPerAnswer, VALGRIND } from "./support/instructions";
import {
  CONNECTIONS,
  DURATION,
  deployedAllocator,
  distinct,
  load,
  metric,
  pin,
  renders,
  rssOf,
  rssSplitOf,
  table,
  timedGet,
  type CaseResult,
} from "./support/measure";

const args = process.argv.slice(2);
const soakArg = args.find((a) => a.startsWith("--soak"));
const SOAK_SECONDS = soakArg ? Number(soakArg.split("=")[1] ?? 300) : 0;
/**
 * `--only=c,c2,e` runs just these parts: a, b, c, c2, d, e, e2, coalescing, purge, cluster, memory, media, lcp, instructions,
 * render-profile (`--memory-only` is `--only=memory`). (a) runs whenever a throughput case does: ratios need it.
 * `--baseline=<commit>` runs that commit's build beside this one in the render profile (bench/render-profile.ts);
 * without it, the reference build of its targets (REFERENCE_BUILD there); `--baseline=none` runs this build alone.
 */
const onlyArg = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const MEMORY_ONLY = args.includes("--memory-only");
const selected = (part: string): boolean =>
  MEMORY_ONLY
    ? part === "memory"
    : !onlyArg || onlyArg.includes(part) || (part === "a" && ["b", "c", "c2", "d"].some((c) => onlyArg.includes(c)));
const ADMIN_TOKEN = "bench-admin-token-0123456789";
const SECRET = "bench-webhook-secret-0123456789";
/** Repeats of the 1,000-request coalescing burst (a whole number, at least 1). */
const COALESCING_RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_COALESCING_RUNS ?? 5)) || 5);
/** What the Helm chart gives the server: `nodeOptions` in its values.yaml (docs/capacity.md has the trade-off). */
const DEPLOYED_NODE_OPTIONS = (() => {
  const values = readFileSync("helm/fc-site/values.yaml", "utf8");
  const options = values.match(/^nodeOptions:\s*"([^"]*)"/m)?.[1];
  if (options === undefined) throw new Error("helm/fc-site/values.yaml has no nodeOptions line");
  return options;
})();
/**
 * Every server here runs as the chart runs it: its NODE_OPTIONS (BENCH_NODE_OPTIONS to try others).
 * They matter: the heap limit sizes V8's young generation, and with it the collector's share of a
 * render (docs/capacity.md: 45 M instructions a products list without the limit, 50–66 M with it).
 */
const NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS ?? DEPLOYED_NODE_OPTIONS;
const AS_DEPLOYED = { LOG_LEVEL: "warn", NODE_OPTIONS } as const;

async function main() {
  ensureFreshBuild();
  const pinned = pin(1, process.pid);
  const report: Record<string, unknown> = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: (await import("node:os")).cpus().length,
    pinned,
    nodeOptions: NODE_OPTIONS,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
  };
  const cases: CaseResult[] = [];

  const path0 = "/products";
  // ——— (a) and (b): one site on the bundled demo, page cache on.
  if (selected("a") || selected("b")) {
    const pageSite = await startSite({ ...AS_DEPLOYED });
    pin(0, pageSite.process.pid!);
    const html = Buffer.from(await (await fetch(pageSite.url + path0)).text());
    await fetch(pageSite.url + path0); // stored
    // (a) the ceiling: the same bytes from a bare Node server, gzip precomputed like the page cache.
    const bare = await bareServer(html);
    pin(0, bare.process.pid!);
    cases.push(await load("(a) ceiling: bare node, same bytes", bare.url + path0, {}, bare.process.pid));
    bare.process.kill();
    if (selected("b"))
      cases.push(await load("(b) full-page-cache hit", pageSite.url + path0, {}, pageSite.process.pid));
    await pageSite.stop();
  }

  // ——— (c) and (c2): the same site with the page cache off.
  if (selected("c") || selected("c2")) {
    const ssrSite = await startSite({ ...AS_DEPLOYED, PAGE_CACHE_MB: "0" });
    pin(0, ssrSite.process.pid!);
    if (selected("c")) {
      await fetch(ssrSite.url + path0);
      cases.push(await load("(c) SSR, warm data cache", ssrSite.url + path0, {}, ssrSite.process.pid));
    }
    // The floor of a render in this stack: a page with no content of its own (the wishlist is
    // filled in the browser), so only the document, header, footer and React Router's machinery.
    if (selected("c2")) {
      await fetch(ssrSite.url + "/wishlist");
      cases.push(
        await load("(c2) SSR floor: header + footer only", ssrSite.url + "/wishlist", {}, ssrSite.process.pid),
      );
    }
    await ssrSite.stop();
  }

  const needsWordPress = ["d", "e", "e2", "coalescing", "purge", "cluster"].some(selected);
  const catalogue = new DemoCatalogue({ scale: 50 });
  const wp = needsWordPress ? await startFaultyWordPress(catalogue) : undefined;
  const ids = catalogue
    .list("products", { lang: "en", status: "publish" })
    .map((p) => (p as unknown as { id: number }).id);

  // ——— (d) cold pages: a WordPress of our own with many products, every request a new product.
  if (selected("d")) {
    const coldSite = await startSite({ ...AS_DEPLOYED, WP_URL: wp!.url });
    pin(0, coldSite.process.pid!);
    await fetch(coldSite.url + "/products"); // shared chrome (menus, categories) warm; products cold
    const coldPaths = ids.slice(0, 1500).map((id) => `/products/${id}`);
    cases.push(
      await load(
        "(d) cold page (page + data miss)",
        coldSite.url,
        { requests: distinct(coldPaths), amount: coldPaths.length },
        coldSite.process.pid,
      ),
    );
    await coldSite.stop();
  }

  if (cases.length > 0) {
    const ceiling = cases[0]!.case.startsWith("(a)") ? cases[0]!.reqPerSec : NaN;
    report.cases = cases.map((c) => ({ ...c, ratioToCeiling: Math.round((c.reqPerSec / ceiling) * 1000) / 1000 }));
  }

  // ——— (e) 1,000 concurrent requests on one cold page (the products list), a fresh process with
  // the default settings (both tiers 64 MB, no Redis); (e2) the same right after a purge of
  // everything, the pages warm before. What a deploy, a purge of everything or a CDN letting a
  // burst through does to a popular page: the answers' p50 and p99, how many renders the pod did
  // (page_renders_total) and how many WordPress calls per URL.
  if (selected("e") || selected("e2")) {
    const burstSite = await startSite({ ...AS_DEPLOYED, WP_URL: wp!.url, ADMIN_TOKEN });
    pin(0, burstSite.process.pid!);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
    const burst = async (name: string) => {
      wp!.byUrl.clear();
      const rendersBefore = await renders(burstSite);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 1000 }, () => timedGet(burstSite.url + path0, agent)));
      const wallMs = performance.now() - started;
      const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
      const urlCalls = [...wp!.byUrl.values()];
      const statuses: Record<string, number> = {};
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      const outcomes: Record<string, number> = {};
      for (const a of answers) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
      const after = await renders(burstSite);
      return {
        case: name,
        requests: answers.length,
        statuses,
        p50ms: Math.round(ms[Math.floor(ms.length * 0.5)]!),
        p99ms: Math.round(ms[Math.floor(ms.length * 0.99)]!),
        maxMs: Math.round(ms.at(-1)!),
        wallMs: Math.round(wallMs),
        // page_renders_total where the server counts them; otherwise the answers that did not come
        // from the page cache (Server-Timing), which is the same thing without collapsing.
        renders: Number.isNaN(after.renders)
          ? answers.filter((a) => !/page-hit|collapsed/.test(a.outcome)).length
          : after.renders - rendersBefore.renders,
        collapsed: Number.isNaN(after.collapsed) ? null : after.collapsed - rendersBefore.collapsed,
        outcomes,
        wordpressUrls: urlCalls.length,
        wordpressCalls: urlCalls.reduce((n, c) => n + c, 0),
        maxCallsPerUrl: Math.max(0, ...urlCalls),
      };
    };
    const bursts: Record<string, unknown>[] = [];
    if (selected("e")) bursts.push(await burst("(e) 1,000 concurrent, cold page, fresh process"));
    if (selected("e2")) {
      // Warm: the page and its data cached, then everything purged (hard: a deploy's purge).
      for (let i = 0; i < 3; i++) await getStatus(burstSite.url + path0, agent);
      const purged = await fetch(`${burstSite.internalUrl}/api/cache/purge`, {
        method: "POST",
        body: JSON.stringify({ all: true }),
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      if (purged.status !== 200) throw new Error(`purge answered ${purged.status}`);
      bursts.push(await burst("(e2) 1,000 concurrent, right after a purge of everything"));
    }
    agent.destroy();
    await burstSite.stop();
    report.bursts = bursts;
  }

  // ——— coalescing across two instances sharing a Redis: 1,000 concurrent requests, one cold page,
  // BENCH_COALESCING_RUNS times (5), each with a fresh Redis and fresh instances (everything cold).
  // Info logs: every request that stops coordinating says why, and the report counts the reasons.
  if (selected("coalescing") || selected("purge")) {
    const env = (redisUrl: string) => ({
      ...AS_DEPLOYED,
      LOG_LEVEL: "info",
      WP_URL: wp!.url,
      REDIS_URL: redisUrl,
      PURGE_SECRET: SECRET,
      PAGE_CACHE_MB: "0",
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });
    const hit = (site: RunningSite, p: string) => getStatus(site.url + p, agent);
    const lagMaxMs = async (site: RunningSite) =>
      Math.round((await metric(site, "nodejs_eventloop_lag_max_seconds")) * 1000);
    const coalescingRuns: Record<string, unknown>[] = [];
    let redis = await startRedis();
    let [a, b] = await Promise.all([startSite(env(redis.url)), startSite(env(redis.url))]);
    let callsByEndpoint: Record<string, number> = {};
    for (let run = 0; selected("coalescing") && run < COALESCING_RUNS; run++) {
      if (run > 0) {
        await Promise.all([a.stop(), b.stop()]);
        await redis.stop();
        redis = await startRedis();
        [a, b] = await Promise.all([startSite(env(redis.url)), startSite(env(redis.url))]);
      }
      const coldId = ids[ids.length - 1 - run]!;
      wp!.byPath.clear();
      wp!.byUrl.clear();
      const statuses = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => hit(i % 2 ? a : b, `/products/${coldId}`)),
      );
      // Every WordPress URL the cold page needed (the product, its translations, related objects…),
      // and how often each was called across both instances: the target is 1 for every one of them.
      const urlCalls = [...wp!.byUrl.values()];
      callsByEndpoint = Object.fromEntries([...wp!.byPath.entries()].filter(([p]) => p.includes("/products")));
      const uncoordinated: Record<string, number> = {};
      for (const line of [...a.logs, ...b.logs]) {
        const msg = /"msg":"([^"]*(?:coordinat|stopped waiting|lock expired|lock unavailable)[^"]*)"/.exec(line)?.[1];
        if (msg) uncoordinated[msg] = (uncoordinated[msg] ?? 0) + 1;
      }
      coalescingRuns.push({
        ok: statuses.filter((s) => s === 200).length,
        wordpressUrls: urlCalls.length,
        wordpressCalls: urlCalls.reduce((n, c) => n + c, 0),
        maxCallsPerUrl: Math.max(0, ...urlCalls),
        uncoordinated,
        eventLoopLagMaxMs: [await lagMaxMs(a), await lagMaxMs(b)],
      });
    }
    if (selected("coalescing")) {
      report.coalescing = {
        requests: 1000,
        instances: 2,
        runs: coalescingRuns.length,
        runsWithOneCallPerUrl: coalescingRuns.filter((r) => r.maxCallsPerUrl === 1).length,
        perRun: coalescingRuns,
        callsByEndpoint,
      };
    }

    // ——— purge-to-fresh across two instances: update a title, webhook to A, poll B.
    const purgeTimes: number[] = [];
    for (let i = 0; selected("purge") && i < 15; i++) {
      const id = ids[i]!;
      const p = `/products/${id}`;
      await hit(b, p);
      const title = `Bench title ${i} ${Date.now()}`;
      catalogue.update("products", id, { title });
      const raw = JSON.stringify({ delivery: randomUUID(), events: [{ type: "products", id, action: "update" }] });
      const ts = Math.floor(Date.now() / 1000);
      const started = Date.now();
      await fetch(`${a.url}/api/cache/webhook`, {
        method: "POST",
        body: raw,
        headers: { "X-FC-Timestamp": String(ts), "X-FC-Signature": signWebhook(SECRET, ts, raw) },
      });
      for (;;) {
        const text = await (await fetch(b.url + p)).text();
        if (text.includes(title)) break;
        if (Date.now() - started > 5000) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      purgeTimes.push(Date.now() - started);
    }
    purgeTimes.sort((x, y) => x - y);
    if (selected("purge"))
      report.purgeToFresh = {
        samples: purgeTimes.length,
        p50ms: purgeTimes[Math.floor(purgeTimes.length / 2)],
        p99ms: purgeTimes.at(-1),
        maxMs: purgeTimes.at(-1),
      };
    agent.destroy();
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
  }
  // ——— three pods behind a round-robin proxy, the shared page tier off and on (bench/cluster.ts).
  if (selected("cluster")) await clusterBench(report, wp!, ids, { ...AS_DEPLOYED });
  await wp?.close();

  // ——— RSS after 10,000 distinct pages, CACHE_MEMORY_MB=64 (DEMO_SCALE=125: 5,000 products per
  // language), run as deployed: NODE_OPTIONS, jemalloc and MALLOC_ARENA_MAX as the Dockerfile and
  // the chart set them (BENCH_NODE_OPTIONS to try others; BENCH_ALLOCATOR=glibc to compare, BENCH_MALLOC_CONF for jemalloc's options). Without a heap limit V8 lets garbage pile up to a
  // quarter of the machine's memory before it collects in earnest: RSS then says little.
  if (selected("memory")) await memoryRun(report);
  // ——— /media/ on real photographs (bench/media.ts): bytes and SSIM before/after, the burst, cached throughput.
  if (selected("media")) await mediaBench(report, { ...AS_DEPLOYED }, []);
  // ——— LCP on a throttled phone, WordPress's renditions against the site's (bench/media-lcp.ts).
  if (selected("lcp")) {
    const photos = photographs();
    if (photos.length >= 4) await lcpBench(report, photos);
    else console.log("lcp: skipped, no photographs (apt-get install plasma-workspace-wallpapers)");
  }
  if (selected("instructions")) await instructionRun(report, path0);
  if (selected("render-profile"))
    await renderProfile(
      report,
      { ...AS_DEPLOYED },
      baselineOf(args.find((a) => a.startsWith("--baseline="))?.slice("--baseline=".length)),
      "bench/reports",
    );

  mkdirSync("bench/reports", { recursive: true });
  const file = path.join("bench/reports", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(
    `\nThroughput (${DURATION} s per case, ${CONNECTIONS} connections, server on core 0, load on core 1${pinned ? "" : " — taskset unavailable, not pinned"})\n`,
  );
  if (report.cases) console.log(table(report.cases as Record<string, unknown>[]));
  if (report.instructions) {
    console.log(
      `\nInstructions per answer (valgrind's callgrind, one request at a time after a warm-up: the same count on a busy machine). ratioToCeiling = the ceiling's instructions ÷ the case's.\n`,
    );
    console.log(table(report.instructions as Record<string, unknown>[]));
  }
  if (report.renderProfile) printRenderProfile(report.renderProfile);
  if (report.bursts) {
    console.log(
      `\nBursts: 1,000 concurrent requests on /products, a fresh process with the default settings — what a deploy, a purge of everything or a CDN letting a burst through does to a popular page. (e) cold, (e2) right after a purge of everything. Targets: p99 <= 1 s, one render (page_renders_total), one WordPress call per URL.\n`,
    );
    console.log(table(report.bursts as Record<string, unknown>[]));
  }
  const co = report.coalescing as
    | {
        runs: number;
        runsWithOneCallPerUrl: number;
        perRun: {
          ok: number;
          wordpressUrls: number;
          wordpressCalls: number;
          maxCallsPerUrl: number;
          uncoordinated: Record<string, number>;
          eventLoopLagMaxMs: number[];
        }[];
      }
    | undefined;
  if (co) {
    console.log(
      `\nCoalescing: 1,000 concurrent requests on one cold page over 2 instances, ${co.runs} runs → one WordPress call per URL in ${co.runsWithOneCallPerUrl} of ${co.runs}`,
    );
    for (const r of co.perRun)
      console.log(
        `  ${r.ok} answered 200; ${r.wordpressCalls} calls for ${r.wordpressUrls} URLs (at most ${r.maxCallsPerUrl} per URL); event-loop lag max ${r.eventLoopLagMaxMs.join(" / ")} ms; uncoordinated: ${JSON.stringify(r.uncoordinated)}`,
      );
  }
  if (report.cluster) {
    console.log(
      `\nCluster: 3 pods, one Redis, round-robin proxy; PAGE_CACHE_SHARED off and on. Targets: cold burst 1 render, 1 render per listing page after a products:list purge, 0 renders on a 4th pod, the Redis tier within 3× of a memory hit's CPU.\n`,
    );
    for (const r of report.cluster as Record<string, unknown>[]) console.log(JSON.stringify(r));
  }
  if (report.purgeToFresh) console.log(`Purge to fresh on the other instance: ${JSON.stringify(report.purgeToFresh)}`);
  if (report.distinctPages) console.log(`10,000 distinct pages: ${JSON.stringify(report.distinctPages)}`);
  if (report.soak) console.log(`Soak: ${JSON.stringify(report.soak)}`);
  console.log(`\nReport: ${file}`);
}

/** (a)'s server: the same bytes from a bare Node http server, gzip precomputed like the page cache. */
async function bareServer(
  html: Buffer,
  wrapper: readonly string[] = [],
): Promise<{ url: string; process: ChildProcess }> {
  const gz = zlib.gzipSync(html);
  const port = await freePort();
  const script = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BODY_B64, "base64");
    http.createServer((req, res) => { res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length }); res.end(body); }).listen(${port}, "127.0.0.1");
  `;
  const [command, ...args] = [...wrapper, process.execPath, "-e", script];
  const child = spawn(command, args, { env: { ...process.env, BODY_B64: gz.toString("base64") }, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, process: child };
}

/**
 * (a), (b), (c) and (c2) again, counted in instructions per answer under valgrind's callgrind
 * (bench/support/instructions.ts) instead of timed: the ratios to the ceiling that a noisy machine
 * cannot move.
 */
async function instructionRun(report: Record<string, unknown>, path0: string) {
  if (!existsSync(VALGRIND)) {
    console.log("instructions: skipped, valgrind is not installed (apt-get install valgrind)");
    return;
  }
  const counted = async (name: string, env: Record<string, string>, pagePath: string) => {
    const dir = callgrindDir();
    // Data fresh for the whole count: under callgrind a minute of answers outlives the default
    // 60 s, and the revalidations that follow would be counted as part of the renders.
    const site = await startSite({ ...AS_DEPLOYED, CACHE_FRESH_SECONDS: "86400", ...env }, 180_000, {
      wrapper: callgrindWrapper(dir),
    });
    const html = Buffer.from(await (await fetch(site.url + pagePath)).text());
    return { name, html, instructions: await instructionsPerAnswer(site.process, dir, site.url + pagePath) };
  };
  const hit = await counted("(b) full-page-cache hit", {}, path0);
  const ssr = await counted("(c) SSR, warm data cache", { PAGE_CACHE_MB: "0" }, path0);
  const floor = await counted("(c2) SSR floor: header + footer only", { PAGE_CACHE_MB: "0" }, "/wishlist");
  const dir = callgrindDir();
  const bare = await bareServer(hit.html, callgrindWrapper(dir));
  const ceiling = {
    name: "(a) ceiling: bare node, same bytes",
    instructions: await instructionsPerAnswer(bare.process, dir, bare.url + path0),
  };
  report.instructions = [ceiling, hit, ssr, floor].map((c) => ({
    case: c.name,
    instructionsPerAnswer: c.instructions,
    ratioToCeiling: Math.round((ceiling.instructions / c.instructions) * 1000) / 1000,
  }));
}

async function memoryRun(report: Record<string, unknown>) {
  const bigCatalogue = new DemoCatalogue({ scale: 125 });
  const bigWp = await startFaultyWordPress(bigCatalogue);
  const gcHook = path.resolve("bench/support/gc-on-signal.cjs");
  const allocator = process.env.BENCH_ALLOCATOR === "glibc" ? "glibc" : deployedAllocator();
  const big = await startSite({
    LOG_LEVEL: "warn",
    WP_URL: bigWp.url,
    CACHE_MEMORY_MB: process.env.BENCH_CACHE_MEMORY_MB ?? "64",
    PAGE_CACHE_MB: process.env.BENCH_PAGE_CACHE_MB ?? "64",
    NODE_OPTIONS: `${NODE_OPTIONS} --require ${gcHook}`,
    MALLOC_ARENA_MAX: "2",
    ...(allocator === "jemalloc" ? { LD_PRELOAD: "libjemalloc.so.2" } : {}),
    ...(process.env.BENCH_MALLOC_CONF ? { MALLOC_CONF: process.env.BENCH_MALLOC_CONF } : {}),
  });
  pin(0, big.process.pid!);
  const rssStart = rssOf(big.process.pid);
  const paths = (["en", "it"] as const)
    .flatMap((lang) =>
      bigCatalogue
        .list("products", { lang, status: "publish" })
        .map((p) => `${lang === "it" ? "/it/prodotti" : "/products"}/${(p as unknown as { id: number }).id}`),
    )
    .slice(0, 10_000);
  const heapMB = async () => Math.round((await metric(big, "nodejs_heap_size_used_bytes")) / 1048576);
  /** The live heap: a full collection first (SIGUSR2, bench/support/gc-on-signal.cjs), and what the tiers hold. */
  const live = async () => {
    process.kill(big.process.pid!, "SIGUSR2");
    await new Promise((r) => setTimeout(r, 500));
    const tiers = (await (await fetch(`${big.url}/readyz`)).json()) as {
      memory: { entries: number; bytes: number };
      pageCache: { entries: number; bytes: number };
    };
    const mb = (n: number) => Math.round((n / 1048576) * 10) / 10;
    // Per V8 space, to tell live objects (old_space) from compiled code (code_space) and the like.
    const metrics = await (await fetch(big.metricsUrl)).text();
    const spaces = Object.fromEntries(
      [...metrics.matchAll(/^nodejs_heap_space_size_used_bytes\{space="(\w+)"\} ([\d.e+]+)$/gm)].map((m) => [
        m[1]!,
        mb(Number(m[2])),
      ]),
    );
    const gauge = (name: string) => mb(Number(metrics.match(new RegExp(`^${name} ([\\d.e+]+)$`, "m"))?.[1] ?? NaN));
    // RSS is the heap V8 has reserved (live + garbage it has not returned), the Buffers outside it
    // (the page cache), code and malloc's own: these say which of them to shrink.
    return {
      heapMB: await heapMB(),
      heapTotalMB: gauge("nodejs_heap_size_total_bytes"),
      externalMB: gauge("nodejs_external_memory_bytes"),
      spacesMB: spaces,
      rssMB: rssOf(big.process.pid),
      rssSplitMB: rssSplitOf(big.process.pid),
      memoryTier: { entries: tiers.memory.entries, MB: mb(tiers.memory.bytes) },
      pageCache: { entries: tiers.pageCache.entries, MB: mb(tiers.pageCache.bytes) },
    };
  };
  const distinctRun = await load(
    "10,000 distinct pages",
    big.url,
    { requests: distinct(paths), amount: paths.length },
    big.process.pid,
  );
  const rssEnd = rssOf(big.process.pid);
  const afterPages = await live();
  report.distinctPages = {
    pages: paths.length,
    nodeOptions: NODE_OPTIONS,
    allocator,
    mallocArenaMax: 2,
    cacheMemoryMB: Number(process.env.BENCH_CACHE_MEMORY_MB ?? 64),
    pageCacheMB: Number(process.env.BENCH_PAGE_CACHE_MB ?? 64),
    rssStartMB: rssStart,
    rssEndMB: rssEnd,
    liveHeapMB: afterPages.heapMB,
    heapTotalMB: afterPages.heapTotalMB,
    externalMB: afterPages.externalMB,
    rssAfterGcMB: afterPages.rssMB,
    rssAfterGcSplitMB: afterPages.rssSplitMB,
    spacesMB: afterPages.spacesMB,
    memoryTier: afterPages.memoryTier,
    pageCache: afterPages.pageCache,
    reqPerSec: distinctRun.reqPerSec,
    non2xx: distinctRun.non2xx,
    statuses: distinctRun.statuses,
    errors: distinctRun.errors,
    cpuUsPerReq: distinctRun.cpuUsPerReq,
  };

  if (SOAK_SECONDS > 0) {
    // The pass above was the warm-up: every URL seen once, both tiers full. The soak then cycles
    // the same 10,000 URLs; the live heap (after a full collection) is read before and after,
    // with what the two tiers hold, so a tier still filling up is not mistaken for a leak.
    const afterWarmup = afterPages;
    const soak = await load(
      `soak ${SOAK_SECONDS} s`,
      big.url,
      { requests: distinct(paths), duration: SOAK_SECONDS },
      big.process.pid,
    );
    // autocannon stops at the deadline, the server does not: let it answer what is queued first,
    // or renders in flight read as heap growth.
    await new Promise((r) => setTimeout(r, 10_000));
    const atEnd = await live();
    report.soak = {
      seconds: SOAK_SECONDS,
      urls: paths.length,
      afterWarmup,
      atEnd,
      heapGrowthPct: Math.round(((atEnd.heapMB - afterWarmup.heapMB) / afterWarmup.heapMB) * 1000) / 10,
      requests: Object.values(soak.statuses).reduce((n, c) => n + c, 0),
      reqPerSec: soak.reqPerSec,
      p99ms: soak.p99ms,
      errors: soak.errors,
      non2xx: soak.non2xx,
      statuses: soak.statuses,
    };
  }
  await big.stop();
  await bigWp.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
