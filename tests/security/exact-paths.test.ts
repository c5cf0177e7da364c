// Paths that are not pages match exactly, letter case included, on the built site over HTTP. The
// ingress matches paths exactly too: a spelling it does not block (/API/cache/purge, /READYZ,
// /api/cache/webhook/) would otherwise walk past its "internal paths" rule and reach a handler.
// - any other spelling is a 404 that never reaches a handler (no purge, no webhook counted);
// - the SRE purge API answers on the internal port (METRICS_PORT) only; the public port says 404;
// - /healthz and /readyz answer on both ports;
// - probes (the paths) never touch the page cache's hit ratio; a user agent makes nothing a probe;
// - /readyz on the public port says only its status; the internal port names the state of the parts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import { signWebhook } from "../../server/http/cache-api";
import { metricValue, probe, readMetrics } from "../reliability/support";

const ready = hasBuild();
const SECRET = "exact-paths-webhook-secret-0123";
const TOKEN = "exact-paths-admin-token-0123456";
const now = () => Math.floor(Date.now() / 1000);

const PURGE_ALL = JSON.stringify({ all: true });
const WEBHOOK_ALL = JSON.stringify({ delivery: randomUUID(), events: [{ type: "all", id: 0, action: "update" }] });
const signed = (body: string, ts = now()) => ({
  "X-FC-Timestamp": String(ts),
  "X-FC-Signature": signWebhook(SECRET, ts, body),
});

/** Other spellings of the non-page paths: what express and React Router would have matched. */
const MISSPELT_GETS = [
  "/READYZ",
  "/Healthz",
  "/healthz/",
  "/readyz/",
  "/%72eadyz",
  "/Robots.txt",
  "/SITEMAP.xml",
  "/Sitemap-en.xml",
  "/sitemap-en.xml/",
  "/Preview",
  "/preview/",
  "/IT/preview",
  "/Metrics",
];

