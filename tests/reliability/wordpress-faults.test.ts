// WordPress slow (5 s, past WP_TIMEOUT_MS = 2 s) and WordPress answering garbage (invalid JSON,
// wrong shapes, HTML error pages with 200 and 500, a WordPress 500 error body): every answer comes
// within a bound, pages seen before are served stale, a page never seen gets the error page and
// the error is logged with its cause (WordPress's code), and nothing bad is cached: once the fault
// clears, the very next request is correct.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import { startFaultyWordPress, type Fault, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, leaksInternals, probe, sleep } from "./support";
import type { PostRecord } from "../../demo";

const ready = hasBuild();
const TIMEOUT_MS = 2000;
let wp: FaultyWordPress;
let site: RunningSite;
let unseen: PostRecord[];

/** Products nobody has asked for yet, one per fault. */
function nextUnseen(): PostRecord {
  const product = unseen.shift();
  if (!product) throw new Error("out of unseen products");
  return product;
}

const titleHtml = (title: string) => title.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The log lines (render errors, cache warnings) about one path or one WordPress route. */
function logsAbout(needle: string): string[] {
  return site.logs.filter((line) => line.includes(needle) && !line.includes('"msg":"request"'));
}

describe.runIf(ready)("WordPress slow or answering garbage", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({
      WP_URL: wp.url,
      CACHE_FRESH_SECONDS: "1",
      CACHE_STALE_SECONDS: "600",
      WP_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    unseen = (wp.catalogue.list("products", { lang: "en" }) as PostRecord[])
      .filter((p) => p.status === "publish")
      .slice(-8);
    // Seen before: the pages the stale checks use.
    for (const path of ["/about", "/products", "/it/progetti"]) expect((await probe(site.url + path)).status).toBe(200);
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
  });

  it("answers within bounds while WordPress takes 5 s, and renders correctly once it is fast again", async () => {
    const product = nextUnseen();
    await sleep(1100); // what was seen is now stale
    wp.setFault(/\/wp-json\//, { kind: "slow", ms: 5000 });
    try {
      const [seen, never] = await Promise.all([
        probe(`${site.url}/about`),
        probe(`${site.url}/products/${product.id}`, { timeoutMs: 20_000 }),
      ]);
      figure("wp_slow_seen_page_ms", seen.durationMs);
      figure("wp_slow_unseen_page_ms", never.durationMs);
      figure("wp_slow_unseen_page_status", never.status);
      // A page seen before: the stale copy at once (a background revalidation runs).
      expect(seen.status).toBe(200);
      expect(seen.durationMs).toBeLessThan(TIMEOUT_MS);
      // A page never seen: "temporarily unavailable", within twice the WordPress timeout.
      expect(never.status).toBe(503);
      expect(never.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(never.headers.get("cache-control")).toBe("no-store");
      expect(never.durationMs).toBeLessThan(2 * TIMEOUT_MS);
      expect(leaksInternals(never.body)).toBeUndefined();
      await waitForLog(site, (l) => l.includes(`/products/${product.id}`) && /did not answer within 2000 ms/.test(l));
      expect(logsAbout(`/products/${product.id}`).join("\n")).toMatch(/did not answer within 2000 ms/);
    } finally {
      wp.setFault(undefined);
    }
    const after = await probe(`${site.url}/products/${product.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toContain(titleHtml(product.title));
  });

  // WordPress failing (5xx) is an outage: 503. An answer the site cannot read (HTML or a notice
  // in place of JSON, another shape) is WordPress's content, not the site's fault: 503 too, with
  // the cause logged at error level. Never a 500.
  const garbage: { name: string; fault: Fault; cause: RegExp; status: number }[] = [
    { name: "invalid_json", fault: { kind: "invalid-json" }, cause: /not JSON/, status: 503 },
    { name: "wrong_shape", fault: { kind: "wrong-shape" }, cause: /unexpected shape/, status: 503 },
    { name: "html_200", fault: { kind: "html", status: 200 }, cause: /text\/html[^"]*, not JSON/, status: 503 },
    { name: "html_502", fault: { kind: "html", status: 502 }, cause: /answered 502/, status: 503 },
    {
      name: "wordpress_error_500",
      fault: { kind: "status", status: 500, code: "internal_server_error" },
      cause: /answered 500 internal_server_error/,
      status: 503,
    },
  ];

  for (const { name, fault, cause, status } of garbage) {
    it(`caches nothing of ${name.replace(/_/g, " ")} and logs its cause`, async () => {
      const product = nextUnseen();
      await sleep(1100); // what was seen is stale again
      wp.setFault(/\/wp-json\//, fault);
      let never;
      let seen;
      try {
        [never, seen] = await Promise.all([
          probe(`${site.url}/products/${product.id}`),
          probe(`${site.url}/it/progetti`),
        ]);
        // A second look while the fault lasts: still an error (no garbage was kept as an answer).
        const again = await probe(`${site.url}/products/${product.id}`);
        expect(again.status).toBe(never.status);
      } finally {
        wp.setFault(undefined);
      }
      figure(`wp_${name}_unseen_page_status`, never.status);
      figure(`wp_${name}_unseen_page_ms`, never.durationMs);
      expect(never.status).toBe(status);
      expect(never.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(never.headers.get("cache-control")).toBe("no-store");
      expect(never.durationMs).toBeLessThan(2 * TIMEOUT_MS);
      expect(leaksInternals(never.body)).toBeUndefined();
      expect(seen.status).toBe(200);
      expect(seen.body).not.toMatch(/Error establishing a database connection|not-a-number/);
      await waitForLog(site, (l) => l.includes(`/products/${product.id}`) && cause.test(l));
      expect(logsAbout(`/products/${product.id}`).join("\n")).toMatch(cause);

      // The fault cleared: the very next request is the real page.
      const after = await probe(`${site.url}/products/${product.id}`);
      expect(after.status).toBe(200);
      expect(after.body).toContain(titleHtml(product.title));
      const list = await probe(`${site.url}/it/progetti`);
      expect(list.status).toBe(200);
    });
  }
});
