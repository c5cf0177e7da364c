// URLs as a visitor meets them, in Debian's Chromium:
//   - every page has one <meta name="description">: its own, else the site's;
//   - the root's language redirect keeps the query, and the language switch carries a list's
//     filters (category and colour slugs translated), sort, search and page;
//   - path words and the language prefix in any letter case answer 301 to the lowercase URL with
//     ids, slugs and query kept (also on a client-side navigation), never to another host;
//   - an id or slug of the other language answers 301 to its translation, 404 when there is none.
// The site reads a fake WordPress serving the demo catalogue, so the test knows the real ids and
// slugs of both languages and can take a translation away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Response } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { launchBrowser, watchPage, stopAll } from "../support/browser";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import type { PostRecord, TermRecord } from "../../demo";
import en from "../../locales/en/common.json";
import it_ from "../../locales/it/common.json";

const ready = hasChromium() && hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;
let browser: Browser;
const errors: string[] = [];

/** A published item of the demo catalogue and its Italian twin. */
function pair<T extends PostRecord | TermRecord>(
  type: "products" | "product_categories" | "product_colors" | "collections",
  pick: (item: T) => boolean = () => true,
): { en: T; it: T } {
  const items = wp.catalogue.list(type, { lang: "en" }) as T[];
  const first = items.find(
    (item) => (!("status" in item) || item.status === "publish") && item.translations.it !== undefined && pick(item),
  )!;
  return { en: first, it: wp.catalogue.get(type, first.translations.it!) as T };
}

async function newPage(options: Parameters<Browser["newPage"]>[0] = {}): Promise<Page> {
  const page = await browser.newPage({ extraHTTPHeaders: { "Accept-Language": "en" }, ...options });
  const watch = watchPage(page);
  page.on("close", () => errors.push(...watch.errors));
  return page;
}

/** The statuses of the redirects a navigation went through, first first. */
async function redirectStatuses(res: Response | null): Promise<number[]> {
  const statuses: number[] = [];
  let request = res?.request().redirectedFrom() ?? null;
  while (request) {
    statuses.unshift((await request.response())?.status() ?? 0);
    request = request.redirectedFrom();
  }
  return statuses;
}

const descriptions = (page: Page) =>
  page.$$eval('meta[name="description"]', (metas) => metas.map((m) => m.getAttribute("content")));

