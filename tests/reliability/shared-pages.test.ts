// One render per page for the whole cluster: site processes sharing one Redis (single, and a
// 3-master Cluster) share their rendered pages. A page rendered on one pod is answered by another
// without a render; a purge on one pod drops it on all and the next requests render it once in
// total; a killed lock holder does not hold the others past the bound; Redis stopping changes
// nothing a visitor sees; a corrupt entry is rendered again; two builds never serve each other's
// pages. Real processes, real Redis, the faulty WordPress for slowness.
import { brotliCompressSync, gzipSync } from "node:zlib";
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, have } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import {
  hasRedisServer,
  startRedis,
  startRedisCluster,
  type RedisClusterServer,
  type RedisServer,
} from "../support/redis-server";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { createPageKeyspace } from "../../server/cache";
import { RedisTier } from "../../server/cache/redis-tier";
import { SharedPages, type PageEntry } from "../../server/http/page-cache";
import type { ClusterTurn, PageJudge } from "../../server/http/page-cache/shared";
import { webhookUpdate } from "../support/webhook-delivery";
import { figure, load, metricValue, probe, readMetrics, sleep } from "./support";
import type { PostRecord } from "../../demo";

const ready = hasBuild() && hasRedisServer();
const SECRET = "shared-pages-webhook-secret-0123";
/** The pods of one site share its public URL (part of the shared tier's keys, and of every page). */
const SITE_URL = "http://shared-pages.test";

async function renders(site: RunningSite): Promise<number> {
  return metricValue(await readMetrics(site.metricsUrl), "page_renders_total", { collapsed: "false" });
}

async function view(site: RunningSite, path: string) {
  const res = await probe(site.url + path);
  const outcome = /cache;desc="([^"]+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? "none";
  const title = res.body.match(/<h2 id="product-title"[^>]*>([^<]*)</)?.[1];
  return { status: res.status, outcome, title, body: res.body };
}

async function pageTier(site: RunningSite): Promise<string> {
  const body = (await (await fetch(`${site.internalUrl}/readyz`)).json()) as { pageCache?: { shared?: string } };
  return body.pageCache?.shared ?? "absent";
}

function products(wp: FaultyWordPress): PostRecord[] {
  return (wp.catalogue.list("products", { lang: "en" }) as PostRecord[]).filter((p) => p.status === "publish");
}

for (const mode of ["single", "cluster"] as const) {
  describe.runIf(ready && (mode === "single" || have("redis-cli")))(`pages shared through Redis (${mode})`, () => {
    let wp: FaultyWordPress;
    let redis: RedisServer | undefined;
    let cluster: RedisClusterServer | undefined;
    let a: RunningSite;
    let b: RunningSite;

    beforeAll(async () => {
      wp = await startFaultyWordPress();
      let where: Record<string, string>;
      if (mode === "single") {
        redis = await startRedis();
        where = { REDIS_URL: redis.url };
      } else {
        cluster = await startRedisCluster(3);
        where = { REDIS_CLUSTER_NODES: cluster.nodes.map((n) => `${n.host}:${n.port}`).join(",") };
      }
      const env = {
        ...where,
        WP_URL: wp.url,
        SITE_URL,
        PURGE_SECRET: SECRET,
        CACHE_FRESH_SECONDS: "300",
        LOG_LEVEL: "debug",
      };
      [a, b] = await Promise.all([startSite(env), startSite(env)]);
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await redis?.stop();
      await cluster?.stop();
      await wp?.close();
    });

    it("a page rendered on one pod is a hit on another, with no render there", async () => {
      const path = `/products/${products(wp)[3]!.id}`;
      const first = await view(a, path);
      expect(first).toMatchObject({ status: 200, outcome: "page-miss" });
      const before = await renders(b);
      const shared = await view(b, path);
      expect({ status: shared.status, outcome: shared.outcome, title: shared.title }).toEqual({
        status: 200,
        outcome: "page-hit-shared",
        title: first.title,
      });
      expect(shared.body).toBe(first.body);
      // Kept in B's memory from then on.
      expect((await view(b, path)).outcome).toBe("page-hit");
      expect(await renders(b)).toBe(before);
      expect(await pageTier(b)).toBe("up");
    });

    it("a purge on one pod drops the page on all, and the next requests render it once in total", async () => {
      const path = "/products";
      const listing = await view(a, path);
      // A product the listing shows (its first page), whose new title it must show.
      const product = products(wp).find((p) => listing.body.includes(p.title))!;
      expect(product).toBeDefined();
      // Both pods hold the listing (B from the shared tier).
      for (let i = 0; i < 40 && (await view(b, path)).outcome !== "page-hit"; i++) await sleep(50);
      await sleep(1500); // past any earlier purge's repeat pass
      const before = (await renders(a)) + (await renders(b));
      const markA = a.logs.length;
      const markB = b.logs.length;
      const renamed = `${product.title} Shared ${mode}`;
      wp.catalogue.update("products", product.id, { title: renamed });
      await webhookUpdate(a, product.id);
      // Until both show the new title, then a few more requests on each, in parallel.
      const deadline = Date.now() + 5000;
      let shown = [false, false];
      while (!shown.every(Boolean) && Date.now() < deadline) {
        const views = await Promise.all([view(a, path), view(b, path)]);
        shown = views.map((v) => v.status === 200 && v.body.includes(renamed));
      }
      expect(shown).toEqual([true, true]);
      const after = await Promise.all(Array.from({ length: 20 }, (_, i) => view(i % 2 ? a : b, path)));
      expect(after.every((v) => v.status === 200 && v.body.includes(renamed))).toBe(true);
      // Past the purge's repeat pass (1 s): it must not drop the page rendered after the purge.
      await sleep(1500);
      await Promise.all([view(a, path), view(b, path)]);
      const total = (await renders(a)) + (await renders(b)) - before;
      figure(`shared pages (${mode}): renders of the listing after a purge, over two pods`, total);
      // What the pods said, when it failed (a pod that stopped waiting says so).
      if (total !== 1) {
        const pick = (l: string) => /products|purge|Redis|shared|reconnect/.test(l);
        console.log("A:\n" + a.logs.slice(markA).filter(pick).join("\n"));
        console.log("B:\n" + b.logs.slice(markB).filter(pick).join("\n"));
      }
      expect(total).toBe(1);
    });
  });
}

