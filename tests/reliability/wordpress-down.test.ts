// WordPress down for longer than the fresh window: every page a visitor could have seen before is
// still served (stale, from the memory tier: stale-if-error), with 0 errors, and the metrics say
// so; a page never seen answers "temporarily unavailable" (503, Retry-After, no-store, no stack); and
// once WordPress is back, that page renders (the error was not cached).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, leaksInternals, load, metricValue, pageTypes, probe, readMetrics, sleep } from "./support";
import type { PostRecord } from "../../demo";

const ready = hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;

describe.runIf(ready)("WordPress down", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({
      WP_URL: wp.url,
      CACHE_FRESH_SECONDS: "1",
      CACHE_STALE_SECONDS: "600",
      WP_TIMEOUT_MS: "2000",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
  });

  it("serves every page seen before, stale, with 0 errors; a clear error page for pages never seen", async () => {
    const pages = pageTypes(wp.catalogue);
    // Seen before: the documents and their data requests (a client-side navigation asks those).
    const paths = [
      ...pages.map((p) => p.path),
      ...pages
        .filter((p) => p.name.startsWith("products") || p.name.startsWith("category-"))
        .map((p) => `${p.path}.data`),
    ];
    for (const path of paths) expect((await probe(site.url + path)).status, path).toBe(200);

    await wp.stop();
    const downAt = Date.now();
    await sleep(1500); // past the 1 s fresh window of pages and data
    // Keep asking for 3 s more (three fresh windows) with some concurrency, while WordPress stays down.
    const result = await load({
      next: (n) => site.url + paths[n % paths.length],
      concurrency: 8,
      until: () => Date.now() - downAt > 4500,
    });
    const errors = result.outcomes.filter((o) => o.status !== 200);
    figure("wp_down_pages_seen", paths.length);
    figure("wp_down_requests", result.outcomes.length);
    figure("wp_down_errors", errors.length);
    figure("wp_down_answer_ms_max", Math.max(...result.outcomes.map((o) => o.durationMs)));
    expect(errors.map((o) => `${o.url} ${o.status} ${o.error ?? ""}`)).toEqual([]);

    const metrics = await readMetrics(site.metricsUrl);
    const stale = metricValue(metrics, "wp_cache_lookups_total", { result: "stale" });
    figure("wp_down_stale_lookups", stale);
    expect(metricValue(metrics, "wp_cache_lookups_total", { tier: "memory", result: "stale" })).toBeGreaterThan(0);

    // Never seen: a product and a category page nobody asked for.
    const unseenProduct = (wp.catalogue.list("products", { lang: "en" }) as PostRecord[])
      .filter((p) => p.status === "publish")
      .at(-1)!;
    const unseen = { product: `/products/${unseenProduct.id}`, category: "/it/categorie/mai-vista-prima" };
    for (const [kind, path] of Object.entries(unseen)) {
      const res = await probe(site.url + path, { timeoutMs: 10_000 });
      figure(`wp_down_unseen_${kind}_status`, res.status);
      figure(`wp_down_unseen_${kind}_ms`, res.durationMs);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after"), path).toMatch(/^\d+$/);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(/Temporarily unavailable|Temporaneamente non disponibile/.test(res.body), `${path}: friendly text`).toBe(
        true,
      );
      expect(leaksInternals(res.body), path).toBeUndefined();
      // Not a page answer a cache could keep.
      expect(res.headers.get("surrogate-key"), path).toBeNull();
      expect(res.headers.get("cdn-cache-control"), path).toBeNull();
    }

    await wp.start();
    // The error was never cached: the very next request renders the product.
    const after = await probe(`${site.url}/products/${unseenProduct.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toContain(unseenProduct.title.replace(/&/g, "&amp;"));
  });
});
