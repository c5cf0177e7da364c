// What an operator's WordPress really answers, against the fault-injecting fake (fast): WordPress
// unreachable with nothing cached (503, Retry-After, a localized page, never 500), a WordPress 404
// (404), credentials refused (readiness says so, a metric counts, cached pages stay up), and stock
// wuxt's edge cases — no static front page (the list of posts), an empty menu (no body at all), a
// menu that fails (a PHP fatal on a post type archive item: the last menu read stays).
// The same cases against a real WordPress: tests/integration/wordpress/operator-wordpress.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, waitForLog, type RunningSite, adminPurge } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { metricValue, probe, readMetrics } from "../reliability/support";
import type { PostRecord } from "../../demo";

const ADMIN_TOKEN = "admin-token-edge-cases-0123456789";
const ready = hasBuild();

/** Stock wuxt's answer to wuxt/v1/front-page without a static front page: wp/v2/posts. */
const POSTS_LIST = JSON.stringify([
  {
    id: 1,
    date: "2026-01-01T00:00:00",
    slug: "hello-world",
    type: "post",
    title: { rendered: "Hello world!" },
    content: { rendered: "<p>Welcome</p>" },
  },
]);

/** The critical-error answer WordPress sends for a PHP fatal during a REST request. */
const PHP_FATAL = JSON.stringify({
  code: "internal_server_error",
  message: "<p>There has been a critical error on this website.</p>",
  data: { status: 500 },
  additional_errors: [],
});

function publishedProducts(wp: FaultyWordPress, lang: "en" | "it"): PostRecord[] {
  return (wp.catalogue.list("products", { lang }) as PostRecord[]).filter((p) => p.status === "publish");
}

const purge = (site: RunningSite, tags: string[]) => adminPurge(site, ADMIN_TOKEN, tags);

async function readiness(site: RunningSite): Promise<{ wordpress: string; warnings: string[] }> {
  return (await fetch(`${site.internalUrl}/readyz`)).json() as Promise<{ wordpress: string; warnings: string[] }>;
}

