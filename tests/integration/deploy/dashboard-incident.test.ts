// What an on-call SRE reads during an incident, checked against a real Prometheus (Debian's):
// two pods of the built site sharing a Redis (its own redis-server) and a WordPress that fails
// on demand, scraped every second with the target labels the Prometheus Operator adds, the
// chart's alert rules loaded (every `for:` shortened to 1 s) and the dashboard's queries read from
// the dashboard JSON itself. The script: pages on both pods, a 404, WordPress failing (5xx pages,
// stale copies after an editor's publish), requests abandoned by their client (499), an SRE's
// purge, Redis killed and back, a pod frozen (SIGSTOP) and thawed. Every panel then shows what the
// script did (the first 404 counted, ratios within 100 %, Redis 0 then 1, the frozen pod down in
// the top row), the alerts the incident should raise went pending, no other alert did, and /readyz
// and the runbook's commands tell the truth. About 40 s on two cores.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookEvent } from "../../../server/http/webhook";
import { sendWebhook } from "../../support/webhook-delivery";
import { startFaultyWordPress, type FaultyWordPress } from "../../support/faulty-wordpress";
import { hasPrometheus, startPrometheus, type RunningPrometheus, type Sample } from "../../support/prometheus";
import { hasRedisServer, startRedis, type RedisServer } from "../../support/redis-server";
import { hasBuild } from "../../support/requirements";
import { startSite, type RunningSite } from "../../support/site";
import { sleep, waitFor } from "../../support/wait";
import { pageTypes } from "../../reliability/support";
import { ROOT } from "./tools";
import {
  alertRules,
  dashboard,
  drawnPanels,
  legendLabels,
  panelByTitle,
  rulesWithShortFor,
  substitute,
  type Panel,
} from "./dashboard";

const ready = hasPrometheus() && hasBuild() && hasRedisServer();
const SECRET = "incident-webhook-secret-0123";
const TOKEN = "incident-admin-token-0123";
const NAMESPACE = "fc";
const POD = { a: "fc-site-a", b: "fc-site-b" } as const;
/** Labels the Prometheus Operator adds to every target besides job and instance. */
const OPERATOR_LABELS = (pod: string) => ({
  namespace: NAMESPACE,
  pod,
  service: "fc-site",
  endpoint: "metrics",
  container: "site",
});

/** What the script did, as its client saw it: answers by route and status class, and the moments. */
const did = {
  answers: new Map<string, number>(),
  startedAt: 0,
  redisDownAt: 0,
  frozenAt: 0,
  originFailures: 0,
  abandonedRoute: "/products/:id.data",
  breakerWhileRedisDown: "",
  windowSeconds: 0,
  endedAt: 0,
  /** The label sets of the metrics the panels and alerts read, as each pod started. */
  seriesAtStart: new Set<string>(),
};
/** Metrics whose every label set the dashboard or the alerts read: they must exist from start-up. */
const FROM_START_UP = [
  "http_requests_total",
  "wp_origin_requests_total",
  "wp_origin_request_duration_seconds_count",
  "wp_cache_reads_total",
  "wp_cache_lookups_total",
  "page_renders_total",
  "cdn_purge_requests_total",
  "webhook_requests_total",
  "media_requests_total",
];
async function seriesOf(site: RunningSite): Promise<string[]> {
  const text = await (await fetch(site.metricsUrl)).text();
  return text
    .split("\n")
    .filter((l) => FROM_START_UP.some((m) => l.startsWith(`${m}{`) || l.startsWith(`${m} `)))
    .map((l) => l.replace(/ \S+$/, ""));
}
/** The route pattern of each page type of the warm-up, as the metrics name it. */
const ROUTE: Record<string, string> = {
  home: "/",
  products: "/products",
  product: "/products/:id",
  categories: "/categories",
  category: "/categories/:slug",
  "category-product": "/categories/:slug/products/:id",
  collections: "/collections",
  collection: "/collections/:slug",
  exclusive: "/exclusives/:slug",
  projects: "/projects",
  about: "/about",
  manufacture: "/manufacture",
  wishlist: "/wishlist",
};
const routeOf = (pageName: string) => ROUTE[pageName.replace(/-(en|it)$/, "")]!;
const count = (key: string) => did.answers.get(key) ?? 0;
const tally = (key: string, n = 1) => void did.answers.set(key, count(key) + n);
const classOf = (status: number) => `${Math.floor(status / 100)}xx`;

