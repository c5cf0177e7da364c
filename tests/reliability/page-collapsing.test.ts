// One render per cold page (request collapsing): a burst of visitors on a page nobody has asked for
// yet costs one render, and everyone gets the page that render stored. Counted by the site's own
// page_renders_total (collapsed="false" for a render, "true" for an answer from another's render),
// the answers' Server-Timing and the fake WordPress's numbered requests. Before collapsing, each of
// the 1,000 requests rendered the page itself (p99 6.4 s on this machine; bench case (e)).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, metricValue, readMetrics } from "./support";

const ready = hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;

/** GET through `agent`: the status and the cache outcome its Server-Timing names. */
function get(url: string, agent: http.Agent): Promise<{ status: number; outcome: string }> {
  return new Promise((resolve) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "gzip, br" } }, (res) => {
        res.resume();
        const outcome = /cache;desc="([^"]+)"/.exec(String(res.headers["server-timing"] ?? ""))?.[1] ?? "none";
        res.on("end", () => resolve({ status: res.statusCode ?? 0, outcome }));
      })
      .on("error", () => resolve({ status: 0, outcome: "error" }));
  });
}

async function burst(path: string, visitors: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: visitors });
  const answers = await Promise.all(Array.from({ length: visitors }, () => get(site.url + path, agent)));
  agent.destroy();
  const count = (test: (a: { status: number; outcome: string }) => boolean) => answers.filter(test).length;
  return { answers, count };
}

async function renders(route: string) {
  const text = await readMetrics(site.metricsUrl);
  return {
    rendered: metricValue(text, "page_renders_total", { route, collapsed: "false" }),
    collapsed: metricValue(text, "page_renders_total", { route, collapsed: "true" }),
  };
}

const waitedTooLong = () =>
  site.logs.filter((line) => line.includes("stopped waiting for another request's render")).length;

describe.runIf(ready)("request collapsing for pages", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    // A fresh process with the default settings (page cache on, 64 MB); nothing is warm. The
    // data's hard timeout, which bounds a wait, is raised well above what these bursts take on a
    // busy machine: the tests count waiters released by a render's outcome, never by that bound.
    site = await startSite({ WP_URL: wp.url, LOG_LEVEL: "warn", WP_TIMEOUT_MS: "60000" });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
  });

  it("1,000 concurrent requests on a cold page: one render, all 200, one WordPress call per URL", async () => {
    // WordPress takes a moment, as a real one does: the whole burst arrives during the one render.
    wp.setFault(/\/wp\/v2\/products(\?|$)/, { kind: "slow", ms: 300 });
    wp.byUrl.clear();
    const { answers, count } = await burst("/products", 1000);
    wp.setFault(undefined);

    const { rendered, collapsed } = await renders("/products");
    figure("collapsing_renders", rendered);
    figure("collapsing_collapsed", collapsed);
    figure(
      "collapsing_wordpress_calls",
      [...wp.byUrl.values()].reduce((n, c) => n + c, 0),
    );
    expect(count((a) => a.status === 200)).toBe(1000);
    expect(rendered).toBe(1);
    // The answers say so too: one rendered, the rest from its entry (or a hit once it was stored).
    expect(count((a) => a.outcome === "page-miss")).toBe(1);
    expect(count((a) => a.outcome === "page-collapsed")).toBe(collapsed);
    expect(count((a) => a.outcome === "page-collapsed" || a.outcome === "page-hit")).toBe(999);
    expect(collapsed).toBeGreaterThan(900);
    expect([...wp.byUrl.values()].filter((n) => n !== 1)).toEqual([]);
    expect(answers.length).toBe(1000);
  }, 60_000);

  it("collapses React Router's data requests the same way", async () => {
    wp.setFault(/\/wp\/v2\/products(\?|$)/, { kind: "slow", ms: 300 });
    const { count } = await burst("/products.data?page=2", 300);
    wp.setFault(undefined);
    const { rendered, collapsed } = await renders("/products.data");
    expect(count((a) => a.status === 200)).toBe(300);
    expect(rendered).toBe(1);
    expect(collapsed + count((a) => a.outcome === "page-hit")).toBe(299);
  }, 60_000);

  it("a failing render releases the waiters: each renders for itself, none waits for the hard timeout, none gets another's error", async () => {
    // Nothing of this listing is cached, and WordPress fails after a moment: every render is a 5xx.
    // (A sort, not a search: 50 uncached searches from one address would meet the search limit.)
    wp.setFault(/\/wp\/v2\/products(\?|$)/, { kind: "status", status: 500, code: "internal_server_error", ms: 200 });
    const before = await renders("/products");
    const failing = await burst("/products?sort=name-desc", 50);
    const during = await renders("/products");
    wp.setFault(undefined);
    figure("collapsing_failed_renders", during.rendered - before.rendered);
    expect(failing.count((a) => a.status >= 500 && a.status < 600)).toBe(50);
    expect(during.rendered - before.rendered).toBe(50);
    expect(during.collapsed - before.collapsed).toBe(0);
    expect(waitedTooLong()).toBe(0);

    // The error was not kept: with WordPress back, the page renders once for the next burst.
    const recovered = await burst("/products?sort=name-desc", 50);
    const after = await renders("/products");
    expect(recovered.count((a) => a.status === 200)).toBe(50);
    expect(after.rendered - during.rendered).toBe(1);
  }, 60_000);

  it("an uncacheable answer is not shared: each visitor of an unknown product gets its own render", async () => {
    const before = await renders("/products/:id");
    const { count } = await burst("/products/99999999", 50);
    const after = await renders("/products/:id");
    expect(count((a) => a.status === 404)).toBe(50);
    expect(after.rendered - before.rendered).toBe(50);
    expect(after.collapsed - before.collapsed).toBe(0);
    expect(waitedTooLong()).toBe(0);
  }, 60_000);

  it("visitors who leave while waiting hand their turn back: the next visitors are not kept waiting for the hard timeout", async () => {
    // An unknown product WordPress takes 800 ms to refuse: its 404 is never stored, so the waiters
    // are released to render, and those whose visitor has already gone must give the turn back.
    wp.addFault(/products\/77777777/, {
      kind: "status",
      status: 404,
      code: "rest_post_invalid_id",
      message: "Invalid post ID.",
      ms: 800,
    });
    try {
      const agent = new http.Agent({ keepAlive: false });
      const leaving = Array.from({ length: 20 }, () => {
        const req = http.get(`${site.url}/products/77777777`, { agent });
        req.on("error", () => undefined);
        setTimeout(() => req.destroy(), 150);
        return req;
      });
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(leaving.every((req) => req.destroyed)).toBe(true);
      // Without the hand-back, four leaked turns hold the key and these wait WP_TIMEOUT_MS (60 s):
      // the test's own timeout ends first.
      const { count } = await burst("/products/77777777", 10);
      expect(count((a) => a.status === 404)).toBe(10);
      expect(waitedTooLong()).toBe(0);
    } finally {
      wp.setFault(undefined);
    }
  }, 30_000);
});
