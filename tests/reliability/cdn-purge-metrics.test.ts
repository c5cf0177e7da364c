// A failed CDN purge is a metric, not only a log line: `cdn_purge_requests_total{provider,result}`
// counts each call to the provider's purge API — ok, retried (failed, tried again) and error
// (failed for good) — and its series exist at 0 from start-up so an alert on them is defined
// before the first purge. The built site against a fake Fastly API, purged by the signed webhook.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { webhookUpdate } from "../support/webhook-delivery";
import { metricValue, readMetrics, sleep } from "./support";

const ready = hasBuild();
const SECRET = "cdn-metrics-webhook-secret-0123";

describe.runIf(ready)("CDN purge calls in the metrics", () => {
  let fastly: http.Server;
  let site: RunningSite;
  /** The statuses the fake answers, in turn; 200 once they are spent. */
  const statuses: number[] = [];
  const calls: string[] = [];

  beforeAll(async () => {
    fastly = http.createServer((req, res) => {
      calls.push(`${req.method} ${req.url} ${req.headers["surrogate-key"] ?? ""}`);
      req.resume();
      const status = statuses.shift() ?? 200;
      res
        .writeHead(status, { "Content-Type": "application/json" })
        .end(status === 200 ? '{"status":"ok"}' : '{"msg":"refused"}');
    });
    await new Promise<void>((resolve) => fastly.listen(0, "127.0.0.1", resolve));
    site = await startSite({
      PURGE_SECRET: SECRET,
      CDN_PROVIDER: "fastly",
      CDN_API_TOKEN: "fastly-token-cdn-metrics",
      CDN_FASTLY_SERVICE_ID: "SVC1",
      CDN_API_URL: `http://127.0.0.1:${(fastly.address() as AddressInfo).port}`,
      LOG_LEVEL: "warn",
    });
  });
  afterAll(async () => {
    await site?.stop();
    fastly?.closeAllConnections();
    await new Promise((resolve) => fastly?.close(resolve));
  });

  const purge = (id: number) => webhookUpdate(site, id);
  const count = async (result: string) =>
    metricValue(await readMetrics(site.metricsUrl), "cdn_purge_requests_total", { provider: "fastly", result });
  const waitFor = async (result: string, value: number) => {
    for (let i = 0; i < 300 && (await count(result)) < value; i++) await sleep(50);
    return count(result);
  };

  it("has every series at 0 from start-up", async () => {
    const text = await readMetrics(site.metricsUrl);
    for (const result of ["ok", "error", "retried"])
      expect(text).toContain(`cdn_purge_requests_total{provider="fastly",result="${result}"} 0`);
  });

  it("counts a call that failed and was retried, then succeeded", async () => {
    statuses.push(503);
    await purge(12);
    expect(await waitFor("ok", 1)).toBe(1);
    expect(await count("retried")).toBe(1);
    expect(await count("error")).toBe(0);
    expect(calls.filter((c) => c.includes("products:12"))).toHaveLength(2);
  });

  it("counts a purge the CDN refused for good as an error", async () => {
    statuses.push(403);
    await purge(13);
    expect(await waitFor("error", 1)).toBe(1);
    expect(await count("ok")).toBe(1);
  });
});