describe.runIf(ready)("URLs in a real browser", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url, SITE_URL: "https://www.fc.example" });
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site, wp));

  it("gives every page one description: its own, else the site's", async () => {
    const page = await newPage();
    const product = pair<PostRecord>("products");
    const category = pair<TermRecord>("product_categories");
    const cases: [string, number, string | undefined][] = [
      ["/", 200, en.description],
      ["/products", 200, undefined],
      [`/products/${product.en.id}`, 200, undefined],
      [`/it/prodotti/${product.it.id}`, 200, undefined],
      [`/categories/${category.en.slug}`, 200, undefined],
      ["/wishlist", 200, undefined],
      ["/about", 200, undefined],
      ["/it", 200, it_.description],
      ["/this-page-does-not-exist", 404, en.description],
      ["/it/questa-pagina-non-esiste", 404, it_.description],
    ];
    for (const [path, status, expected] of cases) {
      const res = await page.goto(site.url + path, { waitUntil: "networkidle" });
      expect(res?.status(), path).toBe(status);
      const found = await descriptions(page);
      expect(found, path).toHaveLength(1);
      expect(found[0], path).toBeTruthy();
      if (expected) expect(found[0], path).toBe(expected);
    }
    // A product's own description, not the site's, and still one after a client-side navigation.
    await page.goto(`${site.url}/products/${product.en.id}`, { waitUntil: "networkidle" });
    const own = (await descriptions(page))[0];
    expect(own).not.toBe(en.description);
    await page.goto(`${site.url}/`, { waitUntil: "networkidle" });
    await page.click("header a[href='/collections']");
    await page.waitForURL(`${site.url}/collections`);
    await page.waitForFunction(() => document.title.startsWith("Collections"));
    expect(await descriptions(page)).toHaveLength(1);
    await page.close();
  });

  it("keeps the query on the root's language redirect", async () => {
    const page = await newPage({ extraHTTPHeaders: { "Accept-Language": "it-IT,it;q=0.9" } });
    const res = await page.goto(`${site.url}/?utm_source=newsletter&utm_campaign=autunno`, {
      waitUntil: "networkidle",
    });
    expect(await redirectStatuses(res)).toEqual([302]);
    expect(page.url()).toBe(`${site.url}/it?utm_source=newsletter&utm_campaign=autunno`);
    expect(await page.getAttribute("html", "lang")).toBe("it");
    await page.close();
  });

  it("carries a list's filters, sort, search and page into the other language", async () => {
    const page = await newPage();
    const category = pair<TermRecord>("product_categories", (c) => wp.catalogue.termCount(c) > 0);
    const colour = pair<TermRecord>("product_colors");
    await page.goto(`${site.url}/products?category=${category.en.slug}&colour=${colour.en.slug}&sort=name&q=a`, {
      waitUntil: "networkidle",
    });
    await page.click(".language-switcher a[hreflang=it]");
    await page.waitForURL(/\/it\/prodotti\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/it/prodotti");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      category: category.it.slug,
      colour: colour.it.slug,
      sort: "name",
      q: "a",
    });
    await page.waitForFunction(() => document.documentElement.lang === "it");
    expect(await page.inputValue("#filter-category")).toBe(category.it.slug);
    expect(await page.isChecked(`input[name=colour][value="${colour.it.slug}"]`)).toBe(true);

    // Filters chosen on the page (a client-side navigation) go along too.
    await page.goto(`${site.url}/products`, { waitUntil: "networkidle" });
    await page.selectOption("#filter-category", category.en.slug);
    await page.waitForURL(`${site.url}/products?category=${category.en.slug}`);
    await page.waitForSelector(`.language-switcher a[hreflang=it][href="/it/prodotti?category=${category.it.slug}"]`);
    await page.click(".language-switcher a[hreflang=it]");
    await page.waitForURL(`${site.url}/it/prodotti?category=${category.it.slug}`);

    // A paged list: the same page number on the other side.
    const total = (wp.catalogue.list("products", { lang: "it", status: "publish" }) as PostRecord[]).length;
    expect(total, "the demo catalogue has a second page").toBeGreaterThan(24);
    await page.goto(`${site.url}/it/prodotti?sort=name&page=2`, { waitUntil: "networkidle" });
    await page.click(".language-switcher a[hreflang=en]");
    await page.waitForURL(`${site.url}/products?sort=name&page=2`);
    await page.waitForFunction(() => document.documentElement.lang === "en");
    expect(await page.textContent(".pagination [aria-current=page]")).toBe("2");

    // A product open over a filtered list: the product's translation, over the translated list.
    const product = pair<PostRecord>("products", (p) => p.terms.product_categories?.includes(category.en.id) ?? false);
    await page.goto(`${site.url}/products/${product.en.id}?category=${category.en.slug}`, { waitUntil: "networkidle" });
    await page.waitForSelector("dialog.product-dialog[open]");
    await page.click("dialog .language-switcher a[hreflang=it]");
    await page.waitForURL(`${site.url}/it/prodotti/${product.it.id}?category=${category.it.slug}`);
    await page.close();
  });

  it("answers path words and the prefix in any letter case with a 301 to the lowercase URL, keys and query kept", async () => {
    const page = await newPage();
    const category = pair<TermRecord>("product_categories", (c) => wp.catalogue.termCount(c) > 0);
    const product = pair<PostRecord>("products", (p) => p.terms.product_categories?.includes(category.en.id) ?? false);
    const cases: [string, string][] = [
      ["/IT/Prodotti?utm_source=x&sort=name", "/it/prodotti?utm_source=x&sort=name"],
      ["/Products", "/products"],
      [
        `/It/CATEGORIE/${category.it.slug}/Prodotti/${product.it.id}`,
        `/it/categorie/${category.it.slug}/prodotti/${product.it.id}`,
      ],
      ["/%70roducts?page=2", "/products?page=2"],
    ];
    for (const [from, to] of cases) {
      const res = await page.goto(site.url + from, { waitUntil: "networkidle" });
      expect(await redirectStatuses(res), from).toEqual([301]);
      expect(res?.status(), from).toBe(200);
      expect(page.url(), from).toBe(site.url + to);
      expect(await page.getAttribute("html", "lang"), from).toBe(to.startsWith("/it") ? "it" : "en");
      const canonical = await page.getAttribute('link[rel="canonical"]', "href");
      expect(canonical, from).toBe(canonical?.toLowerCase().replace(/%[0-9a-f]{2}/g, (m) => m.toUpperCase()));
    }
    // The same on a client-side navigation (React Router's data request is redirected too).
    await page.goto(`${site.url}/it`, { waitUntil: "networkidle" });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate("/IT/Collezioni?sort=x"),
    );
    await page.waitForURL(`${site.url}/it/collezioni?sort=x`);
    await page.waitForFunction(() => document.documentElement.lang === "it");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await page.close();
  });

  it("never redirects to another host, whatever the path hides", async () => {
    const hostile = [
      "//evil.example/products",
      "/%2F%2Fevil.example",
      "/PRODUCTS/%2F%2Fevil.example",
      "/Products/..%2F..%2F%2Fevil.example",
      "/IT/%5Cevil.example",
      "/\\evil.example/Products",
      "/IT//evil.example",
      "/Products/12?next=//evil.example",
      "/IT/Prodotti",
    ];
    // Headers a proxy might pass on never shape the target either.
    const headers = {
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
      Forwarded: "host=evil.example",
    };
    for (const path of hostile) {
      const res = await fetch(site.url + path, { redirect: "manual", headers });
      expect(res.status, path).toBeLessThan(500);
      const location = res.headers.get("location");
      if (location !== null) {
        expect(location, path).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, site.url).host, path).toBe(new URL(site.url).host);
      }
    }
  });

  it("sends an id or slug of the other language to its translation, and 404s when there is none", async () => {
    const page = await newPage();
    const product = pair<PostRecord>("products");
    const category = pair<TermRecord>("product_categories");
    const collection = pair<PostRecord>("collections");
    const cases: [string, string][] = [
      [`/it/prodotti/${product.en.id}?sort=name`, `/it/prodotti/${product.it.id}?sort=name`],
      [`/products/${product.it.id}`, `/products/${product.en.id}`],
      [`/it/categorie/${category.en.slug}`, `/it/categorie/${category.it.slug}`],
      [`/categories/${category.it.slug}`, `/categories/${category.en.slug}`],
      [`/it/collezioni/${collection.en.slug}`, `/it/collezioni/${collection.it.slug}`],
      [`/it/progetti/prodotti/${product.en.id}`, `/it/progetti/prodotti/${product.it.id}`],
    ];
    for (const [from, to] of cases) {
      const res = await page.goto(site.url + from, { waitUntil: "networkidle" });
      expect(await redirectStatuses(res), from).toEqual([301]);
      expect(res?.status(), from).toBe(200);
      expect(page.url(), from).toBe(site.url + to);
    }
    expect(await page.textContent("#product-title")).toBe(product.it.title);

    // Without a translation in WordPress: 404, not a redirect.
    const lonely = pair<PostRecord>("products", (p) => p.id !== product.en.id);
    lonely.en.translations = { en: lonely.en.id };
    lonely.it.translations = { it: lonely.it.id };
    const res = await page.goto(`${site.url}/it/prodotti/${lonely.en.id}`, { waitUntil: "networkidle" });
    expect(await redirectStatuses(res)).toEqual([]);
    expect(res?.status()).toBe(404);
    expect(await page.textContent("main")).toContain("Questa pagina non è stata trovata");
    await page.close();
  });

  it("logs no console error on any page it opened", () => {
    expect(errors).toEqual([]);
  });
});
