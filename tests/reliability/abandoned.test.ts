// A request the client abandons before its answer is finished (a visitor who closes the tab, a CDN
// that gives up on a slow origin) is recorded: http_request_duration_seconds with status="499" and
// a log line saying so. Before, latency and status were recorded on `finish` only, and an answer
// nobody received was recorded nowhere.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { metricValue, readMetrics } from "./support";

const ready = hasBuild();

/** Sends a GET and closes the connection once `leaveWhen` says so (before any answer comes). */
function askAndLeave(port: number, path: string, requestId: string, leaveWhen: () => Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Request-Id: ${requestId}\r\n\r\n`);
      leaveWhen().then(() => socket.destroy(), reject);
    });
    socket.on("data", (chunk: Buffer) => void (received += chunk.toString()));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe.runIf(ready)("requests the client abandons", () => {
  let wp: FaultyWordPress;
  let site: RunningSite;
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
  });

  it("records an answer nobody waited for as status 499, in the metric and the log", async () => {
    const before = metricValue(await readMetrics(site.metricsUrl), "http_request_duration_seconds_count", {
      status: "499",
    });
    // WordPress takes 2 s over the product list; the client leaves as soon as WordPress is asked.
    wp.setFault(/\/wp-json\/wp\/v2\/products\?/, { kind: "slow", ms: 2000 });
    const asked = wp.requests;
    const received = await askAndLeave(site.port, "/products?sort=name-asc", "abandoned-499", async () => {
      while (wp.requests === asked) await new Promise((r) => setTimeout(r, 20));
    });
    expect(received).toBe(""); // nothing had been answered when it left

    const line = await waitForLog(site, (l) => l.includes('"reqId":"abandoned-499"'), 5000);
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      status: 499,
      abandoned: true,
      path: "/products",
      route: "/products",
      msg: "request abandoned by the client",
    });
    const after = metricValue(await readMetrics(site.metricsUrl), "http_request_duration_seconds_count", {
      status: "499",
    });
    expect(after).toBe(before + 1);
    // One record per request: the render that finishes later adds no second line.
    wp.setFault(undefined);
    await new Promise((r) => setTimeout(r, 2500));
    expect(site.logs.filter((l) => l.includes('"reqId":"abandoned-499"'))).toHaveLength(1);
  }, 20_000);
});