describe.runIf(ready)("the shared tier's faults", () => {
  let wp: FaultyWordPress;
  let redis: RedisServer;
  const sites: RunningSite[] = [];
  const copies: string[] = [];

  beforeAll(async () => {
    wp = await startFaultyWordPress();
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.stop()));
    await redis?.stop();
    await wp?.close();
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    WP_URL: wp.url,
    SITE_URL,
    REDIS_URL: redis.url,
    CACHE_FRESH_SECONDS: "300",
    WP_TIMEOUT_MS: "20000",
  });
  async function site(extra: Record<string, string> = {}, cwd?: string): Promise<RunningSite> {
    const started = await startSite({ ...env(), ...extra }, 60_000, { cwd });
    sites.push(started);
    return started;
  }
  async function client(): Promise<Redis> {
    return new Redis(redis.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  }
  async function keys(r: Redis, pattern: string): Promise<string[]> {
    return r.keys(pattern);
  }

  it("a killed lock holder does not leave the other pod waiting past the bound", async () => {
    const [a, b] = await Promise.all([site(), site()]);
    await Promise.all([view(a, "/about"), view(b, "/about")]); // the menus cached: only the product is slow
    const id = products(wp)[7]!.id;
    wp.setFault(new RegExp(`/products/${id}\\b`), { kind: "slow", ms: 30_000 });
    const r = await client();
    try {
      void probe(`${a.url}/products/${id}`, { timeoutMs: 60_000 });
      // A holds the page's render lock.
      for (let i = 0; i < 100 && (await keys(r, "fc:p:*:l:*")).length === 0; i++) await sleep(50);
      expect(await keys(r, "fc:p:*:l:*")).toHaveLength(1);
      const before = await renders(b);
      const waiting = probe(`${b.url}/products/${id}`, { timeoutMs: 60_000 });
      await sleep(800);
      // B waits for A's render instead of rendering too.
      expect(await renders(b)).toBe(before);
      a.process.kill("SIGKILL");
      wp.setFault(undefined);
      const killedAt = Date.now();
      const answer = await waiting;
      const afterKill = Date.now() - killedAt;
      figure("shared pages: the other pod's answer after the lock holder was killed (ms)", afterKill);
      expect(answer.status).toBe(200);
      // The lock outlives its holder by at most its lifetime (3 s), far below the wait bound (21 s).
      expect(afterKill).toBeLessThan(10_000);
      expect(await renders(b)).toBe(before + 1);
    } finally {
      wp.setFault(undefined);
      r.disconnect();
    }
  });

  it("a corrupt entry is dropped and the page rendered again", async () => {
    const [a, b] = await Promise.all([site(), site()]);
    const path = `/products/${products(wp)[9]!.id}`;
    const r = await client();
    try {
      const first = await view(a, path);
      expect(first.status).toBe(200);
      // Written once the answer has gone (never waited for): looked for until it is there.
      let entry: string | undefined;
      for (let i = 0; i < 40 && !entry; i++) {
        const entries = await keys(r, "fc:p:*:e:*");
        const ids = await Promise.all(entries.map(async (k) => ({ k, id: (await r.hget(k, "k")) ?? "" })));
        entry = ids.find((e) => e.id.endsWith(`\n${path}`))?.k ?? (await sleep(50), undefined);
      }
      if (!entry) throw new Error(`no entry for ${path} in Redis`);
      const field = (await r.hexists(entry, "b")) ? "b" : "z";
      const whole = (await r.hgetBuffer(entry, field))!;
      await r.hset(entry, field, whole.subarray(0, Math.floor(whole.length / 2)));
      const before = await renders(b);
      const again = await view(b, path);
      expect({ status: again.status, outcome: again.outcome, title: again.title }).toEqual({
        status: 200,
        outcome: "page-miss",
        title: first.title,
      });
      expect(await renders(b)).toBe(before + 1);
      expect(b.logs.some((l) => l.includes("dropped a corrupt entry"))).toBe(true);
      // B's render replaced it (in the encoding B's request asked for): whole again.
      let now: Record<string, Buffer> = {};
      for (let i = 0; i < 20 && (now.z?.length ?? 0) + (now.b?.length ?? 0) <= whole.length / 2; i++)
        now = (await sleep(100), await r.hgetallBuffer(entry));
      expect((now.z?.length ?? 0) + (now.b?.length ?? 0)).toBeGreaterThan(whole.length / 2);
    } finally {
      r.disconnect();
    }
  });

  /** The built site copied to a folder of its own, changed by `change` (another build). */
  function copyOfBuild(change: (dir: string) => void): string {
    const dir = mkdtempSync(path.join(tmpdir(), "fc-other-build-"));
    copies.push(dir);
    cpSync("build", path.join(dir, "build"), { recursive: true });
    cpSync("package.json", path.join(dir, "package.json"));
    symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
    change(dir);
    return dir;
  }

  it("two builds side by side never serve each other's pages", async () => {
    // The same build with one more hashed asset, and with another server bundle (same assets).
    const moreAssets = copyOfBuild((dir) =>
      writeFileSync(path.join(dir, "build/client/assets/other-build-0a1b2c3d.js"), "export {};\n"),
    );
    const otherServer = copyOfBuild((dir) =>
      appendFileSync(path.join(dir, "build/server/index.js"), "\n// another server build\n"),
    );
    const [one, sameBuild, otherAssets, otherBundle] = await Promise.all([
      site(),
      site(),
      site({}, moreAssets),
      site({}, otherServer),
    ]);
    const page = `/products/${products(wp)[11]!.id}`;
    expect((await view(one, page)).outcome).toBe("page-miss");
    expect((await view(sameBuild, page)).outcome).toBe("page-hit-shared");
    for (const other of [otherAssets, otherBundle]) {
      const before = await renders(other);
      expect((await view(other, page)).outcome).toBe("page-miss");
      expect(await renders(other)).toBe(before + 1);
    }
  });

  it("two sites on one Redis never serve each other's pages", async () => {
    const [one, sameSite, otherSite] = await Promise.all([
      site(),
      site(),
      site({ SITE_URL: "http://another-site.test" }),
    ]);
    const page = `/products/${products(wp)[10]!.id}`;
    expect((await view(one, page)).outcome).toBe("page-miss");
    expect((await view(sameSite, page)).outcome).toBe("page-hit-shared");
    const before = await renders(otherSite);
    const other = await view(otherSite, page);
    expect(other.outcome).toBe("page-miss");
    expect(await renders(otherSite)).toBe(before + 1);
    // Its own absolute URLs, not the first site's.
    expect(other.body).toContain("http://another-site.test");
    expect(other.body).not.toContain(SITE_URL);
  });

  it("Redis stopped mid-run changes nothing a visitor sees", async () => {
    const own = await startRedis();
    const [a, b] = await Promise.all([site({ REDIS_URL: own.url }), site({ REDIS_URL: own.url })]);
    try {
      const list = products(wp).slice(12, 24);
      const expected = new Map(list.map((p) => [`/products/${p.id}`, p.title]));
      const paths = [...expected.keys()];
      await view(a, paths[0]!);
      expect((await view(b, paths[0]!)).outcome).toBe("page-hit-shared");
      expect([await pageTier(a), await pageTier(b)]).toEqual(["up", "up"]);
      let stopped = false;
      const result = await load({
        concurrency: 6,
        count: 240,
        next: (n) => {
          if (n === 80 && !stopped) {
            stopped = true;
            void own.kill();
          }
          return `${n % 2 ? a.url : b.url}${paths[n % paths.length]}`;
        },
        onOutcome: (outcome, body) => {
          const title = body.match(/<h2 id="product-title"[^>]*>([^<]*)</)?.[1];
          if (outcome.status !== 200 || title !== expected.get(new URL(outcome.url).pathname))
            throw new Error(`${outcome.url}: ${outcome.status} ${title}`);
        },
      });
      expect(result.byStatus).toEqual({ 200: 240 });
      for (let i = 0; i < 60 && (await pageTier(a)) !== "down"; i++) await sleep(100);
      expect(await pageTier(a)).toBe("down");
      await own.restart();
      for (let i = 0; i < 100 && (await pageTier(a)) !== "up"; i++) await sleep(100);
      expect(await pageTier(a)).toBe("up");
    } finally {
      await own.stop();
    }
  });
});