describe.runIf(ready)("exact non-page paths and the internal port", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ PURGE_SECRET: SECRET, ADMIN_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await site?.stop();
  });

  const post = (base: string, path: string, body: string, headers: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    });

  it("answers 404 to every other spelling of the purge API and the webhook, and never purges", async () => {
    for (const path of [
      "/API/cache/purge",
      "/api/CACHE/PURGE",
      "/Api/cache/purge",
      "/api/cache/purge/",
      "/api/cache//purge",
      "/%61pi/cache/purge",
    ]) {
      for (const base of [site.url, site.internalUrl]) {
        const res = await post(base, path, PURGE_ALL, { Authorization: `Bearer ${TOKEN}` });
        expect(res.status, `${base}${path}`).toBe(404);
      }
    }
    for (const path of ["/Api/cache/webhook", "/API/CACHE/WEBHOOK", "/api/cache/webhook/", "/api/cache/Webhook"]) {
      const res = await post(site.url, path, WEBHOOK_ALL, signed(WEBHOOK_ALL));
      expect(res.status, path).toBe(404);
    }
    for (const path of ["/API/client-errors", "/api/client-errors/"]) {
      const res = await post(site.url, path, JSON.stringify({ kind: "error", message: "x", page: "/" }), {});
      expect(res.status, path).toBe(404);
    }
    const metrics = await readMetrics(site.metricsUrl);
    expect(metricValue(metrics, "wp_cache_purges_total")).toBe(0);
    expect(metricValue(metrics, "webhook_requests_total")).toBe(0);
    expect(metricValue(metrics, "client_errors_total")).toBe(0);
    expect(site.logs.some((line) => /admin purge|webhook purge/.test(line))).toBe(false);
  });

  it("answers 404 to other spellings of the probes, the sitemaps, robots.txt, Preview and /metrics: never a redirect", async () => {
    for (const path of MISSPELT_GETS) {
      const res = await probe(site.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
    for (const path of ["/READYZ", "/healthz/", "/Metrics", "/metrics/"])
      expect((await probe(site.internalUrl + path)).status, `internal ${path}`).toBe(404);
  });

  it("serves the SRE purge API on the internal port only", async () => {
    const publicPurge = await post(site.url, "/api/cache/purge", PURGE_ALL, { Authorization: `Bearer ${TOKEN}` });
    expect(publicPurge.status).toBe(404);
    expect(metricValue(await readMetrics(site.metricsUrl), "wp_cache_purges_total", { source: "admin" })).toBe(0);

    expect((await post(site.internalUrl, "/api/cache/purge", PURGE_ALL, {})).status).toBe(401);
    const purged = await post(site.internalUrl, "/api/cache/purge", PURGE_ALL, { Authorization: `Bearer ${TOKEN}` });
    expect(purged.status).toBe(200);
    expect(await purged.json()).toEqual({ purged: expect.any(Number) });
    expect(await waitForLog(site, (line) => line.includes("admin purge"))).toBeDefined();
    expect(metricValue(await readMetrics(site.metricsUrl), "wp_cache_purges_total", { source: "admin" })).toBe(1);

    // The webhook stays on the public port, where WordPress posts it.
    expect((await post(site.url, "/api/cache/webhook", WEBHOOK_ALL, signed(WEBHOOK_ALL))).status).toBe(202);
    expect((await post(site.internalUrl, "/api/cache/webhook", WEBHOOK_ALL, signed(WEBHOOK_ALL))).status).toBe(404);
  });

  it("answers /healthz and /readyz on both ports, the exact spellings still served", async () => {
    for (const base of [site.url, site.internalUrl]) {
      const health = await probe(`${base}/healthz`);
      expect(health.status, base).toBe(200);
      expect(health.body).toBe("ok\n");
      const ready = await probe(`${base}/readyz`);
      expect(ready.status, base).toBe(200);
      expect(JSON.parse(ready.body)).toMatchObject({ status: "ready" });
    }
    expect((await probe(`${site.url}/robots.txt`)).status).toBe(200);
    expect((await probe(`${site.url}/sitemap.xml`)).status).toBe(200);
  });

  it("keeps probes out of the page cache: /healthz and /readyz neither read it nor count in its hit ratio", async () => {
    const pageLookups = async () =>
      metricValue(await readMetrics(site.metricsUrl), "wp_cache_lookups_total", { tier: "page" });
    const before = await pageLookups();
    for (let i = 0; i < 10; i++) {
      for (const base of [site.url, site.internalUrl]) {
        expect((await probe(`${base}/healthz`, { headers: { "User-Agent": "kube-probe/1.33" } })).status).toBe(200);
        expect((await probe(`${base}/readyz`, { headers: { "User-Agent": "kube-probe/1.33" } })).status).toBe(200);
      }
    }
    expect(await pageLookups()).toBe(before);
  });

  it("knows a probe by its path only: the kubelet's user agent on a page is a visitor (page cache, collapsing)", async () => {
    const metrics = async () => {
      const text = await readMetrics(site.metricsUrl);
      return {
        lookups: metricValue(text, "wp_cache_lookups_total", { tier: "page" }),
        renders: metricValue(text, "page_renders_total", { collapsed: "false" }),
      };
    };
    const KUBELET = { "User-Agent": "kube-probe/1.33" };
    const before = await metrics();
    // Twenty at once on a page nobody asked for: one render, the others wait for it.
    const cold = await Promise.all(
      Array.from({ length: 20 }, () => probe(`${site.url}/it/manifattura`, { headers: KUBELET })),
    );
    expect(cold.map((a) => a.status)).toEqual(Array(20).fill(200));
    const afterCold = await metrics();
    expect(afterCold.renders - before.renders).toBe(1);
    // Then from the page cache, each counted as a lookup like a visitor's.
    for (let i = 0; i < 10; i++)
      expect((await probe(`${site.url}/it/manifattura`, { headers: KUBELET })).status).toBe(200);
    const afterHits = await metrics();
    expect(afterHits.renders).toBe(afterCold.renders);
    expect(afterHits.lookups - afterCold.lookups).toBe(10);
  });

  it("tells the public port's /readyz only its status, and the internal port the state of the parts", async () => {
    const open = await probe(`${site.url}/readyz`);
    expect(open.status).toBe(200);
    expect(JSON.parse(open.body)).toEqual({ status: "ready" });
    const internal = JSON.parse((await probe(`${site.internalUrl}/readyz`)).body);
    expect(internal).toMatchObject({ status: "ready", redis: "disabled" });
    expect(Object.keys(internal)).toEqual(expect.arrayContaining(["wordpress", "breaker", "pageCache", "languages"]));
  });
});
