// A flood of distinct searches against a slow WordPress: 300 at once, each a search no cache has
// (240 visitors with one or two each, and one visitor with 60), and WordPress taking 1.5 s over
// every search. WordPress never has more than WP_MAX_CONCURRENCY of the site's requests at once;
// every answer is a 200, a 429 (the visitor over the search limit, with Retry-After) or a 503 with
// Retry-After (WordPress's queue full and nothing cached) — never another 5xx, never a crash — and
// /healthz keeps answering throughout. The figures (WordPress's in-flight maximum, the answers,
// /healthz's latency) are printed, not asserted: timing belongs in `npm run bench`.
// Before the cap, every search became a WordPress request at once: 300 searches, ~600 in flight.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { RATE_LIMITS } from "../../server/http/rate-limits";
import { figure, metricValue, percentile, probe, readMetrics } from "./support";

const ready = hasBuild();
const CAP = 16;
const SEARCHES = 300;
const GREEDY = 60; // searches from one visitor, past its limit
const SEARCH = /search=/;

describe.runIf(ready)("a flood of distinct searches", () => {
  let wp: FaultyWordPress;
  let site: RunningSite;
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    // One proxy in front (the ingress): each visitor is its X-Forwarded-For address.
    site = await startSite({ WP_URL: wp.url, WP_MAX_CONCURRENCY: String(CAP), TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
  });

  it("keeps WordPress under the cap and answers only 200, 429 or 503 while /healthz answers", async () => {
    // The layout's reads (menus, categories, colours) are cached: the flood is about searches.
    expect((await probe(`${site.url}/products`)).status).toBe(200);
    expect((await probe(`${site.url}/about`)).status).toBe(200); // a page seen before the flood
    wp.setFault(SEARCH, { kind: "slow", ms: 1500 });
    wp.resetInflight(/^\/wp-json\/(?!wp\/v2\/users\/me)/); // the site's reads; its readiness probe passes outside the cap

    const visitorOf = (n: number) => (n < GREEDY ? "203.0.113.200" : `198.51.${100 + (n % 2)}.${n % 240}`);
    const health: number[] = [];
    let flooding = true;
    const healthLoop = (async () => {
      while (flooding) {
        const res = await probe(`${site.url}/healthz`, { timeoutMs: 10_000 });
        expect(res.status).toBe(200);
        health.push(res.durationMs);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const flood = Promise.all(
      Array.from({ length: SEARCHES }, (_, n) =>
        probe(`${site.url}/products?q=${encodeURIComponent(`flood ${n} ${(n * 7919) % 1000}`)}`, {
          headers: { "X-Forwarded-For": visitorOf(n) },
          timeoutMs: 30_000,
        }),
      ),
    );
    // A page seen before is not affected: it is answered from what is cached.
    await new Promise((r) => setTimeout(r, 300));
    const seenBefore = await probe(`${site.url}/about`);
    const answers = await flood;
    flooding = false;
    await healthLoop;

    const count = (status: number) => answers.filter((a) => a.status === status).length;
    const counts = {
      ok: count(200),
      limited: count(429),
      unavailable: count(503),
      other: answers.filter((a) => ![200, 429, 503].includes(a.status)).length,
    };
    const metrics = await readMetrics(site.metricsUrl);
    figure("search_flood_wordpress_inflight_max", wp.maxInflight);
    figure(
      "search_flood_answers",
      `200: ${counts.ok}, 429: ${counts.limited}, 503: ${counts.unavailable}, other: ${counts.other}`,
    );
    figure("search_flood_rejections", metricValue(metrics, "wp_origin_rejections_total"));
    figure(
      "search_flood_healthz_ms",
      `p50 ${percentile(health, 50).toFixed(0)}, p99 ${percentile(health, 99).toFixed(0)}, max ${Math.max(...health).toFixed(0)} (${health.length} probes)`,
    );

    expect(wp.maxInflight).toBeGreaterThan(0);
    expect(wp.maxInflight).toBeLessThanOrEqual(CAP);
    expect(
      answers.filter((a) => ![200, 429, 503].includes(a.status)).map((a) => `${a.url} ${a.status} ${a.error ?? ""}`),
    ).toEqual([]);
    // The greedy visitor is stopped past its limit; the others are not.
    expect(counts.limited).toBeGreaterThanOrEqual(GREEDY - RATE_LIMITS.searchRenders.points);
    for (const a of answers.filter((x) => x.status === 429 || x.status === 503)) {
      expect(a.headers.get("retry-after"), `${a.url} ${a.status}`).toMatch(/^\d+$/);
      expect(a.headers.get("cache-control"), `${a.url} ${a.status}`).toBe("no-store");
      // Never kept by the CDN either: another visitor's search must not meet this one's refusal.
      expect(a.headers.get("cdn-cache-control"), `${a.url} ${a.status}`).toBeNull();
      expect(a.headers.get("surrogate-control"), `${a.url} ${a.status}`).toBeNull();
    }
    expect(counts.ok).toBeGreaterThan(0);
    expect(seenBefore.status).toBe(200);
    expect(health.length).toBeGreaterThan(0);

    // Still serving, and the gauge is back at rest once WordPress has answered.
    expect(site.process.exitCode).toBeNull();
    wp.setFault(undefined);
    expect((await probe(`${site.url}/products?q=vase`)).status).toBe(200);
    // Reads the flood left under way end by their timeout at the latest.
    const settled = Date.now() + 15_000;
    while (metricValue(await readMetrics(site.metricsUrl), "wp_origin_inflight") !== 0 && Date.now() < settled)
      await new Promise((r) => setTimeout(r, 200));
    expect(metricValue(await readMetrics(site.metricsUrl), "wp_origin_inflight")).toBe(0);
  }, 120_000);
});
