// A visitor's path through the catalogue in Chromium, in both languages: list → filter → product
// dialog → close (scroll and focus kept) → wishlist → share link → the list restored on another
// device. Also: a WordPress failure shows the friendly error page and is logged with WordPress's
// code. Screenshots of every screen type are saved for review.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import { axeViolations, launchBrowser, screenshot, watchPage, stopAll } from "../support/browser";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";

const ready = hasChromium() && hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;
let browser: Browser;

async function go(page: Page, path: string) {
  const res = await page.goto(site.url + path, { waitUntil: "networkidle" });
  expect(res?.status(), path).toBe(200);
  expect(await axeViolations(page)).toEqual([]);
}

describe.runIf(ready)("browsing the catalogue", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url });
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site, wp));

  for (const lang of ["en", "it"] as const) {
    const w =
      lang === "en"
        ? { base: "", products: "products", wishlist: "wishlist" }
        : { base: "/it", products: "prodotti", wishlist: "wishlist" };

    it(`filters, opens a product, closes it where it was, and shares a wishlist (${lang})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const watch = watchPage(page);
      await go(page, `${w.base}/${w.products}`);
      const total = await page.locator(".product-grid > li").count();

      // Filter by the first category: the URL says so, the grid narrows.
      const category = await page.locator("#filter-category option").nth(1).getAttribute("value");
      await page.selectOption("#filter-category", category);
      await page.waitForURL(new RegExp(`\\?category=${category}$`));
      await page.waitForFunction((n) => document.querySelectorAll(".product-grid > li").length < n, total);
      const filtered = await page.locator(".product-grid > li").count();
      expect(filtered).toBeGreaterThan(0);
      await page.selectOption("#filter-category", "");
      await page.waitForFunction(() => !location.search.includes("category="));

      // Scroll down, open a product further down the list.
      const card = page.locator(".product-grid > li").nth(9).locator("a.product-card__link");
      await card.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 120));
      const scrollBefore = await page.evaluate(() => window.scrollY);
      expect(scrollBefore).toBeGreaterThan(300);
      await card.focus();
      await page.keyboard.press("Enter");
      await page.waitForSelector("dialog.product-dialog[open]");
      expect(page.url()).toMatch(new RegExp(`/${w.products}/\\d+$`));
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      const name = (await page.textContent("#product-title"))!.trim();
      await screenshot(page, `product-dialog-${lang}`);
      expect(await axeViolations(page)).toEqual([]);

      // Save it from the dialog; the header counts it.
      await page.click("dialog .wishlist-toggle--button");
      await page.keyboard.press("Escape");
      await page.waitForSelector("dialog.product-dialog", { state: "detached" });
      expect(page.url()).toBe(`${site.url}${w.base}/${w.products}`);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(40);
      expect(await page.evaluate(() => document.activeElement?.classList.contains("product-card__link"))).toBe(true);

      // Save a second one with the heart on its card.
      const second = page.locator(".product-grid > li").nth(2);
      await second.hover();
      await second.locator(".wishlist-toggle--icon").click();
      await page.waitForFunction(() => document.querySelector(".wishlist-link__count")?.textContent === "2");

      await go(page, `${w.base}/${w.wishlist}`);
      await page.waitForSelector(".wishlist .product-grid > li");
      expect(await page.locator(".wishlist .product-grid > li").count()).toBe(2);
      expect(await page.textContent(".wishlist")).toContain(name);
      await screenshot(page, `wishlist-${lang}`);
      const share = await page.inputValue("#share-link");
      expect(share).toMatch(/\?items=\d+,\d+$/);

      // Another device: the share link restores the list.
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await otherPage.goto(share.replace(/^https?:\/\/[^/]+/, site.url), { waitUntil: "networkidle" });
      await otherPage.waitForSelector(".wishlist .product-grid > li");
      expect(await otherPage.locator(".wishlist .product-grid > li").count()).toBe(2);
      await otherPage.waitForFunction(() => !location.search.includes("items="));
      expect(await otherPage.textContent(".wishlist-link__count")).toBe("2");
      await other.close();

      expect(watch.errors).toEqual([]);
      await context.close();
    });
  }

  it("shows the same wishlist in the other language", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await go(page, "/products");
    const link = page.locator(".product-grid > li").first();
    const enName = (await link.locator(".product-card__name").textContent())!.trim();
    await link.hover();
    await link.locator(".wishlist-toggle--icon").click();
    await go(page, "/it/wishlist");
    await page.waitForSelector(".wishlist .product-grid > li");
    const itName = (await page.locator(".wishlist .product-card__name").first().textContent())!.trim();
    expect(itName).toBeTruthy();
    expect(itName).not.toBe(enName);
    await context.close();
  });

  it("shows the page the server sent at once, and animates only what the visitor opens", async () => {
    // An entrance fade on the first paint hides the product photo (the largest paint)
    // and scripts fetched at high priority compete with it on a slow connection.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const watch = watchPage(page);
    const list = await (await fetch(`${site.url}/products`)).text();
    const productPath = list.match(/href="(\/products\/\d+)"/)![1]!;
    await go(page, productPath);
    const first = await page.evaluate(() => ({
      dialog: getComputedStyle(document.querySelector("dialog.product-dialog")!).animationName,
      page: getComputedStyle(document.querySelector(".page-transition")!).animationName,
      eagerUnderDialog: document.querySelectorAll(".product-grid img[fetchpriority=high]").length,
      eagerInDialog: new Set(
        [...document.querySelectorAll("dialog img[fetchpriority=high]")].map((img) => img.getAttribute("src")),
      ).size,
    }));
    expect(first.dialog).toBe("none");
    expect(first.page).toBe("none");
    expect(first.eagerInDialog).toBe(1); // the product's photo, and nothing else in the dialog
    expect(first.eagerUnderDialog).toBe(0);
    // The document as sent: no script is fetched before the product's photo; the hydration script
    // comes inert with the modules it needs, and it ran (the page above is hydrated: the dialog
    // below animates), its modules preloaded then.
    const sent = await (await fetch(site.url + productPath)).text();
    expect(sent).not.toMatch(/<link rel="modulepreload"/);
    expect(sent).toMatch(/<script type="text\/fc-hydration" id="fc-hydration" data-preload="\[&quot;\/assets\//);
    expect(await page.locator("#fc-hydration").count()).toBe(0);
    expect(await page.locator("link[rel=modulepreload]").count()).toBeGreaterThan(5);
    // The product's photo is preloaded once, whatever the screen (the stage and the phone's swipe
    // strip ask for it with one `sizes`); on the home page only the hero is fetched early, not the
    // newest products far below it.
    const imagePreloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0].match(/imageSizes="([^"]*)"/)?.[1]);
    expect(new Set(imagePreloads(sent)).size).toBe(1);
    expect(imagePreloads(await (await fetch(site.url + "/")).text())).toEqual(["100vw"]);

    // Closed and opened again by a click: now it rises in; another page fades in.
    await page.click("dialog .product-dialog__close");
    await page.waitForSelector("dialog.product-dialog", { state: "detached" });
    expect(await page.locator(".product-grid img[fetchpriority=high]").count()).toBeGreaterThan(0);
    await page.locator(".product-grid a.product-card__link").first().click();
    await page.waitForSelector("dialog.product-dialog[open]");
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector("dialog.product-dialog")!).animationName),
    ).toBe("dialog-in");
    await page.keyboard.press("Escape");
    await page.waitForSelector("dialog.product-dialog", { state: "detached" });
    await page.goto(site.url + "/collections", { waitUntil: "networkidle" });
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".page-transition")!).animationName)).toBe(
      "none",
    );
    // A client navigation (the header's link; on a phone it sits in the closed menu).
    await page.evaluate(() => (document.querySelector("a[href='/products']") as HTMLElement).click());
    await page.waitForURL(/\/products$/);
    await page.waitForSelector(".page-transition .product-grid");
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".page-transition")!).animationName)).toBe(
      "page-in",
    );
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("saves a screenshot of every screen type for review", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    for (const [lang, base, words] of [
      [
        "en",
        "",
        {
          categories: "categories",
          collections: "collections",
          exclusives: "exclusives",
          projects: "projects",
          about: "about",
          manufacture: "manufacture",
          contact: "contact",
        },
      ],
      [
        "it",
        "/it",
        {
          categories: "categorie",
          collections: "collezioni",
          exclusives: "esclusivi",
          projects: "progetti",
          about: "about",
          manufacture: "manifattura",
          contact: "contatti",
        },
      ],
    ] as const) {
      await go(page, `${base}/${words.categories}`);
      await screenshot(page, `categories-${lang}`);
      const category = await page.locator("main .tile").first().getAttribute("href");
      await go(page, category!);
      await screenshot(page, `category-${lang}`);
      await go(page, `${base}/${words.collections}`);
      await screenshot(page, `collections-${lang}`);
      await go(page, (await page.locator("main .tile").first().getAttribute("href"))!);
      await screenshot(page, `collection-${lang}`);
      await go(page, `${base}/${words.exclusives}`);
      await go(page, (await page.locator("main .tile").first().getAttribute("href"))!);
      await screenshot(page, `exclusive-${lang}`);
      await go(page, `${base}/${words.projects}`);
      await screenshot(page, `projects-${lang}`);
      await go(page, `${base}/${words.about}`);
      await screenshot(page, `about-${lang}`);
      await go(page, `${base}/${words.manufacture}`);
      await screenshot(page, `manufacture-${lang}`);
    }
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(`${site.url}/it`, { waitUntil: "networkidle" });
    await screenshot(phone, "home-phone-it");
    await phone.click(".menu-toggle");
    await screenshot(phone, "menu-phone-it");
    await page.close();
    await phone.close();
  });

  it("shows the friendly 'temporarily unavailable' page when WordPress fails, and logs WordPress's code", async () => {
    wp.setFault(/\/wp-json\/wp\/v2\/exclusives/, { kind: "status", status: 500, code: "internal_server_error" });
    // A page whose content was never fetched: nothing stale to fall back on.
    const res = await fetch(`${site.url}/it/esclusivi/mai-vista`);
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Temporaneamente non disponibile");
    expect(html).not.toMatch(/at \S+\.js:\d+/);
    expect(await waitForLog(site, (l) => l.includes("internal_server_error"))).toBeDefined();
    wp.setFault(undefined);
  });
});
