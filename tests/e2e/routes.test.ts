// Every route of the route table in both languages, opened in Debian's Chromium as a visitor would:
// status, language, title, no script errors; the language switch on a detail route; a
// client-side navigation; the 404. Screenshots go to test-results/screenshots for review.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { axeViolations, launchBrowser, screenshot, watchPage, stopAll } from "../support/browser";

const ready = hasChromium() && hasBuild();
let site: RunningSite;
let browser: Browser;
/** Every page the suite opens is checked by axe-core; any violation fails the suite. */
const violations: string[] = [];

const STATIC = {
  en: [
    "/",
    "/about",
    "/categories",
    "/collections",
    "/contact",
    "/exclusives",
    "/funding",
    "/manufacture",
    "/newsletter",
    "/products",
    "/projects",
    "/prove",
    "/wishlist",
  ],
  it: [
    "/it",
    "/it/about",
    "/it/categorie",
    "/it/collezioni",
    "/it/contatti",
    "/it/esclusivi",
    "/it/finanziamenti",
    "/it/manifattura",
    "/it/newsletter",
    "/it/prodotti",
    "/it/progetti",
    "/it/prove",
    "/it/wishlist",
  ],
};

async function firstHref(page: Page, prefix: string): Promise<string> {
  const href = await page.$$eval(
    "main a[href]",
    (links, p) => links.map((a) => a.getAttribute("href")!).find((h) => h.startsWith(p) && h !== p),
    prefix,
  );
  if (!href) throw new Error(`no link starting with ${prefix} on ${page.url()}`);
  return href.split("?")[0]!;
}

async function open(page: Page, path: string, expected = 200) {
  const res = await page.goto(site.url + path, { waitUntil: "networkidle" });
  expect(res?.status(), path).toBe(expected);
  violations.push(...(await axeViolations(page)));
  return res;
}

describe.runIf(ready)("every route in a real browser", () => {
  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site));

  for (const lang of ["en", "it"] as const) {
    it(`opens every static page in ${lang}`, async () => {
      const page = await browser.newPage({ extraHTTPHeaders: { "Accept-Language": "en" } });
      const watch = watchPage(page);
      for (const path of STATIC[lang]) {
        await open(page, path);
        expect(await page.getAttribute("html", "lang"), path).toBe(lang);
        expect(await page.title(), path).toMatch(/ – FC$|^FC$/);
        expect(await page.locator("h1").count(), path).toBeGreaterThanOrEqual(1);
      }
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it(`opens the detail routes in ${lang}`, async () => {
      const page = await browser.newPage();
      const watch = watchPage(page);
      const w =
        lang === "en"
          ? {
              products: "products",
              categories: "categories",
              collections: "collections",
              exclusives: "exclusives",
              projects: "projects",
              p: "",
            }
          : {
              products: "prodotti",
              categories: "categorie",
              collections: "collezioni",
              exclusives: "esclusivi",
              projects: "progetti",
              p: "/it",
            };
      await open(page, `${w.p}/${w.products}`);
      const product = await firstHref(page, `${w.p}/${w.products}/`);
      await open(page, product);
      await page.waitForSelector("dialog.product-dialog[open]");
      for (const section of ["categories", "collections", "exclusives"] as const) {
        await open(page, `${w.p}/${w[section]}`);
        const detail = await firstHref(page, `${w.p}/${w[section]}/`);
        await open(page, detail);
        const nested = await firstHref(page, `${detail}/${w.products}/`);
        await open(page, nested);
        await page.waitForSelector("dialog.product-dialog[open]");
        await open(page, `${detail}/${w.products}`);
      }
      await open(page, `${w.p}/${w.projects}`);
      const projectProduct = await firstHref(page, `${w.p}/${w.projects}/${w.products}/`);
      await open(page, projectProduct);
      await page.waitForSelector("dialog.product-dialog[open]");
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  }

  it("switches language on a detail route to the same item", async () => {
    const page = await browser.newPage();
    await open(page, "/it/collezioni");
    await page.click(".language-switcher a[hreflang=en]");
    await page.waitForURL(`${site.url}/collections`);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "i18n_redirected")?.value).toBe("en");
    await page.waitForFunction(() => document.documentElement.lang === "en");

    const product = await (async () => {
      await open(page, "/products");
      return firstHref(page, "/products/");
    })();
    await open(page, product);
    const englishTitle = await page.textContent("#product-title");
    await page.click("dialog .language-switcher a[hreflang=it]");
    await page.waitForURL(/\/it\/prodotti\/\d+$/);
    await page.waitForFunction(() => document.documentElement.lang === "it");
    await page.waitForSelector("dialog.product-dialog[open] #product-title");
    const italianTitle = await page.textContent("#product-title");
    expect(italianTitle).toBeTruthy();
    expect(italianTitle).not.toBe(englishTitle);
    expect(page.url()).not.toBe(site.url + product.replace("/products/", "/it/prodotti/"));
    expect((await page.context().cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("it");
    await page.close();
  });

  it("navigates on the client without reloading the document", async () => {
    const page = await browser.newPage();
    await open(page, "/");
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.click("header nav#main-menu a[href='/collections']");
    await page.waitForURL(`${site.url}/collections`);
    await page.waitForSelector("main h1");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(await page.title()).toBe("Collections – FC");
    await page.close();
  });

  it("meets no accessibility violation on any page it opened (axe-core)", () => {
    expect([...new Set(violations)]).toEqual([]);
  });

  it("meets the 404 in both languages, and saves screenshots for review", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    for (const [lang, base] of [
      ["en", ""],
      ["it", "/it"],
    ] as const) {
      await open(page, `${base}/this-page-does-not-exist`, 404);
      expect(await page.textContent("main")).toContain(
        lang === "en" ? "This page could not be found" : "Questa pagina non è stata trovata",
      );
      await screenshot(page, `404-${lang}`);
      await open(page, base || "/");
      await screenshot(page, `home-${lang}`);
      await open(page, `${base}/${lang === "en" ? "products" : "prodotti"}`);
      await screenshot(page, `products-${lang}`);
    }
    await page.close();
  });
});
