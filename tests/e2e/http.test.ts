// What an operator and a crawler see over plain HTTP from the built site in demo mode: the
// language decision at /, status codes, redirects, health, metrics and cache headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";

const ready = hasBuild();
let site: RunningSite;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(site.url + path, { headers, redirect: "manual" });

describe.runIf(ready)("the site over HTTP", () => {
  beforeAll(async () => {
    site = await startSite({ SITE_URL: "https://www.fc.example" });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("redirects / to /it for an Italian browser without a cookie, and not other pages", async () => {
    const root = await get("/", { "Accept-Language": "it-IT,it;q=0.9" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/it");
    expect(root.headers.get("cache-control")).toMatch(/private/);
    const products = await get("/products", { "Accept-Language": "it" });
    expect(products.status).toBe(200);
  });

  it("follows the i18n_redirected cookie at /", async () => {
    const it_ = await get("/", { Cookie: "i18n_redirected=it", "Accept-Language": "en" });
    expect(it_.status).toBe(302);
    expect(it_.headers.get("location")).toBe("/it");
    const en = await get("/", { Cookie: "i18n_redirected=en", "Accept-Language": "it" });
    expect(en.status).toBe(200);
    expect(await en.text()).toContain('<html lang="en"');
  });

  it("answers an unknown path with 404 and 'This page could not be found', in both languages", async () => {
    for (const path of [
      "/no-such-page",
      "/it/pagina-inesistente",
      "/products/999999999",
      "/categories/no-such-category",
      "/it/collezioni/nessuna",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("This page could not be found");
    }
  });

  it("redirects a trailing slash with 301 when a page is there, and never off the site", async () => {
    const res = await get("/products/?sort=name");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/products?sort=name");
    // No page at /evil.example: a 404 at once, not a redirect to one (and never off the site).
    const sneaky = await get("//evil.example/");
    expect(sneaky.status).toBe(404);
    expect(sneaky.headers.get("location")).toBeNull();
  });

  it("serves both languages with lang, title pattern and canonical from SITE_URL", async () => {
    const res = await get("/it/collezioni", { Host: "evil.example", "X-Forwarded-Host": "evil.example" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toMatch(/<title>Collezioni – FC<\/title>/);
    expect(html).toContain('rel="canonical" href="https://www.fc.example/it/collezioni"');
    expect(html).toContain('hrefLang="en" href="https://www.fc.example/collections"');
    expect(html).not.toContain("evil.example");
    expect(html).toMatch(/<body[^>]*data-theme="original"[^>]*data-header="shown"[^>]*data-footer="shown"/);
  });

  it("gives pages browser and CDN cache headers, errors no-store", async () => {
    const page = await get("/products");
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(page.headers.get("cdn-cache-control")).toMatch(
      /^max-age=\d+, stale-while-revalidate=86400, stale-if-error=86400$/,
    );
    expect(page.headers.get("surrogate-control")).toBe(page.headers.get("cdn-cache-control"));
    expect(page.headers.get("x-request-id")).toBeTruthy();
    const asset = (await page.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetRes = await get(asset!);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
  });

  it("reports health, readiness and metrics", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    // The public port says only its status; the internal port names the parts.
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(await (await fetch(`${site.internalUrl}/readyz`)).json()).toMatchObject({
      status: "ready",
      redis: "disabled",
    });
    const metrics = await (await fetch(site.metricsUrl)).text();
    for (const name of [
      "http_request_duration_seconds",
      "wp_cache_lookups_total",
      "wp_origin_requests_total",
      "wp_origin_request_duration_seconds",
      "wp_cache_purges_total",
      "wp_cache_redis_up",
      "process_cpu_user_seconds_total",
    ]) {
      expect(metrics).toContain(name);
    }
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/products",status="200"\} \d+/);
    expect(metrics).not.toMatch(/route="\/no-such-page"/);
  });

  it("publishes sitemaps in both languages with reciprocal alternates, and robots naming them", async () => {
    const index = await (await get("/sitemap.xml", { Host: "evil.example" })).text();
    expect(index).toContain("<loc>https://www.fc.example/sitemap-en.xml</loc>");
    expect(index).toContain("<loc>https://www.fc.example/sitemap-it.xml</loc>");
    const en = await (await get("/sitemap-en.xml")).text();
    const it_ = await (await get("/sitemap-it.xml")).text();
    const productEn = en.match(
      /<loc>(https:\/\/www\.fc\.example\/products\/\d+)<\/loc>[\s\S]*?hreflang="it" href="([^"]+)"/,
    );
    expect(productEn).toBeTruthy();
    // The Italian sitemap lists that Italian page, pointing back at the English one.
    const italian = productEn![2]!;
    const block = it_.split("<url>").find((b) => b.includes(`<loc>${italian}</loc>`));
    expect(block).toContain(`hreflang="en" href="${productEn![1]}"`);
    for (const section of ["/categories/", "/collections/", "/exclusives/", "/about", "/manufacture", "/projects"])
      expect(en).toContain(`https://www.fc.example${section}`);
    for (const section of ["/it/categorie/", "/it/collezioni/", "/it/esclusivi/", "/it/manifattura", "/it/progetti"])
      expect(it_).toContain(`https://www.fc.example${section}`);
    expect(en).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect(en).not.toContain("evil.example");
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: https://www.fc.example/sitemap.xml");
  });

  it("describes pages with structured data and Open Graph from SITE_URL, whatever the Host", async () => {
    const spoof = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };
    const home = await (await get("/", { ...spoof, "Accept-Language": "en" })).text();
    const blocks = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(blocks.map((b) => b["@type"])).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
    const list = await (await get("/products", spoof)).text();
    const product = list.match(/href="(\/products\/\d+)"/)![1]!;
    const page = await (await get(product, spoof)).text();
    const ld = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(ld.map((b) => b["@type"])).toEqual(expect.arrayContaining(["Product", "BreadcrumbList"]));
    expect(page).toContain(`rel="canonical" href="https://www.fc.example${product}"`);
    expect(page).toMatch(/property="og:image" content="https:\/\/www\.fc\.example\/media\//);
    expect(page).toMatch(/hrefLang="it" href="https:\/\/www\.fc\.example\/it\/prodotti\/\d+"/);
    expect(page).not.toContain("evil.example");
  });

  it("answers bad input with a 4xx, never a 5xx", async () => {
    for (const path of [
      "/products/%E0%A4%A",
      "/products?page=abc",
      "/products/12abc",
      "/%00",
      "/media/../../etc/passwd",
      "/categories/%ZZ",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(await res.text(), path).not.toMatch(/at .*\.js:\d+/);
    }
  });

  it("stops gracefully on SIGTERM: readiness goes first", async () => {
    const other = await startSite();
    const code = await other.stop("SIGTERM");
    expect(code).toBe(0);
    expect(other.logs.some((l) => l.includes("shutting down"))).toBe(true);
  });
});
