// Two instances sharing a Redis: a purge received by one (the signed webhook) is honoured by the
// other within one second (docs/interfaces.md "Purge semantics"). Measured over several purges: the time from
// the webhook's answer until instance B shows the new content, polled every 20 ms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { hasRedisServer, startRedis, type RedisServer } from "../support/redis-server";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { sendWebhook } from "../support/webhook-delivery";
import { figure, percentile, probe, sleep } from "./support";
import type { PostRecord } from "../../demo";

const ready = hasBuild() && hasRedisServer();
const SECRET = "reliability-webhook-secret-0123";
const PURGES = 6;
let wp: FaultyWordPress;
let redis: RedisServer;
let a: RunningSite;
let b: RunningSite;

async function view(site: RunningSite, path: string): Promise<{ title: string; pageHit: boolean; startedAt: number }> {
  const res = await probe(site.url + path);
  const title = res.body.match(/<h2 id="product-title"[^>]*>([^<]*)</)?.[1] ?? `(status ${res.status})`;
  return { title, pageHit: (res.headers.get("server-timing") ?? "").includes("page-hit"), startedAt: res.startedAt };
}

describe.runIf(ready)("a purge on one instance, honoured by the other", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    redis = await startRedis();
    // A long fresh window: only a purge can make B show the new title.
    const env = { WP_URL: wp.url, REDIS_URL: redis.url, PURGE_SECRET: SECRET, CACHE_FRESH_SECONDS: "300" };
    [a, b] = await Promise.all([startSite(env), startSite(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await wp?.close();
  });

  it(`reaches the other instance within 1 s (${PURGES} purges)`, async () => {
    const products = (wp.catalogue.list("products", { lang: "en" }) as PostRecord[])
      .filter((p) => p.status === "publish")
      .slice(0, PURGES);
    const reached: number[] = [];
    const shown: number[] = [];
    for (const [i, product] of products.entries()) {
      const path = `/products/${product.id}`;
      // Both instances have the page (and its data) cached.
      expect((await view(a, path)).title).toBe(product.title);
      // B keeps its page (a page rendered while the previous purge's repeat pass, one second
      // later, was due is not kept: asked again until it is).
      let onB = await view(b, path);
      for (let k = 0; k < 40 && !onB.pageHit; k++) onB = (await sleep(50), await view(b, path));
      expect({ title: onB.title, pageHit: onB.pageHit }).toEqual({ title: product.title, pageHit: true });
      const renamed = `${product.title} Edition ${i + 2}`;
      wp.catalogue.update("products", product.id, { title: renamed });

      // From the moment the webhook is sent (B hears of it before A has even answered it).
      const purgedAt = Date.now();
      const res = await sendWebhook(a, [{ type: "products", id: product.id, action: "update" }]);
      expect(res.status).toBe(202);
      // Reached B: its cached page is gone; measured at the start of the first view that found
      // it gone (the purge had arrived by then; rendering that view is not counted). Shown: B's
      // page has the new title (that also takes WordPress and a render: a figure, and a generous
      // bound).
      let reachedAt = 0;
      let shownAt = 0;
      while (Date.now() - purgedAt < 5000) {
        const seen = await view(b, path);
        if (!reachedAt && (!seen.pageHit || seen.title === renamed)) reachedAt = seen.startedAt;
        if (seen.title === renamed) {
          shownAt = Date.now();
          break;
        }
        await sleep(20);
      }
      expect(reachedAt, `the purge never reached instance B (${path})`).toBeGreaterThan(0);
      expect(shownAt, `instance B never showed "${renamed}"`).toBeGreaterThan(0);
      reached.push(reachedAt - purgedAt);
      shown.push(shownAt - purgedAt);
      // And A, which received it (its next views: a revalidation slower than the 1.5 s soft
      // timeout, on a busy machine, may show the stale copy once).
      let onA = await view(a, path);
      for (let k = 0; k < 50 && onA.title !== renamed; k++) onA = (await sleep(50), await view(a, path));
      expect(onA.title).toBe(renamed);
    }
    figure("purge_propagation_count", reached.length);
    figure("purge_propagation_ms", reached.join(" "));
    figure("purge_propagation_p50_ms", percentile(reached, 50));
    figure("purge_propagation_max_ms", Math.max(...reached));
    figure("purge_new_content_on_other_p50_ms", percentile(shown, 50));
    figure("purge_new_content_on_other_max_ms", Math.max(...shown));
    expect(Math.max(...reached)).toBeLessThanOrEqual(1000);
    expect(Math.max(...shown)).toBeLessThanOrEqual(3000);
  });
});