/** The labels of the footer's menu links. */
function footerLinks(html: string): string[] {
  const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
  const nav = /<nav[\s\S]*?<\/nav>/.exec(footer)?.[0] ?? "";
  return [...nav.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}

describe.runIf(ready)("an operator's WordPress, faked", () => {
  let wp: FaultyWordPress;
  let site: RunningSite;

  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({
      WP_URL: wp.url,
      WP_TIMEOUT_MS: "1500",
      ADMIN_TOKEN,
      WP_USER: "reader",
      WP_APP_PASSWORD: "abcd efgh ijkl mnop qrst uvwx",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
  });

  it("answers 503 with Retry-After and a localized page when WordPress is unreachable and nothing is cached; a WordPress 404 stays 404", async () => {
    const [enProduct, itProduct] = [publishedProducts(wp, "en").at(-1)!, publishedProducts(wp, "it").at(-1)!];
    const missing = await probe(`${site.url}/products/999999`);
    expect(missing.status).toBe(404);

    await wp.stop();
    try {
      for (const [path, text] of [
        [`/products/${enProduct.id}`, "Temporarily unavailable"],
        [`/it/prodotti/${itProduct.id}`, "Temporaneamente non disponibile"],
      ] as const) {
        const res = await probe(site.url + path, { timeoutMs: 10_000 });
        expect(res.status, path).toBe(503);
        expect(res.headers.get("retry-after"), path).toMatch(/^\d+$/);
        expect(res.headers.get("cache-control"), path).toBe("no-store");
        expect(res.body, path).toContain(text);
        const id = res.headers.get("x-request-id")!;
        const line = await waitForLog(site, (l) => l.includes(id) && l.includes("answering 503"));
        expect(JSON.parse(line!), "a warn line with the request id and the route id").toMatchObject({
          level: 40,
          path,
          routeId: path.startsWith("/it") ? "products-product-it" : "products-product-en",
        });
      }
      // A client-side navigation's data request answers 503 too.
      expect((await probe(`${site.url}/products/${enProduct.id}.data`)).status).toBe(503);
    } finally {
      await wp.start();
    }
    // Counted apart from the site's own failures.
    const metrics = await readMetrics(site.metricsUrl);
    expect(metricValue(metrics, "http_request_duration_seconds_count", { status: "503" })).toBeGreaterThanOrEqual(2);
    expect(metricValue(metrics, "http_request_duration_seconds_count", { status: "500" })).toBe(0);
    // Nothing was cached: the page renders as soon as WordPress is back.
    expect((await probe(`${site.url}/products/${enProduct.id}`)).status).toBe(200);
  });

  it("says 'unauthorized' in readiness and counts it while WordPress refuses the credentials; cached pages stay up", async () => {
    expect((await probe(`${site.url}/collections`)).status).toBe(200);
    expect((await readiness(site)).wordpress).toBe("up");
    wp.setFault(/\/wp-json\//, {
      kind: "status",
      status: 401,
      code: "incorrect_password",
      message: "The provided password is an invalid application password.",
    });
    try {
      const unseen = publishedProducts(wp, "en").at(-2)!;
      const res = await probe(`${site.url}/products/${unseen.id}`);
      expect(res.status).toBe(503);
      expect((await readiness(site)).wordpress).toBe("unauthorized");
      expect(metricValue(await readMetrics(site.metricsUrl), "wp_origin_auth_failures_total")).toBeGreaterThan(0);
      expect(
        await waitForLog(site, (l) => l.includes("refuses the site's credentials") && l.includes('"level":50')),
      ).toBeDefined();
      expect((await probe(`${site.url}/collections`)).status, "a page seen before").toBe(200);
    } finally {
      wp.setFault(undefined);
    }
    // The next answer WordPress gives clears it.
    expect((await probe(`${site.url}/products/${publishedProducts(wp, "en").at(-3)!.id}`)).status).toBe(200);
    expect((await readiness(site)).wordpress).toBe("up");
  });

  it("renders the home page from the newest products while WordPress has no static front page, and readiness warns", async () => {
    await purge(site, ["front-page"]);
    wp.setFault(/\/wp-json\/wuxt\/v1\/front-page/, { kind: "answer", status: 200, body: POSTS_LIST });
    try {
      const res = await probe(`${site.url}/`);
      expect(res.status).toBe(200);
      const newest = publishedProducts(wp, "en").sort((a, b) => b.date.localeCompare(a.date))[0]!;
      expect(res.body).toContain(`/products/${newest.id}"`);
      expect((await readiness(site)).warnings.join(" ")).toMatch(/no static front page/);
      expect(
        metricValue(await readMetrics(site.metricsUrl), "wp_content_fallbacks_total", { kind: "front-page" }),
      ).toBeGreaterThan(0);
    } finally {
      wp.setFault(undefined);
    }
    await purge(site, ["front-page"]);
    expect((await probe(`${site.url}/`)).status).toBe(200);
    expect((await readiness(site)).warnings.join(" ")).not.toMatch(/front page/);
  });

  it("shows an empty menu (stock wuxt: 200 with no body) as no items, without an error", async () => {
    await purge(site, ["menu"]);
    const from = site.logs.length;
    wp.setFault(/\/wp-json\/wuxt\/v1\/menu\?location=footer/, { kind: "answer", status: 200, body: "" });
    try {
      const res = await probe(`${site.url}/wishlist`);
      expect(res.status).toBe(200);
      // An empty menu is no items: neither WordPress's links nor the built-in ones.
      expect(footerLinks(res.body)).toEqual([]);
      await waitForLog(site, (l) => l.includes(res.headers.get("x-request-id")!));
      expect(
        site.logs.slice(from).filter((l) => /wuxt\/v1\/menu|not JSON/.test(l) && /"level":(40|50)/.test(l)),
      ).toEqual([]);
    } finally {
      wp.setFault(undefined);
    }
  });

  it("answers 503 for a WordPress answer it cannot read, logged through pino at error level with the request id and the route id in its language", async () => {
    const product = publishedProducts(wp, "it").at(-4)!;
    wp.setFault(new RegExp(`/wp-json/wp/v2/products/${product.id}`), { kind: "wrong-shape" });
    try {
      const res = await probe(`${site.url}/it/prodotti/${product.id}`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      const id = res.headers.get("x-request-id")!;
      const line = await waitForLog(site, (l) => l.includes(id) && l.includes("could not be read"));
      expect(line, "a pino line naming the unreadable answer").toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({
        level: 50,
        reqId: id,
        routeId: "products-product-it",
        path: `/it/prodotti/${product.id}`,
        code: "invalid_shape",
      });
      const request = await waitForLog(site, (l) => l.includes(id) && l.includes('"msg":"request"'));
      expect(JSON.parse(request!)).toMatchObject({ routeId: "products-product-it", status: 503 });
    } finally {
      wp.setFault(undefined);
    }
  });

  it("renders a menu's child items as nested lists: behind a disclosure button in the header, shown in the footer", async () => {
    await purge(site, ["menu"]);
    const html = (await probe(`${site.url}/it/wishlist`)).body;
    const header = /<nav id="main-menu"[\s\S]*?<\/nav>/.exec(html)![0];
    // "Chi siamo" holds Manifattura, Prove and Finanziamenti (the demo's header menu).
    const parent = /<li class="menu-tree__parent"[^>]*>([\s\S]*?)<\/ul><\/li>/.exec(header)![1]!;
    expect(parent).toMatch(/<a [^>]*href="\/it\/about"[^>]*>Chi siamo<\/a>/);
    const button = /<button [^>]*class="menu-tree__toggle"[^>]*>/.exec(parent)![0];
    expect(button).toContain('aria-expanded="false"');
    const controls = /aria-controls="([^"]+)"/.exec(button)![1]!;
    const children = new RegExp(
      `<ul id="${controls.replace(/[^\w-]/g, "\\$&")}" class="menu-tree__children">([\\s\\S]*)`,
    ).exec(parent)![1]!;
    expect([...children.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1])).toEqual([
      "Manifattura",
      "Prove",
      "Finanziamenti",
    ]);
  });

  it("shows a footer menu's child items as a nested list under their parent", async () => {
    await purge(site, ["menu"]);
    const item = (id: number, title: string, url: string, children: unknown[] = []) => ({
      ID: id,
      title,
      url,
      menu_order: id,
      object: "custom",
      object_id: id,
      type: "custom",
      target: "",
      children,
    });
    const menu = [
      item(901, "Company", "/about", [item(902, "Manufacture", "/manufacture"), item(903, "Funding", "/funding")]),
      item(904, "Contact", "/contact"),
    ];
    wp.setFault(/\/wp-json\/wuxt\/v1\/menu\?location=footer/, {
      kind: "answer",
      status: 200,
      body: JSON.stringify(menu),
    });
    try {
      const html = (await probe(`${site.url}/wishlist`)).body;
      const footer = /<nav aria-label="[^"]*" class="site-footer__menu">([\s\S]*?)<\/nav>/.exec(html)![1]!;
      // Always shown in the footer: the parent's link, then its children's list inside the same item.
      const children =
        /<a [^>]*href="\/about"[^>]*>Company<\/a>\s*<ul class="menu-tree__children">([\s\S]*?)<\/ul>/.exec(footer)![1]!;
      expect([...children.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1])).toEqual(["Manufacture", "Funding"]);
      expect(footerLinks(html)).toEqual(["Company", "Manufacture", "Funding", "Contact"]);
    } finally {
      wp.setFault(undefined);
      await purge(site, ["menu"]);
    }
  });

  it("keeps the last menu read when WordPress fails on it after a purge, with a warn line and a metric", async () => {
    await purge(site, ["menu"]);
    const before = footerLinks((await probe(`${site.url}/newsletter`)).body);
    expect(before).toContain("Instagram");
    wp.setFault(/\/wp-json\/wuxt\/v1\/menu\?location=footer/, { kind: "answer", status: 500, body: PHP_FATAL });
    try {
      await purge(site, ["menu"]);
      const res = await probe(`${site.url}/newsletter`);
      expect(res.status).toBe(200);
      expect(footerLinks(res.body)).toEqual(before);
      const line = await waitForLog(site, (l) => l.includes("footer menu") && l.includes("last one read"));
      expect(JSON.parse(line!).level).toBe(40);
      expect(
        metricValue(await readMetrics(site.metricsUrl), "wp_content_fallbacks_total", { kind: "menu" }),
      ).toBeGreaterThan(0);
      // The header, read fine meanwhile, does not clear the footer's warning.
      expect((await probe(`${site.url}/contact`)).status).toBe(200);
      expect((await readiness(site)).warnings.join(" ")).toMatch(/footer menu \(en\)/);
    } finally {
      wp.setFault(undefined);
    }
  });
});