// The render lock and the waits, as one pod's SharedPages over a real Redis (a second instance
// plays the other pod); the client is wrapped only to inject faults (a late reply, a slow write)
// and to count what a waiter asks Redis.
describe.runIf(hasRedisServer())("the render lock", () => {
  let redis: RedisServer;
  let raw: Redis;
  const opened: { close(): void }[] = [];
  const quiet = { warn: () => undefined, debug: () => undefined, info: () => undefined, error: () => undefined };
  let prefixes = 0;

  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    for (const o of opened) o.close();
    raw?.disconnect();
    await redis?.stop();
  });

  interface Faults {
    /** Calls to `command` answer this much later (the command itself runs at once, or later with `before`). */
    late?: { command: string; ms: number; before?: boolean; times?: number };
    /** What the pod asked Redis, by command (pipelines included). */
    asked: Map<string, number>;
  }

  /** A pod's shared tier on its own connection, in the keyspace `prefix`. */
  async function pod(
    prefix: string,
    faults: Faults = { asked: new Map() },
    clusterWaitMs = 1500,
    opTimeoutMs = 200,
    lockTtlMs = 5000,
  ) {
    const client = new Redis(redis.url);
    const count = (name: string) => faults.asked.set(name, (faults.asked.get(name) ?? 0) + 1);
    const wrap = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(t, name, receiver) {
          const value = Reflect.get(t, name, receiver) as unknown;
          if (typeof value !== "function" || typeof name !== "string") return value;
          return (...args: unknown[]) => {
            count(name);
            if (name === "pipeline") return wrap((value as (...a: unknown[]) => object).apply(t, args));
            const late = faults.late?.command === name && (faults.late.times ?? Infinity) > 0 ? faults.late : undefined;
            if (late?.times !== undefined) late.times--;
            const call = () => (value as (...a: unknown[]) => unknown).apply(t, args);
            if (!late) {
              const result = call();
              return result === t ? receiver : result;
            }
            if (late.before) return sleep(late.ms).then(call);
            return Promise.resolve(call()).then(async (reply) => (await sleep(late.ms), reply));
          };
        },
      });
    const tier = new RedisTier({
      client: wrap(client),
      keys: createPageKeyspace(prefix, "site0test"),
      opTimeoutMs,
      purgeOpTimeoutMs: 2000,
      failureThreshold: 50,
      openMs: 1000,
      logger: quiet,
      onState: () => undefined,
    });
    for (let i = 0; i < 100 && !tier.up; i++) await sleep(20);
    const pages = new SharedPages({
      tier,
      variant: () => "build",
      maxEntryBytes: 1 << 20,
      staleMs: 60_000,
      waitMs: 10_000,
      clusterWaitMs,
      lockTtlMs,
      logger: quiet,
    });
    opened.push({ close: () => (pages.close(), client.disconnect()) });
    return { pages, tier, keys: createPageKeyspace(prefix, "site0test") };
  }

  /** A turn to render, ended (stored or not). */
  const end = (turn: ClusterTurn) => {
    if (turn.entry) throw new Error("a page from Redis, not a turn to render");
    turn.done();
  };
  const judge: PageJudge = { adopt: () => true, current: () => true };
  const page = (tags: string[], freshUntil = Date.now() + 60_000): PageEntry => ({
    status: 200,
    contentType: "text/html",
    gzip: gzipSync(Buffer.from("<p>page</p>")),
    etag: '"e"',
    tags,
    surrogateKey: tags.join(" "),
    storedAt: Date.now(),
    freshUntil,
    freshSeconds: 60,
  });
  const lockOf = async (keys: ReturnType<typeof createPageKeyspace>, key: string) =>
    raw.get(keys.lock(`build\n${key}`));

  it("a lock taken without an answer in time is released by the turn's token when it ends", async () => {
    const { pages, keys } = await pod(`fc-locks-${++prefixes}`, {
      late: { command: "set", ms: 400 },
      asked: new Map(),
    });
    const turn = await pages.turn("/late", judge);
    expect(turn.entry).toBeUndefined();
    // The SET went through; its reply came after the bound.
    expect(await lockOf(keys, "/late")).not.toBeNull();
    end(turn);
    await sleep(300);
    expect(await lockOf(keys, "/late")).toBeNull();
  });

  it("two renders of one page in one process never release each other's lock", async () => {
    const { pages, keys } = await pod(`fc-locks-${++prefixes}`);
    const first = await pages.turn("/twice", judge);
    // Its lock lapsed (a long pause), and a second request of this process took it.
    await raw.del(keys.lock("build\n/twice"));
    const second = await pages.turn("/twice", judge);
    expect(second.entry).toBeUndefined();
    const held = await lockOf(keys, "/twice");
    expect(held).not.toBeNull();
    end(first);
    await sleep(200);
    expect(await lockOf(keys, "/twice")).toBe(held);
    end(second);
  });

  it("a waiter polls lightly: metadata until the page is there, then its bodies once", async () => {
    const prefix = `fc-locks-${++prefixes}`;
    const asked = new Map<string, number>();
    const waiter = await pod(prefix, { asked });
    const renderer = await pod(prefix);
    const held = await renderer.pages.turn("/wait", judge);
    expect(held.entry).toBeUndefined();
    const waiting = waiter.pages.turn("/wait", judge);
    await sleep(1000);
    const polls = asked.get("pipeline") ?? 0;
    renderer.pages.write("/wait", page(["products"]), Date.now());
    end(held);
    const found = await waiting;
    expect(found.entry !== undefined && found.outcome).toBe("page-hit-shared");
    figure("shared pages: a waiter's looks at Redis during one second of another pod's render", polls);
    // A short sleep between looks, growing: not one look per 20 ms.
    expect(polls).toBeLessThanOrEqual(15);
    // The bodies were read on the first look and once the page was there: never while polling.
    expect(asked.get("hgetallBuffer")).toBe(2);
  });

  it("a waiter keeps waiting while the holder renews its lock past the cross-pod bound, and serves its page", async () => {
    const prefix = `fc-locks-${++prefixes}`;
    // The holder's lock lives 600 ms and is renewed every 200 ms; the waiter's bound for a lock
    // it cannot see is 600 ms too. The render takes three times that (a loaded machine).
    const renderer = await pod(prefix, { asked: new Map() }, 600, 200, 600);
    const waiter = await pod(prefix, { asked: new Map() }, 600, 200, 600);
    const held = await renderer.pages.turn("/long", judge);
    expect(held.entry).toBeUndefined();
    const waiting = waiter.pages.turn("/long", judge);
    await sleep(1800);
    renderer.pages.write("/long", page(["products"]), Date.now());
    end(held);
    const found = await waiting;
    // The holder's page, no render of the waiter's own.
    expect(found.entry !== undefined && found.outcome).toBe("page-hit-shared");
  });

  it("a pod whose memory keeps no page reads only the body its answer needs", async () => {
    const prefix = `fc-locks-${++prefixes}`;
    const asked = new Map<string, number>();
    const reader = await pod(prefix, { asked });
    const writer = await pod(prefix);
    const both = { ...page(["products"]), br: brotliCompressSync(Buffer.from("<p>page</p>")) };
    writer.pages.write("/both", both, Date.now());
    writer.pages.write("/gzip-only", page(["products"]), Date.now());
    await sleep(200);
    const keepsNothing: PageJudge = { ...judge, keeps: () => false };
    const brotli = await reader.pages.turn("/both", keepsNothing, "br");
    expect(brotli.entry?.br?.equals(both.br)).toBe(true);
    expect(brotli.entry?.gzip).toBeUndefined();
    expect(asked.get("hgetallBuffer")).toBeUndefined();
    // A page without that body: the other one, made into the answer's encoding by the page cache.
    const other = await reader.pages.turn("/gzip-only", keepsNothing, "br");
    expect(other.entry !== undefined && other.outcome).toBe("page-hit-shared");
    expect(other.entry?.gzip).toBeDefined();
  });

  it("a look at Redis that gets no answer in time does not make the waiter render", async () => {
    const prefix = `fc-locks-${++prefixes}`;
    const renderer = await pod(prefix);
    const held = await renderer.pages.turn("/slow-look", judge);
    // Its first two looks (the lookup, the first poll) answer after the bound: a loaded machine.
    const waiter = await pod(prefix, { late: { command: "exec", ms: 400, times: 2 }, asked: new Map() });
    const waiting = waiter.pages.turn("/slow-look", judge);
    await sleep(900);
    renderer.pages.write("/slow-look", page(["products"]), Date.now());
    end(held);
    const found = await waiting;
    expect(found.entry !== undefined && found.outcome).toBe("page-hit-shared");
  });

  it("a render keeps its lock while it runs, even when the renewals answer late", async () => {
    const late = { late: { command: "fcCacheExtendV1", ms: 300 }, asked: new Map<string, number>() };
    const { pages, keys } = await pod(`fc-locks-${++prefixes}`, late, 1500, 200, 600);
    const turn = await pages.turn("/long-render", judge);
    const held = await lockOf(keys, "/long-render");
    // Three lock lifetimes of rendering on a loaded machine.
    await sleep(1800);
    expect(await lockOf(keys, "/long-render")).toBe(held);
    end(turn);
  });

  it("a stale copy older than a purge heard here is not served while another pod renders it", async () => {
    const prefix = `fc-locks-${++prefixes}`;
    const reader = await pod(prefix, { asked: new Map() }, 600);
    const writer = await pod(prefix);
    const renderedAt = Date.now() - 5000;
    writer.pages.write("/stale", page(["products:9"], Date.now() - 1000), renderedAt);
    await sleep(100);
    await raw.set(writer.keys.lock("build\n/stale"), "another-pod", "PX", 5000);
    // This pod heard of a purge of products:9 after that render began.
    const turn = await reader.pages.turn("/stale", { adopt: () => false, current: () => false });
    expect(turn.entry).toBeUndefined();
    end(turn);
    // Without the purge, the stale copy is served while the other pod renders.
    const again = await reader.pages.turn("/stale", judge);
    expect(again.entry !== undefined && again.outcome).toBe("page-stale-shared");
  });

  it("a page that was not shareable renders without the lock for a while", async () => {
    const { pages, keys } = await pod(`fc-locks-${++prefixes}`);
    const first = await pages.turn("/no-store", judge);
    expect(await lockOf(keys, "/no-store")).not.toBeNull();
    end(first); // ended without a page to share (a 404, no-store, a Set-Cookie)
    await sleep(100);
    expect(await lockOf(keys, "/no-store")).toBeNull();
    const second = await pages.turn("/no-store", judge);
    expect(second.entry).toBeUndefined();
    expect(await lockOf(keys, "/no-store")).toBeNull();
    end(second);
  });

  it("a page is in its tag sets whenever it can be read: a purge pass then always finds it", async () => {
    const prefix = `fc-locks-${++prefixes}`;
    const slow = { asked: new Map<string, number>(), late: { command: "fcCacheTagV1", ms: 600, before: true } };
    const writer = await pod(prefix, slow, 1500, 2000);
    const purger = await pod(prefix);
    const entryKey = writer.keys.entry("build\n/tagged");
    writer.pages.write("/tagged", page(["products:5"]), Date.now());
    // As soon as the page can be read, a purge of its tag goes over Redis once.
    for (let i = 0; i < 200 && (await raw.exists(entryKey)) === 0; i++) await sleep(5);
    await purger.tier.purgeTags(["products:5"], "soft");
    await sleep(800);
    expect(await raw.hget(entryKey, "f")).toBe("0");
  });
});
