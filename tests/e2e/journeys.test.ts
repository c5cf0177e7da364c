// Visitor journeys in Debian's Chromium on the production build with the demo catalogue:
// history across languages, a link in WordPress content into the other language, the client's
// last-resort page, a route chunk that fails to load, scroll on new navigations and on Back,
// prefetch of every internal link, the home hero on a phone, and clicks made before hydration.
// Every page is watched for script and console errors; the few a test provokes on purpose are
// named where it provokes them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { launchBrowser, screenshot, watchPage, stopAll } from "../support/browser";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";

const ready = hasChromium() && hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;
let browser: Browser;

/** A context without the service worker: requests must reach the test's interception. */
async function newContext(options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 800 }, ...options });
}

/** Waits until React has hydrated the page (the root marks it once its first effect ran). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

async function open(page: Page, path: string): Promise<void> {
  const res = await page.goto(site.url + path, { waitUntil: "load" });
  expect(res?.status(), path).toBe(200);
  await hydrated(page);
}

/** What a visitor would read as "the app broke": React Router's own error screens. */
async function showsRouterErrorScreen(page: Page): Promise<boolean> {
  const text = (await page.textContent("body")) ?? "";
  return /Application Error|Unexpected Application Error/.test(text);
}

describe.runIf(ready)("visitor journeys in a real browser", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    // An editor's link from the English about page to the Italian collections (before the site
    // has cached the page).
    const about = wp.catalogue.postsOf("pages").find((p) => p.slug === "about")!;
    wp.catalogue.update("pages", about.id, {
      content: `${about.content}<p><a href="/it/collezioni">Le collezioni in italiano</a></p><p><a href="/#newest">The newest pieces</a></p>`,
    });
    site = await startSite({ WP_URL: wp.url });
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site, wp));

  describe("languages in the browser", () => {
    it("opens /it/about, switches to English, reloads, and Back shows the Italian page", async () => {
      const context = await newContext();
      const page = await context.newPage();
      const watch = watchPage(page);
      await open(page, "/it/about");
      await page.click(".site-header .language-switcher a[hreflang=en]");
      await page.waitForURL(`${site.url}/about`);
      await page.waitForFunction(() => document.documentElement.lang === "en");
      await page.reload({ waitUntil: "load" });
      await hydrated(page);
      await page.goBack({ waitUntil: "load" });
      await page.waitForURL(`${site.url}/it/about`);
      await page.waitForFunction(() => document.documentElement.lang === "it" && !!document.querySelector("main h1"));
      expect(await showsRouterErrorScreen(page)).toBe(false);
      expect(await page.textContent(".site-header .language-switcher [aria-current]")).toBe("Ita");
      expect(await page.textContent("main h1")).toBe("Chi siamo");
      expect(watch.errors).toEqual([]);
      await context.close();
    });

    it("follows a link in WordPress content into the other language", async () => {
      {
        const context = await newContext();
        const page = await context.newPage();
        const watch = watchPage(page);
        await open(page, "/about");
        await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
        await page.click("main a[href='/it/collezioni']");
        await page.waitForURL(`${site.url}/it/collezioni`);
        await page.waitForFunction(
          () =>
            document.documentElement.lang === "it" && document.querySelector("main h1")?.textContent === "Collezioni",
        );
        expect(await showsRouterErrorScreen(page)).toBe(false);
        // A client-side move, not a new document: the one link component handles content links.
        expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
          true,
        );
        expect(watch.errors).toEqual([]);
        await context.close();
      }
    });
  });

  describe("client last resort", () => {
    it("shows the localized last-resort page when the error page itself fails in the browser", async () => {
      const context = await newContext();
      // The error page's module, as served, throws while rendering (its status line's class name
      // becomes an expression that throws): the error page fails in the browser only.
      await context.route(/\/assets\/ErrorPage-[\w-]+\.js$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /([`"'])error-page__status\1/g,
          '(()=>{throw new Error("forced failure in the error page")})()',
        );
        await route.fulfill({ response, body });
      });
      for (const [path, text] of [
        [
          "/it/pagina-che-non-esiste",
          { message: "Si è verificato un errore durante la visualizzazione della pagina di errore", home: "/it" },
        ],
        ["/no-such-page", { message: "An error occurred while showing the error page", home: "/" }],
      ] as const) {
        const page = await context.newPage();
        const watch = watchPage(page);
        const res = await page.goto(site.url + path, { waitUntil: "load" });
        expect(res?.status()).toBe(404);
        await page.waitForSelector(".error-page--last-resort", { timeout: 15_000 });
        expect(await page.textContent("main h1")).toBe(text.message);
        expect(await page.getAttribute("main a", "href")).toBe(text.home);
        expect(await showsRouterErrorScreen(page)).toBe(false);
        expect(await page.locator("pre").count()).toBe(0);
        // React reports the error it caught; nothing else may appear.
        expect(watch.errors.filter((e) => !/forced failure in the error page/.test(e))).toEqual([]);
        await screenshot(page, `journey-last-resort-${path.startsWith("/it") ? "it" : "en"}`);
        await page.close();
      }
      await context.close();
    });
  });

  describe("chunk failures", () => {
    it("reloads the target once when its route chunk fails, then shows the error page instead of looping", async () => {
      const context = await newContext();
      // The company pages' route module cannot be fetched (a deployment replaced it).
      await context.route(/\/assets\/company-page-[\w-]+\.js$/, (route) => route.abort());
      const page = await context.newPage();
      const watch = watchPage(page);
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
      });

      await open(page, "/");
      // The header's "About" (the same route module) has been prefetched, and its module failed:
      // a prefetch is no reason to reload anything.
      await page.waitForSelector('link[rel="prefetch"][href^="/about.data"]', { state: "attached" });
      documents.length = 0;
      await page.locator("footer a[href='/funding']").first().click();
      // One new document, for the page the visitor asked for (it works without its script).
      await page.waitForURL(`${site.url}/funding`);
      await page.waitForFunction(() => document.querySelector("main h1")?.textContent === "Funding");
      expect(documents).toEqual(["/funding"]);

      // Within the minute, the same failure shows the error page with a link home: no reload.
      await open(page, "/");
      documents.length = 0;
      await page.locator("footer a[href='/funding']").first().click();
      await page.waitForSelector("main.error-page");
      expect(await page.getAttribute("main.error-page a.button", "href")).toBe("/");
      expect(await showsRouterErrorScreen(page)).toBe(false);
      await page.waitForTimeout(1000); // a reload, if one were coming, would have started by now
      expect(documents).toEqual([]);
      // React and React Router report the failure they rendered as the error page; nothing else.
      expect(watch.errors.filter((e) => !/company-page-[\w-]+\.js/.test(e))).toEqual([]);
      await context.close();
    });
  });

  describe("a chunk that never arrives", () => {
    it("counts a navigation still loading after 120 s as failed and loads the target", async () => {
      const context = await newContext();
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.clock.install();
      // The company pages' route module never answers (a stalled CDN).
      await context.route(/\/assets\/company-page-[\w-]+\.js$/, () => undefined);
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
      });
      await open(page, "/");
      documents.length = 0;
      await page.locator("footer a[href='/funding']").first().dispatchEvent("click");
      await page.waitForFunction(() => document.querySelector(".loading-bar")?.getAttribute("data-phase") !== "idle");
      await page.clock.fastForward(119_000);
      expect(documents).toEqual([]);
      await page.clock.fastForward(2_000);
      // The new document is what counts: its own "load" may wait on the module this test stalls.
      await page.waitForURL(`${site.url}/funding`, { waitUntil: "domcontentloaded" });
      expect(documents).toEqual(["/funding"]);
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  });

  describe("scroll", () => {
    /** The scroll position once smooth scrolling has come to rest. */
    async function restingScroll(page: Page): Promise<number> {
      let last = -1;
      for (;;) {
        const y = await page.evaluate(
          () => new Promise<number>((r) => requestAnimationFrame(() => setTimeout(() => r(window.scrollY), 100))),
        );
        if (y === last) return y;
        last = y;
      }
    }

    /** Waits until the page with this title has rendered (the URL changes before it does). */
    async function at(page: Page, path: string, title: string): Promise<void> {
      await page.waitForURL(site.url + path);
      await page.waitForFunction((t) => document.title === t, `${title} – FC`);
    }

    /** A click on a header link as a visitor makes it: the page is not scrolled to show the link first. */
    async function clickInPlace(page: Page, selector: string): Promise<void> {
      await page.locator(selector).dispatchEvent("click");
    }

    it("starts a new navigation at the top, restores on Back, and keeps the list under a product dialog", async () => {
      const context = await newContext();
      const page = await context.newPage();
      const watch = watchPage(page);
      await open(page, "/products");
      const card = page.locator(".product-grid > li a.product-card__link").nth(9);
      await card.scrollIntoViewIfNeeded();
      const listY = await restingScroll(page);
      expect(listY).toBeGreaterThan(600);

      // A product opens over the list and closes where it was.
      await card.click();
      await page.waitForSelector("dialog.product-dialog[open]");
      await page.keyboard.press("Escape");
      await page.waitForSelector("dialog.product-dialog", { state: "detached" });
      expect(Math.abs((await restingScroll(page)) - listY)).toBeLessThan(40);

      // A new page starts at the top.
      await clickInPlace(page, "header nav#main-menu a[href='/about']");
      await at(page, "/about", "About FC");
      expect(await restingScroll(page)).toBe(0);
      await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
      await restingScroll(page);

      // Back to the list: where it was. Forward to about: where it was.
      await page.goBack();
      await at(page, "/products", "Products");
      expect(Math.abs((await restingScroll(page)) - listY)).toBeLessThan(40);
      await page.goForward();
      await at(page, "/about", "About FC");
      expect(Math.abs((await restingScroll(page)) - 400)).toBeLessThan(40);

      // The header's "Products" is a new navigation: the top, not the list's old position.
      await clickInPlace(page, "header nav#main-menu a[href='/products']");
      await at(page, "/products", "Products");
      expect(await restingScroll(page)).toBe(0);

      // Back twice: about where it was, then the list where it was.
      await page.goBack();
      await at(page, "/about", "About FC");
      expect(Math.abs((await restingScroll(page)) - 400)).toBeLessThan(40);
      await page.goBack();
      await at(page, "/products", "Products");
      expect(Math.abs((await restingScroll(page)) - listY)).toBeLessThan(40);

      // A new navigation to an address with a hash lands on its target.
      await open(page, "/about");
      await clickInPlace(page, "main a[href='/#newest']");
      await at(page, "/#newest", "Contemporary porcelain objects");
      await restingScroll(page);
      const top = await page.evaluate(() => document.getElementById("newest")!.getBoundingClientRect().top);
      expect(Math.abs(top)).toBeLessThan(120); // at the top of the window, under the sticky header at most
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  });

  describe("no dead clicks before hydration", () => {
    /** A phone-class device: 4x CPU slowdown, 1.6 Mbps down, 750 kbps up, 150 ms round trip. */
    async function phone(): Promise<{ context: BrowserContext; page: Page }> {
      const context = await newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      return { context, page };
    }

    it("keeps a wishlist click and a menu click made as soon as the button shows", async () => {
      const list = await (await fetch(`${site.url}/products`)).text();
      const id = /href="\/products\/(\d+)"/.exec(list)![1]!;
      const { context, page } = await phone();
      const watch = watchPage(page);

      await page.goto(`${site.url}/products/${id}`, { waitUntil: "commit" });
      const save = page.locator("dialog .wishlist-toggle--button");
      await save.waitFor({ state: "visible" });
      const shown = Date.now();
      const hydratedBeforeClick = await page.evaluate(() => document.documentElement.dataset.hydrated === "true");
      await save.click();
      // Then the dialog's close, at once: both are kept, in order.
      await page.locator("dialog .product-dialog__close").click();
      await hydrated(page);
      // How long a click would have been dead before this fix (measured, not asserted).
      console.log(`FIGURE wishlist_button_shown_before_hydration_ms: ${Date.now() - shown}`);
      expect(hydratedBeforeClick).toBe(false); // the click really came before hydration
      await page.waitForURL(`${site.url}/products`);
      await page.waitForSelector("dialog.product-dialog", { state: "detached" });
      await page.waitForFunction((n) => document.querySelector(".wishlist-link__count")?.textContent === n, "1");
      const stored = await page.evaluate(
        () => JSON.parse(localStorage.getItem("fc:wishlist") ?? "{}") as { state?: { ids?: number[] } },
      );
      expect(stored.state?.ids).toEqual([Number(id)]);

      await page.goto(`${site.url}/about`, { waitUntil: "commit" });
      const menu = page.locator("button.menu-toggle");
      await menu.waitFor({ state: "visible" });
      const menuBeforeHydration = await page.evaluate(() => document.documentElement.dataset.hydrated !== "true");
      await menu.click();
      await hydrated(page);
      expect(menuBeforeHydration).toBe(true);
      await page.waitForFunction(() => document.querySelector(".site-header")?.hasAttribute("data-open"));
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      // The open menu covers the screen: its last item is there to tap, not clipped under the page.
      await page.waitForTimeout(400); // the menu's fade
      const lastItemOnTop = await page.evaluate(() => {
        const links = [...document.querySelectorAll<HTMLAnchorElement>("#main-menu > ul > li > a")];
        const last = links[links.length - 1]!;
        const r = last.getBoundingClientRect();
        return (
          r.bottom <= window.innerHeight &&
          document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest("a") === last
        );
      });
      expect(lastItemOnTop).toBe(true);
      await screenshot(page, "journey-phone-menu-opened-early");
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  });

  describe("the header's and footer's links", () => {
    it("move in the page (no document is loaded), mark the page they lead to, and leave modified clicks to the browser", async () => {
      const context = await newContext();
      const page = await context.newPage();
      const watch = watchPage(page);
      await open(page, "/wishlist");
      const documents: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "document") documents.push(r.url());
      });
      const current = () =>
        page.$$eval(".site-header [aria-current=page]", (links) =>
          links.map((a) => `${a.getAttribute("href")} ${a.className}`),
        );
      expect(await current()).toEqual(["/wishlist wishlist-link active"]);

      await page.click("header nav#main-menu a[href='/products']");
      await page.waitForURL(`${site.url}/products`);
      await page.waitForSelector("main .product-grid");
      await expect.poll(current).toEqual(["/products active"]);

      await page.locator("footer a[href='/contact']").scrollIntoViewIfNeeded();
      await page.click("footer a[href='/contact']");
      // The address changes before React commits the page it leads to: the mark follows that commit.
      await page.waitForURL(`${site.url}/contact`);
      await expect.poll(current).toEqual(["/contact active"]);

      await page.click(".site-header a.wordmark");
      await page.waitForURL(`${site.url}/`);
      await expect.poll(current).toEqual([]);
      expect(documents).toEqual([]);

      // A click with a modifier key is the browser's: a new tab, this page stays.
      const [opened] = await Promise.all([
        context.waitForEvent("page"),
        page.click("header nav#main-menu a[href='/about']", { modifiers: ["ControlOrMeta"] }),
      ]);
      await opened.waitForLoadState("load");
      expect(new URL(opened.url()).pathname).toBe("/about");
      expect(new URL(page.url()).pathname).toBe("/");
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  });

  describe("prefetch", () => {
    /** The pages the document has prefetched so far (React Router's data prefetch links). */
    async function prefetchedPages(page: Page): Promise<string[]> {
      const hrefs = await page.$$eval('link[rel="prefetch"][as="fetch"]', (links) =>
        links.map((l) => l.getAttribute("href") ?? ""),
      );
      return [
        ...new Set(
          hrefs.map((h) =>
            h
              .split("?")[0]!
              .replace(/\/_\.data$/, "/")
              .replace(/\.data$/, ""),
          ),
        ),
      ].sort();
    }

    async function waitForPrefetched(page: Page, paths: string[]): Promise<void> {
      await page.waitForFunction(
        (wanted) => {
          const have = new Set(
            [...document.querySelectorAll('link[rel="prefetch"][as="fetch"]')].map((l) =>
              (l.getAttribute("href") ?? "")
                .split("?")[0]!
                .replace(/\/_\.data$/, "/")
                .replace(/\.data$/, ""),
            ),
          );
          return wanted.every((p) => have.has(p));
        },
        paths,
        { timeout: 10_000 },
      );
    }

    it("prefetches every internal link once it is visible: header, footer, content, a product's links", async () => {
      const context = await newContext();
      const page = await context.newPage();
      const watch = watchPage(page);
      await open(page, "/");
      // The header's menu and the hero's link are on screen.
      await waitForPrefetched(page, ["/products", "/collections", "/exclusives", "/projects", "/about", "/contact"]);
      // The footer's links, once scrolled to.
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      await waitForPrefetched(page, ["/funding", "/newsletter", "/wishlist"]);
      const home = await prefetchedPages(page);
      console.log(`FIGURE prefetched_pages_home: ${home.length}`);

      // A product: its category and collection links, then the related objects further down.
      const list = await (await fetch(`${site.url}/products`)).text();
      const id = /href="\/products\/(\d+)"/.exec(list)![1]!;
      await open(page, `/products/${id}`);
      const category = await page.getAttribute("dialog .product-detail a[href^='/categories/']", "href");
      await waitForPrefetched(page, [category!]);
      const related = await page.$$eval("dialog .product-detail__related a.product-card__link", (links) =>
        links.map((a) => a.getAttribute("href")!),
      );
      expect(related.length).toBeGreaterThan(0);
      await page.locator("dialog .product-detail__related").scrollIntoViewIfNeeded();
      await waitForPrefetched(page, related);
      console.log(`FIGURE prefetched_pages_product: ${(await prefetchedPages(page)).length}`);

      // A link in WordPress content (the about page's, see beforeAll).
      await open(page, "/about");
      await page.locator("main a[href='/it/collezioni']").scrollIntoViewIfNeeded();
      await waitForPrefetched(page, ["/it/collezioni"]);
      expect(watch.errors).toEqual([]);
      await context.close();
    });

    it("prefetches nothing when the visitor saves data", async () => {
      const context = await newContext();
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "connection", {
          configurable: true,
          get: () => ({ saveData: true, effectiveType: "4g" }),
        });
      });
      const page = await context.newPage();
      const watch = watchPage(page);
      const dataRequests: string[] = [];
      page.on("request", (r) => {
        if (/\.data(\?|$)/.test(r.url())) dataRequests.push(r.url());
      });
      await open(page, "/");
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      // Longer than the prefetch idle timeout (2 s): what would have been prefetched has been by now.
      await page.waitForTimeout(3000);
      expect(await prefetchedPages(page)).toEqual([]);
      expect(dataRequests).toEqual([]);
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  });

  describe("phone hero", () => {
    it("keeps the hero's object in frame on a 390-pixel phone", async () => {
      const media = wp.catalogue.postsOf("media").find((m) => m.slug === "fc-home-hero")!;
      const json = (await (await fetch(`${wp.url}/wp-json/wp/v2/media/${media.id}`)).json()) as {
        media_details: { focal_point?: { x: number; y: number } };
      };
      const focal = json.media_details.focal_point!;
      expect(focal.x).toBeGreaterThan(0.55); // the demo's object stands right of centre

      const context = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const watch = watchPage(page);
      await open(page, "/");
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>(".hero__media img")?.complete === true);
      await screenshot(page, "journey-home-hero-390");
      // Where the focal point lands in the photo's frame (object-fit: cover at its object-position).
      const frame = await page.evaluate(() => {
        const img = document.querySelector(".hero__media img") as HTMLImageElement;
        const box = img.getBoundingClientRect();
        const [px, py] = getComputedStyle(img)
          .objectPosition.split(" ")
          .map((v) => parseFloat(v) / 100);
        return {
          width: box.width,
          height: box.height,
          imageWidth: Number(img.getAttribute("width")),
          imageHeight: Number(img.getAttribute("height")),
          px: px!,
          py: py!,
        };
      });
      const scale = Math.max(frame.width / frame.imageWidth, frame.height / frame.imageHeight);
      const shownWidth = frame.imageWidth * scale;
      const shownHeight = frame.imageHeight * scale;
      const x = (frame.width - shownWidth) * frame.px + focal.x * shownWidth;
      const y = (frame.height - shownHeight) * frame.py + focal.y * shownHeight;
      console.log(
        `FIGURE hero_focal_in_frame_390: x ${(x / frame.width).toFixed(2)}, y ${(y / frame.height).toFixed(2)} (0..1 is in frame)`,
      );
      expect(x / frame.width).toBeGreaterThan(0.2);
      expect(x / frame.width).toBeLessThan(0.8);
      expect(y / frame.height).toBeGreaterThan(0.2);
      expect(y / frame.height).toBeLessThan(0.8);
      // The photo shows at least half of its width: art direction, not a sliver of a wide picture.
      expect(frame.width / shownWidth).toBeGreaterThan(0.5);
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  });
});