let wp: FaultyWordPress;
let redis: RedisServer;
let a: RunningSite;
let b: RunningSite;
let prometheus: RunningPrometheus;

/** A GET counted under `route` and the class of its status (redirects not followed). */
async function get(
  site: RunningSite,
  pathname: string,
  route: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const res = await fetch(site.url + pathname, {
    redirect: "manual",
    headers: { "accept-language": "en", ...headers },
  });
  await res.arrayBuffer();
  tally(`${route} ${classOf(res.status)}`);
  tally(classOf(res.status));
  return res.status;
}

/** Asks Prometheus until `check` finds what it waits for in the answer; the last answer otherwise. */
async function until(
  what: string,
  expr: string,
  check: (samples: Sample[]) => boolean,
  timeoutMs = 20_000,
): Promise<Sample[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const samples = await prometheus.query(expr);
    if (check(samples)) return samples;
    if (Date.now() > deadline) throw new Error(`Prometheus never showed ${what}: ${expr} = ${JSON.stringify(samples)}`);
    await sleep(200);
  }
}
const now = () => Date.now() / 1000;

/** Both pods scraped, successfully, by a scrape that began after the step just done: Prometheus has it. */
async function scraped(): Promise<void> {
  const since = now() + 0.2;
  await until(
    "a scrape of both pods after the step",
    `(timestamp(up{job="fc-site"}) > ${since}) and (up{job="fc-site"} == 1)`,
    (s) => s.length === 2,
  );
}

/**
 * Gives an alert the incident raises time to go pending (a rule evaluation or two after the
 * scrape). It does not fail the script: the alerts test reads the whole history.
 */
async function alertGoesPending(name: string, series = 1): Promise<void> {
  await until(
    `${name} pending`,
    `count by (pod) (ALERTS{alertname="${name}"})`,
    (s) => s.length >= series,
    10_000,
  ).catch(() => undefined);
}

/** A panel's queries as Grafana sends them, over a window covering the whole script. */
function queriesOf(panel: Panel) {
  return (panel.targets ?? []).map((t) => ({
    ...t,
    expr: substitute(t.expr, { namespace: NAMESPACE, windowSeconds: did.windowSeconds }),
  }));
}
async function panelValues(title: string, time = did.endedAt): Promise<Sample[]> {
  const results = await Promise.all(queriesOf(panelByTitle(title)).map((q) => prometheus.query(q.expr, time)));
  return results.flat();
}
const find = (samples: Sample[], labels: Record<string, string>) =>
  samples.find((s) => Object.entries(labels).every(([k, v]) => s.metric[k] === v));
/**
 * A count read from a panel (increase() over the window, or rate() × the window) equals what the
 * script did, within the extrapolation to the window's end (< 5 %).
 */
async function expectCount(title: string, labels: Record<string, string>, expected: number) {
  const samples = await panelValues(title);
  const perSecond = !panelByTitle(title).targets!.some((t) => t.expr.includes("increase("));
  const sample = find(samples, labels);
  const value = sample ? sample.value * (perSecond ? did.windowSeconds : 1) : Number.NaN;
  const what = `${title} ${JSON.stringify(labels)}`;
  expect(value, what).toBeGreaterThanOrEqual(expected - 0.01);
  expect(value, what).toBeLessThanOrEqual(expected * 1.05 + 0.3);
}

