// Redis killed (SIGKILL: a crash) and restarted under load: not one request fails, and
// `wp_cache_redis_up` goes 1 → 0 → 1 (the breaker opens, then closes on its own probe). The page
// cache is off here so that every request goes through the data cache, and the fresh window is
// 1 s so that lookups keep reaching Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { hasRedisServer, startRedis, type RedisServer } from "../support/redis-server";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, load, metricValue, pageTypes, percentile, readMetrics, sleep } from "./support";

const ready = hasBuild() && hasRedisServer();
let wp: FaultyWordPress;
let redis: RedisServer;
let site: RunningSite;

describe.runIf(ready)("Redis killed and restarted under load", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    redis = await startRedis();
    site = await startSite({
      WP_URL: wp.url,
      REDIS_URL: redis.url,
      CACHE_FRESH_SECONDS: "1",
      CACHE_STALE_SECONDS: "600",
      PAGE_CACHE_MB: "0",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await redis?.stop();
    await wp?.close();
  });

  it("fails no request, and the Redis gauge goes 1 → 0 → 1", async () => {
    const paths = pageTypes(wp.catalogue).map((p) => p.path);
    // Wait for the cache to report Redis up.
    for (let i = 0; i < 100 && metricValue(await readMetrics(site.metricsUrl), "wp_cache_redis_up") !== 1; i++)
      await sleep(50);

    // The gauge as a sequence of changes, sampled every 50 ms while the load runs.
    const gauge: { at: number; value: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const value = metricValue(await readMetrics(site.metricsUrl), "wp_cache_redis_up");
        if (gauge.at(-1)?.value !== value) gauge.push({ at: Date.now(), value });
        await sleep(50);
      }
    })();

    let done = false;
    const traffic = load({
      next: (n) => site.url + paths[n % paths.length],
      concurrency: 12,
      until: () => done,
      timeoutMs: 10_000,
    });
    await sleep(1500);
    const killedAt = Date.now();
    await redis.kill();
    for (let i = 0; i < 200 && gauge.at(-1)?.value !== 0; i++) await sleep(25);
    const noticedDownMs = Date.now() - killedAt;
    await sleep(1500); // down for a while, under load
    const restartedAt = Date.now();
    await redis.restart();
    for (let i = 0; i < 400 && gauge.at(-1)?.value !== 1; i++) await sleep(25);
    const noticedUpMs = Date.now() - restartedAt;
    await sleep(1500); // and back, under load
    done = true;
    const result = await traffic;
    sampling = false;
    await sampler;

    const failed = result.outcomes.filter((o) => o.status !== 200);
    const phase = (from: number, to: number) =>
      result.outcomes.filter((o) => o.startedAt >= from && o.startedAt < to).map((o) => o.durationMs);
    const startedAt = Math.min(...result.outcomes.map((o) => o.startedAt));
    figure("redis_restart_requests", result.outcomes.length);
    figure("redis_restart_failed", failed.length);
    figure("redis_up_sequence", gauge.map((g) => g.value).join(" -> "));
    figure("redis_down_noticed_ms", noticedDownMs);
    figure("redis_up_noticed_ms", noticedUpMs);
    figure("redis_before_answer_p99_ms", percentile(phase(startedAt, killedAt), 99));
    figure("redis_down_answer_p99_ms", percentile(phase(killedAt, restartedAt), 99));
    figure("redis_after_answer_p99_ms", percentile(phase(restartedAt, Infinity), 99));
    const metrics = await readMetrics(site.metricsUrl);
    figure(
      "redis_restart_eventloop_lag_p99_ms",
      Math.round(metricValue(metrics, "nodejs_eventloop_lag_p99_seconds") * 1000),
    );
    expect(failed.map((o) => `${o.url} ${o.status} ${o.error ?? ""}`)).toEqual([]);
    // Opened when Redis died, closed when it came back.
    expect(gauge.map((g) => g.value).slice(0, 3)).toEqual([1, 0, 1]);
    // Under this load (two cores, every request rendered) the breaker may open again right after
    // the reconnect: the memory tier is dropped, every request misses at once, and the event loop
    // lags past the 50 ms Redis command timeout. It must settle closed once the burst is over.
    figure("redis_breaker_reopened_after_restart", gauge.slice(3).filter((g) => g.value === 0).length);
    let settled = metricValue(await readMetrics(site.metricsUrl), "wp_cache_redis_up");
    for (let i = 0; i < 100 && settled !== 1; i++) {
      await sleep(50);
      settled = metricValue(await readMetrics(site.metricsUrl), "wp_cache_redis_up");
    }
    expect(settled).toBe(1);
    const readyz = await (await fetch(`${site.internalUrl}/readyz`)).json();
    expect(readyz).toMatchObject({ status: "ready", redis: "up" });
  });
});
