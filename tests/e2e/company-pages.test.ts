// The company pages on a WordPress where an editor has not (yet) written some of them, as on a
// fresh install: the contact and newsletter pages are the site's own forms, so they answer 200 in
// both languages with their form (the page's copy above it when WordPress has one), and a
// product's "Enquire about this object" leads to a contact form that sends; the other company
// pages (about, manufacture, funding, prove) are 404 until WordPress publishes them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { launchBrowser, screenshot, stopAll, waitForHydration, watchPage } from "../support/browser";
import { startFakeWordPressWithCf7 } from "../support/fake-wordpress-with-cf7";
import { startFakeNewsletter, type FakeNewsletter } from "../support/fake-newsletter";

const ready = hasChromium() && hasBuild();
const FORM_ID = 41;

let wordpress: Awaited<ReturnType<typeof startFakeWordPressWithCf7>>;
let newsletter: FakeNewsletter;
let site: RunningSite;
let browser: Browser;

/** Deletes a page for good (as an editor emptying the trash), in the languages given by their slugs. */
function removePages(...slugs: string[]) {
  const pages = wordpress.catalogue.postsOf("pages");
  for (const slug of slugs) {
    const page = pages.find((p) => p.slug === slug);
    if (!page) throw new Error(`the demo has no page ${slug}`);
    wordpress.catalogue.remove("pages", page.id);
  }
}

async function get(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(site.url + path, { redirect: "manual" });
  return { status: res.status, html: await res.text() };
}

const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe.runIf(ready)("company pages an editor has not written", () => {
  beforeAll(async () => {
    [wordpress, newsletter] = await Promise.all([
      startFakeWordPressWithCf7(FORM_ID),
      startFakeNewsletter({ apiKey: "e2e-key", listId: "LIST9" }),
    ]);
    // No contact page in either language, no Italian newsletter page, no about page.
    removePages("contact", "contatti", "newsletter-it", "about", "chi-siamo");
    site = await startSite({
      WP_URL: wordpress.url,
      CONTACT_FORM_ID: String(FORM_ID),
      NEWSLETTER_API_URL: newsletter.apiUrl,
      NEWSLETTER_API_KEY: "e2e-key",
      NEWSLETTER_LIST_ID: "LIST9",
    });
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site, wordpress, newsletter));

  it("answers the contact and newsletter pages in both languages with their form, under the section's name", async () => {
    for (const [path, title, form] of [
      ["/contact", "Contact", 'class="contact-form"'],
      ["/it/contatti", "Contatti", 'class="contact-form"'],
      ["/it/newsletter", "Newsletter", "newsletter-form--page"],
    ] as const) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      expect(h1Of(html), path).toBe(title);
      expect(html, path).toContain(form);
      expect(html, path).toMatch(/<form[^>]*method="post"/);
    }
  });

  it("shows the WordPress page's copy above the form where there is one", async () => {
    const { status, html } = await get("/newsletter");
    expect(status).toBe(200);
    const copy = html.indexOf("Four times a year we write a short letter from the workshop.");
    const form = html.indexOf("newsletter-form--page");
    expect(copy).toBeGreaterThan(0);
    expect(form).toBeGreaterThan(copy);
  });

  it("keeps the other company pages 404 until WordPress publishes them, and lists the form pages in the sitemaps", async () => {
    for (const path of ["/about", "/it/about"]) expect((await get(path)).status, path).toBe(404);
    for (const path of ["/manufacture", "/it/manifattura", "/funding", "/prove"])
      expect((await get(path)).status, path).toBe(200);
    const paths = async (file: string) =>
      [...(await get(file)).html.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1]);
    const en = await paths("/sitemap-en.xml");
    const it = await paths("/sitemap-it.xml");
    expect(en).toEqual(expect.arrayContaining(["/contact", "/newsletter", "/manufacture"]));
    expect(it).toEqual(expect.arrayContaining(["/it/contatti", "/it/newsletter", "/it/manifattura"]));
    expect(en).not.toContain("/about");
    expect(it).not.toContain("/it/about");
  });

  for (const [lang, productPath, enquire, contactPath, title, send, sent] of [
    [
      "en",
      "/products/224",
      "Enquire about this object",
      "/contact?product=224",
      "Contact",
      "Send the message",
      "Thank you, your message has been sent.",
    ],
    [
      "it",
      "/it/prodotti/228",
      "Chiedi informazioni su questo oggetto",
      "/it/contatti?product=224",
      "Contatti",
      "Invia il messaggio",
      "Grazie",
    ],
  ] as const) {
    it(`leads a product's enquiry link to a contact form that sends, with the object (${lang})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: "block" });
      await context.addInitScript(() =>
        localStorage.setItem(
          "fc:consent",
          JSON.stringify({ analytics: false, marketing: false, at: new Date().toISOString(), v: 1 }),
        ),
      );
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(site.url + productPath, { waitUntil: "load" });
      await waitForHydration(page);
      const link = page.getByRole("link", { name: enquire });
      expect(await link.getAttribute("href")).toBe(contactPath);
      await link.click();
      await page.waitForURL(site.url + contactPath);
      await page.locator("main h1", { hasText: title }).waitFor();
      const form = page.locator(".contact-form form");
      const name = (await form.locator(".form__product-name").allTextContents()).join();
      expect(name).toMatch(lang === "en" ? /Onda Vase/ : /Vaso Onda/);
      await screenshot(page, `contact-without-page-${lang}`);
      await fillAndSend(page, send);
      await form.getByText(sent).waitFor();
      expect(wordpress.submissions.at(-1)?.["your-products"]).toContain(name);
      // The same address typed or reloaded: the page itself, not a 404.
      expect((await page.goto(site.url + contactPath, { waitUntil: "load" }))?.status()).toBe(200);
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  }
});

async function fillAndSend(page: Page, send: string): Promise<void> {
  const form = page.locator(".contact-form form");
  await form.locator("input[name=name]").fill("Ada Lovelace");
  await form.locator("input[name=email]").fill("ada@example.com");
  await form.locator("textarea[name=message]").fill("Is this available in white?");
  await form.locator("input[name=consent]").check();
  await form.getByRole("button", { name: send }).click();
}