/** Sends a GET and closes the connection once WordPress has been asked for `wpPath` (before any answer). */
function askAndLeave(site: RunningSite, pathname: string, wpPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(site.port, "127.0.0.1", () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nAccept-Language: en\r\n\r\n`);
      void (async () => {
        while (!wp.byPath.get(wpPath)) await sleep(10);
        socket.destroy();
      })();
    });
    socket.on("close", () => resolve());
    socket.on("error", reject);
  });
}

/** The English page types: the warm-up shows each on both pods. */
const pages = () => pageTypes(wp.catalogue).filter((p) => p.name.endsWith("-en"));

/** Published products of a language that no page has shown yet, for the faults (one each). */
function unseenProducts(lang: "en" | "it"): number[] {
  const products = wp.catalogue.list("products", { lang }) as unknown as { id: number; status: string }[];
  return products
    .filter((p) => p.status === "publish" && !wp.byPath.has(`/wp-json/wp/v2/products/${p.id}`))
    .map((p) => p.id)
    .reverse();
}

describe.runIf(ready)("the dashboard and the alerts during a scripted incident, against a real Prometheus", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    redis = await startRedis();
    // Content stays fresh for the whole script: whatever is stale was made so by the script.
    const env = {
      WP_URL: wp.url,
      REDIS_URL: redis.url,
      PURGE_SECRET: SECRET,
      ADMIN_TOKEN: TOKEN,
      CACHE_FRESH_SECONDS: "600",
    };
    // Each pod its own media disk cache, empty: the image the script asks for is fetched once.
    const mediaCache = () => mkdtempSync(path.join(os.tmpdir(), "fc-incident-media-"));
    [a, b] = await Promise.all([
      startSite({ ...env, MEDIA_CACHE_DIR: mediaCache() }),
      startSite({ ...env, MEDIA_CACHE_DIR: mediaCache() }),
    ]);
    for (const site of [a, b]) for (const series of await seriesOf(site)) did.seriesAtStart.add(series);
    prometheus = await startPrometheus({
      job: "fc-site",
      intervalSeconds: 1,
      rules: [rulesWithShortFor("1s")],
      targets: [a, b].map((site, i) => ({
        address: new URL(site.internalUrl).host,
        labels: OPERATOR_LABELS(i === 0 ? POD.a : POD.b),
      })),
    });
    await until("both pods up", 'up{job="fc-site"} == 1', (s) => s.length === 2);
    // A rule evaluated before the first scrape finds no target (FcSiteTargetsAbsent) until the
    // next: alerts count from the moment that is over.
    await until("no target missing", 'ALERTS{alertname="FcSiteTargetsAbsent"}', (s) => s.length === 0);
    did.startedAt = now();
    await runIncident();
  }, 180_000);

  afterAll(async () => {
    if (b?.process.pid) b.process.kill("SIGCONT");
    await Promise.all([a?.stop(), b?.stop(), prometheus?.stop()]);
    await redis?.stop().catch(() => undefined);
    await wp?.close().catch(() => undefined);
  });

  it("shows in its top row that the frozen pod is not scraped, how long since it was, and no restarts", async () => {
    const [up, age, restarts] = await Promise.all(
      [
        "Pods up (Prometheus scrapes them)",
        "Seconds since the last successful scrape",
        "Restarts (dashboard range)",
      ].map((t) => panelValues(t, did.frozenAt)),
    );
    expect(
      drawnPanels()
        .slice(0, 3)
        .map((p) => p.title),
    ).toEqual([
      "Pods up (Prometheus scrapes them)",
      "Seconds since the last successful scrape",
      "Restarts (dashboard range)",
    ]);
    expect(find(up!, { pod: POD.a })?.value).toBe(1);
    expect(find(up!, { pod: POD.b })?.value).toBe(0);
    expect(find(age!, { pod: POD.a })?.value).toBeLessThan(3);
    expect(find(age!, { pod: POD.b })?.value).toBeGreaterThanOrEqual(3);
    for (const pod of Object.values(POD)) expect(find(restarts!, { pod })?.value, pod).toBe(0);
    // Thawed: both up again, freshly scraped.
    const [upAfter, ageAfter] = await Promise.all(
      ["Pods up (Prometheus scrapes them)", "Seconds since the last successful scrape"].map((t) => panelValues(t)),
    );
    for (const pod of Object.values(POD)) {
      expect(find(upAfter!, { pod })?.value, pod).toBe(1);
      expect(find(ageAfter!, { pod })?.value, pod).toBeLessThan(3);
    }
  });

  it("started with every series the incident touched, so none appeared with its first event", async () => {
    for (const site of [a, b]) {
      const appeared = (await seriesOf(site)).filter((series) => !did.seriesAtStart.has(series));
      expect(appeared).toEqual([]);
    }
    expect(did.seriesAtStart.size).toBeGreaterThan(500);
  });

  it("counts every answer by route and status class, the first 404, 5xx and 499 included", async () => {
    for (const cls of ["2xx", "3xx", "4xx", "5xx", "abandoned"])
      await expectCount("Answers by status class", { status_class: cls }, count(cls));
    expect(count("4xx")).toBeGreaterThan(0);
    await expectCount("Requests per second by route", { route: "not-found" }, count("not-found 4xx"));
    await expectCount("Abandoned requests (499) by route", { route: did.abandonedRoute }, count("abandoned"));
    const failing = await panelValues("5xx ratio by route");
    const productAnswers = ["2xx", "3xx", "4xx", "5xx", "abandoned"].reduce(
      (n, c) => n + count(`/products/:id ${c}`),
      0,
    );
    const ratio = count("/products/:id 5xx") / productAnswers;
    expect(
      Math.abs(find(failing, { route: "/products/:id" })!.value - ratio),
      "the 5xx ratio of product pages",
    ).toBeLessThan(ratio * 0.05);
  });

  it("reads ratios that are ratios: each content read counted once, within 100 %", async () => {
    const [cached] = await panelValues("Answered by a cache (memory or Redis)");
    expect(cached!.value).toBeGreaterThan(0);
    expect(cached!.value).toBeLessThanOrEqual(1);
    const answers = await panelValues("Content reads by what answered them");
    expect(answers.reduce((sum, s) => sum + s.value, 0)).toBeCloseTo(1, 6);
    // The second pod read what the first had fetched: Redis answered it, and its hit ratio says so.
    expect(find(answers, { answer: "redis" })?.value).toBeGreaterThan(0);
    const hits = await panelValues("Hit ratio per tier (dashboard range)");
    expect(find(hits, { tier: "redis" })?.value).toBeGreaterThan(0);
    for (const title of [
      "Hit ratio per tier (dashboard range)",
      "Lookups per tier: hit, stale, miss",
      "Content reads by what answered them",
      "5xx ratio by route",
      "Origin failing share (timeouts and 5xx)",
      "Page answers within 1 s (SLO 99 %)",
    ]) {
      for (const s of await panelValues(title))
        if (!Number.isNaN(s.value))
          expect(s.value, `${title} ${JSON.stringify(s.metric)}`).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it("shows Redis lost on every pod, then back, and /readyz named the breaker open meanwhile", async () => {
    const down = await panelValues("Redis reachable, per pod", did.redisDownAt);
    const back = await panelValues("Redis reachable, per pod");
    for (const pod of Object.values(POD)) {
      expect(find(down, { pod })?.value, pod).toBe(0);
      expect(find(back, { pod })?.value, pod).toBe(1);
    }
    expect(did.breakerWhileRedisDown).toBe("open");
  });

  it("shows WordPress's failures from the first one, by REST route and status, and the purges", async () => {
    await expectCount(
      "Origin errors by REST route and status",
      { rest_route: "wp/v2/products/:id", status: "500" },
      did.originFailures,
    );
    const [share] = await panelValues("Origin failing share (timeouts and 5xx)");
    expect(share!.value).toBeGreaterThan(0);
    for (const source of ["webhook", "admin"]) await expectCount("Purges by source", { source }, 1);
    await expectCount("Webhook deliveries by result", { result: "accepted" }, 1);
    await expectCount("Media answers by result", { result: "miss" }, 1);
  });

  it("answers every panel query with data, each legend naming a label the series has", async () => {
    for (const panel of drawnPanels()) {
      for (const query of queriesOf(panel)) {
        const samples = await prometheus.query(query.expr, did.endedAt);
        expect(samples.length, `${panel.title}: ${query.expr}`).toBeGreaterThan(0);
        for (const label of legendLabels(query.legendFormat)) {
          for (const s of samples)
            expect(s.metric[label], `${panel.title}: {{${label}}} in ${JSON.stringify(s.metric)}`).toBeTruthy();
        }
      }
    }
    // No label of the site's is shadowed by a target label (Prometheus would rename it exported_*).
    const names = await prometheus.labelNames('{job="fc-site"}');
    expect(names.filter((n) => n.startsWith("exported_"))).toEqual([]);
    // The template variables list the namespace and both pods.
    expect(await prometheus.labelValues("namespace", 'up{job="fc-site"}')).toEqual([NAMESPACE]);
    expect(await prometheus.labelValues("pod", `up{job="fc-site", namespace=~"${NAMESPACE}"}`)).toEqual([POD.a, POD.b]);
    expect(
      dashboard()
        .templating.list.map((v) => v.definition)
        .filter(Boolean),
    ).toEqual([
      'label_values(up{job="fc-site"}, namespace)',
      'label_values(up{job="fc-site", namespace=~"$namespace"}, pod)',
    ]);
  });

  it("raised the alerts the incident calls for, and no other", async () => {
    const span = Math.ceil(did.endedAt - did.startedAt);
    const active = await prometheus.query(`count by (alertname, pod) (count_over_time(ALERTS[${span}s]))`, did.endedAt);
    const raised = new Set(
      active.map((s) => (s.metric.pod ? `${s.metric.alertname} ${s.metric.pod}` : s.metric.alertname!)),
    );
    // An event loop late by more than 0.5 s: the frozen pod's was stalled for seconds (its p99
    // shows it when the first scrape after the thaw held fewer than a hundred other delays), and
    // a pod on a loaded machine may lag too. Wherever the lag panel crossed 0.5 s, the alert must
    // have gone pending; nowhere else.
    const lag = await prometheus.query(
      `max by (pod) (max_over_time(nodejs_eventloop_lag_p99_seconds{job="fc-site"}[${span}s]))`,
      did.endedAt,
    );
    // Pod A is never frozen, but on a loaded machine a scrape of it may time out too: the alert
    // is then right, and the top row showed it.
    const missed = await prometheus.query(
      `min by (pod) (min_over_time(up{job="fc-site", pod!="${POD.b}"}[${span}s])) == 0`,
      did.endedAt,
    );
    const expected = [
      "FcSiteHigh5xxRate",
      "FcSiteOriginFailing",
      "FcSiteRequestsAbandoned",
      `FcSiteRedisDown ${POD.a}`,
      `FcSiteRedisDown ${POD.b}`,
      `FcSiteTargetDown ${POD.b}`,
      ...lag.filter((s) => s.value > 0.5).map((s) => `FcSiteEventLoopLag ${s.metric.pod}`),
      ...missed.map((s) => `FcSiteTargetDown ${s.metric.pod}`),
    ];
    expect([...raised].sort()).toEqual(expected.sort());
    expect(alertRules().length).toBeGreaterThan(expected.length);
  });

  it("has runbook commands that read the internal port and succeed as written", () => {
    const runbook = readFileSync(path.join(ROOT, "docs/runbook.md"), "utf8");
    const commands = [...runbook.matchAll(/^curl -fsS "\$INTERNAL\/(?!api\/)[^\n]*$/gm)].map((m) => m[0]);
    expect(commands.length).toBeGreaterThan(5);
    for (const command of commands) {
      const run = () =>
        execFileSync("bash", ["-c", command], {
          env: { ...process.env, INTERNAL: a.internalUrl },
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        });
      expect(run, command).not.toThrow();
    }
  });
});

// ——— the script ———

async function runIncident(): Promise<void> {
  await warmUp();
  await notFound();
  await wordpressFails();
  await clientsAbandon();
  await purges();
  await redisOutage();
  await freezePodB();
  // Thawed, and scraped again.
  await until("both pods up after the thaw", 'up{job="fc-site"} == 1', (s) => s.length === 2);
  await scraped();
  did.endedAt = now();
  did.windowSeconds = Math.ceil(did.endedAt - did.startedAt) + 30;
}

/**
 * Every page type, its HTML and its data request, on both pods (the second pod reads through
 * Redis what the first fetched), then each page again from the page cache; one image.
 */
async function warmUp(): Promise<void> {
  for (const page of pages()) {
    const route = routeOf(page.name);
    for (const site of [a, b]) {
      await get(site, page.path, route);
      await get(site, page.path === "/" ? "/_root.data" : `${page.path}.data`, `${route}.data`);
    }
  }
  for (const page of pages()) for (const site of [a, b]) await get(site, page.path, routeOf(page.name));
  const html = await (
    await fetch(`${a.url}/collections`, { redirect: "manual", headers: { "accept-language": "en" } })
  ).text();
  tally("2xx");
  tally("/collections 2xx");
  const image = /\/media\/[^"\s?]+\?w=\d+/.exec(html)?.[0];
  expect(image, "an image on /collections").toBeTruthy();
  expect(await get(a, image!, "/media/*", { accept: "image/webp" })).toBe(200);
}

/** A path that is no page, and a product WordPress does not have: 404 each. */
async function notFound(): Promise<void> {
  expect(await get(a, "/no-such-page", "not-found")).toBe(404);
  expect(await get(a, "/products/999999", "/products/:id")).toBe(404);
  await scraped();
}

/** Requests WordPress was asked for single products (answered or failed), by the fake's count. */
const productRequests = () =>
  [...wp.byPath].filter(([p]) => /^\/wp-json\/wp\/v2\/products\/\d+$/.test(p)).reduce((n, [, v]) => n + v, 0);
const restRequests = () => [...wp.byPath.values()].reduce((n, v) => n + v, 0);

/**
 * WordPress answers 500 to everything. Products never seen answer 503, until more than a fifth
 * of the origin's requests failed (FcSiteOriginFailing) and more than 2 % of the answers are 5xx
 * (FcSiteHigh5xxRate). Meanwhile an editor publishes (the webhook's `all` update, a soft purge)
 * and every page is seen again on both pods: each content read finds a purged copy in memory and
 * one in Redis (a ratio of lookups counted both: 110 % before wp_cache_reads_total), and gets the
 * stale copy (stale-if-error).
 */
async function wordpressFails(): Promise<void> {
  const before = { rest: restRequests(), products: productRequests() };
  wp.setFault(/^\/wp-json\//, { kind: "status", status: 500, code: "internal_server_error" });
  for (const id of unseenProducts("en")) {
    expect(await get(a, `/products/${id}`, "/products/:id")).toBe(503);
    const failed = restRequests() - before.rest;
    if (failed > 0.3 * restRequests() && count("5xx") >= 3) break;
  }
  expect(await webhook([{ type: "all", id: 0, action: "update" }])).toBe(202);
  for (const page of pages()) for (const site of [a, b]) await get(site, page.path, routeOf(page.name));
  wp.setFault(undefined);
  did.originFailures = productRequests() - before.products;
  await scraped();
  await alertGoesPending("FcSiteOriginFailing");
  await alertGoesPending("FcSiteHigh5xxRate");
}

/** A signed webhook delivery, counted like any answer; its status. */
async function webhook(events: WebhookEvent[]): Promise<number> {
  const res = await sendWebhook(a, events);
  await res.arrayBuffer();
  tally(classOf(res.status));
  return res.status;
}

/** Visitors who leave product pages WordPress is slow to answer: more than 5 % of all requests. */
async function clientsAbandon(): Promise<void> {
  wp.setFault(/^\/wp-json\/wp\/v2\/products\/\d+/, { kind: "slow", ms: 3000 });
  const total = ["2xx", "3xx", "4xx", "5xx"].reduce((n, c) => n + count(c), 0);
  const leaving = unseenProducts("it").slice(0, Math.ceil(total * 0.07) + 1);
  // Data requests: the loader waits for WordPress, and what it finishes after the visitor left is
  // cheap (no render of the page), so the pod is not made to stall.
  await Promise.all(leaving.map((id) => askAndLeave(a, `/it/prodotti/${id}.data`, `/wp-json/wp/v2/products/${id}`)));
  tally("abandoned", leaving.length);
  tally(`${did.abandonedRoute} abandoned`, leaving.length);
  await scraped();
  await alertGoesPending("FcSiteRequestsAbandoned");
  // The loads the visitors left finish in the background; then WordPress is well again.
  await waitFor(() => wp.inflight === 0, 15_000, "the slow WordPress answers");
  wp.setFault(undefined);
}

/** An SRE's soft purge of everything (WordPress well again), and three pages seen again. */
async function purges(): Promise<void> {
  const purge = await fetch(`${a.internalUrl}/api/cache/purge`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ all: true, mode: "soft" }),
  });
  expect(purge.status).toBe(200);
  for (const page of pages().slice(1, 4)) await get(a, page.path, routeOf(page.name));
  await scraped();
}

/** Redis killed: every pod reports it lost (FcSiteRedisDown), /readyz names the breaker; then back. */
async function redisOutage(): Promise<void> {
  await redis.kill();
  const down = await until("Redis down on both pods", 'wp_cache_redis_up{job="fc-site"} == 0', (s) => s.length === 2);
  expect(down.map((s) => s.metric.pod).sort()).toEqual([POD.a, POD.b]);
  did.redisDownAt = now();
  did.breakerWhileRedisDown = ((await (await fetch(`${a.internalUrl}/readyz`)).json()) as { breaker: string }).breaker;
  await alertGoesPending("FcSiteRedisDown", 2);
  await redis.restart();
  await until("Redis back on both pods", 'wp_cache_redis_up{job="fc-site"} == 1', (s) => s.length === 2);
}

/**
 * Pod B frozen (SIGSTOP): its scrapes fail, the top row says so, FcSiteTargetDown; then thawed.
 * The moment the top row is read is a failed scrape's: one under way at the thaw may still
 * succeed, with the time it began.
 */
async function freezePodB(): Promise<void> {
  process.kill(b.process.pid!, "SIGSTOP");
  try {
    const failed = async () =>
      ((await prometheus.samples(`up{pod="${POD.b}"}[10s]`))[0]?.values ?? []).filter(([, value]) => value === 0);
    const deadline = Date.now() + 20_000;
    while ((await failed()).length < 5 && Date.now() < deadline) await sleep(200);
    await alertGoesPending("FcSiteTargetDown");
    did.frozenAt = (await failed()).at(-1)?.[0] ?? now();
  } finally {
    process.kill(b.process.pid!, "SIGCONT");
  }
}
