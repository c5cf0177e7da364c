// The integrations in Chromium, against fake providers served by the test: no tag-manager
// request before consent and a page view in dataLayer after it on every navigation; the consent
// banner's keyboard and focus behaviour; newsletter signups from the footer (fetcher, no reload)
// with the captcha script loaded only once the visitor uses the form; the contact form with the
// wishlist attached; and pages kept by the service worker once the site is gone, with the offline
// page (in the visitor's language) for pages never seen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { axeViolations, launchBrowser, screenshot, watchPage } from "../support/browser";
import { startFakeTagManager, type FakeTagManager } from "../support/fake-tag-manager";
import { startFakeCaptcha, type FakeCaptcha } from "../support/fake-captcha";
import { startFakeNewsletter, type FakeNewsletter } from "../support/fake-newsletter";
import { startFakeWordPressWithCf7 } from "../support/fake-wordpress-with-cf7";
import type { FakeContactForm7 } from "../support/fake-contact-form-7";
import { startDeploymentProxy } from "../support/fake-deployment-proxy";

const ready = hasChromium() && hasBuild();
const SITE_KEY = "e2e-site-key";
const MEASUREMENT_ID = "G-E2ETEST1";
const FORM_ID = 77;

let site: RunningSite;
let browser: Browser;
let gtm: FakeTagManager;
let captcha: FakeCaptcha;
let newsletter: FakeNewsletter;
let wordpress: FakeContactForm7;

type Layer = Record<string, unknown>[];
const pageViews = (page: Page) =>
  page.evaluate(
    () =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
        (e) => (e as { event?: string }).event === "page_view",
      ) as Layer,
  );
const gtmScriptRequests = () => gtm.requests.filter((r) => r.startsWith("/gtm.js")).length;

async function rejectedContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // A visitor who said no before: no banner in the way, no tags.
  await context.addInitScript(() =>
    localStorage.setItem(
      "fc:consent",
      JSON.stringify({ analytics: false, marketing: false, at: new Date().toISOString(), v: 1 }),
    ),
  );
  return context;
}

describe.runIf(ready)("integrations in a real browser", () => {
  beforeAll(async () => {
    [gtm, captcha, newsletter, wordpress] = await Promise.all([
      startFakeTagManager(),
      startFakeCaptcha({ siteKey: SITE_KEY, secret: "e2e-captcha-secret" }),
      startFakeNewsletter({ apiKey: "e2e-newsletter-key", listId: "LIST1" }),
      startFakeWordPressWithCf7(FORM_ID),
    ]);
    site = await startSite({
      WP_URL: wordpress.url,
      GTM_ID: "GTM-E2E1",
      GA_MEASUREMENT_ID: MEASUREMENT_ID,
      GTM_SCRIPT_URL: gtm.scriptUrl,
      RECAPTCHA_SITE_KEY: SITE_KEY,
      RECAPTCHA_SECRET: "e2e-captcha-secret",
      RECAPTCHA_SCRIPT_URL: captcha.scriptUrl,
      RECAPTCHA_VERIFY_URL: captcha.verifyUrl,
      NEWSLETTER_API_URL: newsletter.apiUrl,
      NEWSLETTER_API_KEY: "e2e-newsletter-key",
      NEWSLETTER_LIST_ID: "LIST1",
      CONTACT_FORM_ID: String(FORM_ID),
      CONSENT_POLICY_ID_EN: "11111111",
      CONSENT_POLICY_ID_IT: "22222222",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await Promise.all([gtm?.close(), captcha?.close(), newsletter?.close(), wordpress?.close()]);
  });

  it("loads no tag manager before consent, then pushes a page view on every navigation", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const before = gtmScriptRequests();
    await page.goto(`${site.url}/`, { waitUntil: "networkidle" });
    const banner = page.getByRole("dialog", { name: "Your privacy" });
    await banner.waitFor();
    expect(gtmScriptRequests()).toBe(before);
    expect(await page.locator("link[href*='gtm.js'], script[src*='gtm.js']").count()).toBe(0);
    expect(await pageViews(page)).toEqual([]);
    // Consent Mode defaults were set before anything else.
    expect(
      await page.evaluate(() => [...((window as unknown as { dataLayer: IArguments[] }).dataLayer[0] ?? [])]),
    ).toEqual(["consent", "default", expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" })]);
    // Labelled, focused when nothing else is, with the policies of the page's language.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Your privacy");
    expect(await banner.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "https://www.iubenda.com/privacy-policy/11111111",
      "https://www.iubenda.com/privacy-policy/11111111/cookie-policy",
    ]);
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(51, 51, 51)");
    await screenshot(page, "consent-banner-en");

    await banner.getByRole("button", { name: "Accept all" }).click();
    await banner.waitFor({ state: "detached" });
    await page.waitForFunction(() => (window as unknown as { __fakeTagManager?: number }).__fakeTagManager === 1);
    expect(gtm.requests.at(-1)).toBe("/gtm.js?id=GTM-E2E1");
    await page.waitForFunction(() =>
      (window as unknown as { dataLayer: { event?: string }[] }).dataLayer.some((e) => e.event === "page_view"),
    );
    expect(await pageViews(page)).toEqual([
      {
        event: "page_view",
        send_to: MEASUREMENT_ID,
        page_location: `${site.url}/`,
        page_path: "/",
        page_title: await page.title(),
        language: "en",
      },
    ]);
    const consentUpdate = await page.evaluate(() =>
      (window as unknown as { dataLayer: unknown[] }).dataLayer
        .map((e) => (Object.prototype.toString.call(e) === "[object Arguments]" ? [...(e as IArguments)] : e))
        .find((e) => Array.isArray(e) && e[1] === "update"),
    );
    expect(consentUpdate).toEqual([
      "consent",
      "update",
      { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" },
    ]);

    // Client-side navigations: one page view each, with the new page's title.
    await page.click("header nav#main-menu a[href='/collections']");
    await page.waitForURL(`${site.url}/collections`);
    await page.waitForFunction(() =>
      (window as unknown as { dataLayer: { event?: string; page_path?: string }[] }).dataLayer.some(
        (e) => e.event === "page_view" && e.page_path === "/collections",
      ),
    );
    await page.click("header nav#main-menu a[href='/products']");
    await page.waitForURL(`${site.url}/products`);
    await page.waitForFunction(() =>
      (window as unknown as { dataLayer: { event?: string; page_path?: string }[] }).dataLayer.some(
        (e) => e.event === "page_view" && e.page_path === "/products",
      ),
    );
    const views = await pageViews(page);
    expect(views.map((v) => [v.page_path, v.page_title, v.send_to])).toEqual([
      ["/", views[0]!.page_title, MEASUREMENT_ID],
      ["/collections", "Collections – FC", MEASUREMENT_ID],
      ["/products", "Products – FC", MEASUREMENT_ID],
    ]);
    expect(gtmScriptRequests()).toBe(before + 1);

    // A visitor who consented before: the tag manager at once, no banner.
    await page.goto(`${site.url}/about`, { waitUntil: "networkidle" });
    await page.waitForFunction(() => (window as unknown as { __fakeTagManager?: number }).__fakeTagManager === 1);
    expect(await page.getByRole("dialog", { name: "Your privacy" }).count()).toBe(0);
    expect(gtmScriptRequests()).toBe(before + 2);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("remembers a refusal, and reopens from the footer with focus going back", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const before = gtmScriptRequests();
    await page.goto(`${site.url}/it/prodotti`, { waitUntil: "networkidle" });
    const banner = page.getByRole("dialog", { name: "La tua privacy" });
    await banner.waitFor();
    expect(await banner.locator("a").first().getAttribute("href")).toBe(
      "https://www.iubenda.com/privacy-policy/22222222",
    );
    // Keyboard only: Tab reaches the choices, Customise shows the purposes.
    await banner.getByRole("button", { name: "Personalizza" }).focus();
    await page.keyboard.press("Enter");
    await banner.getByRole("checkbox", { name: /Statistiche/ }).waitFor();
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Personalizza");
    await banner.getByRole("button", { name: "Rifiuta tutti" }).click();
    await banner.waitFor({ state: "detached" });
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(gtmScriptRequests()).toBe(before);

    const settings = page.getByRole("button", { name: "Impostazioni cookie" });
    await settings.click();
    await banner.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("La tua privacy");
    expect(await banner.getByRole("checkbox", { name: /Statistiche/ }).isChecked()).toBe(false);
    await page.keyboard.press("Escape");
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Impostazioni cookie");
    expect(gtmScriptRequests()).toBe(before);
    await context.close();
  });

  it("signs up to the newsletter from the footer without a reload", async () => {
    const context = await rejectedContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${site.url}/products`, { waitUntil: "networkidle" });
    const form = page.locator(".newsletter-form--footer form");
    await form.scrollIntoViewIfNeeded();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const loadsBefore = captcha.scriptLoads;
    await page.waitForTimeout(200);
    expect(captcha.scriptLoads).toBe(loadsBefore);
    expect(await page.locator("script[src*='recaptcha']").count()).toBe(0);
    expect(await form.textContent()).toContain("protected by reCAPTCHA");

    // Checked in the browser first, in the page's language.
    await form.getByLabel("Email address").fill("not-an-address");
    // The captcha script is asked for when the visitor starts the form (the request may still be on its way).
    await expect.poll(() => captcha.scriptLoads).toBe(loadsBefore + 1);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("Please enter a valid email address, such as name@example.com.").waitFor();
    await form.getByText("Please accept the privacy policy to continue.").waitFor();
    expect(await form.getByLabel("Email address").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");

    await form.getByLabel("Email address").fill("grace@example.com");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("Thank you! Please check your inbox to confirm your subscription.").waitFor();
    expect(newsletter.contacts.has("grace@example.com")).toBe(true);
    expect(captcha.verifications.at(-1)?.response).toMatch(/^newsletter\./);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(await form.getByLabel("Email address").inputValue()).toBe("");

    // Already on the list: still a success.
    await form.getByLabel("Email address").fill("grace@example.com");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("This address is already subscribed. Thank you!").waitFor();

    // The provider fails: a friendly message, and what was typed stays.
    newsletter.mode = "error";
    await form.getByLabel("Email address").fill("later@example.com");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText(/Something went wrong on our side/).waitFor();
    expect(await form.getByLabel("Email address").inputValue()).toBe("later@example.com");
    newsletter.mode = "ok";
    // The captcha script is asked for when the visitor starts the form (the request may still be on its way).
    await expect.poll(() => captcha.scriptLoads).toBe(loadsBefore + 1);
    expect(watch.errors).toEqual([]);
    await screenshot(page, "newsletter-footer-en");
    await context.close();
  });

  it("keeps the input of a post without JavaScript and explains the captcha in Italian", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/it/newsletter`);
    const form = page.locator(".newsletter-form--page form");
    await form.getByLabel("Indirizzo email").fill("senza-js@example.com");
    await form.getByRole("checkbox").check();
    await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: "Iscriviti" }).click()]);
    expect(page.url()).toBe(`${site.url}/it/newsletter`);
    await page.getByText(/Non siamo riusciti a verificare che l'invio venga da una persona/).waitFor();
    expect(await page.locator(".newsletter-form--page input[name=email]").inputValue()).toBe("senza-js@example.com");
    expect(newsletter.contacts.has("senza-js@example.com")).toBe(false);
    await context.close();
  });

  it("sends an enquiry with the wishlist's objects attached", async () => {
    const context = await rejectedContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${site.url}/products`, { waitUntil: "networkidle" });
    const ids = await page.$$eval("main a[href^='/products/']", (links) =>
      [...new Set(links.map((a) => a.getAttribute("href")!.split("/")[2]!))].slice(0, 2),
    );
    await page.goto(`${site.url}/contact?wishlist=${ids.join(",")}`, { waitUntil: "networkidle" });
    const form = page.locator(".contact-form form");
    const attached = form.locator(".form__products input[name=product]");
    expect(await attached.count()).toBe(2);
    const names = await form.locator(".form__product-name").allTextContents();
    expect(names.every((n) => n.length > 0)).toBe(true);
    await attached.nth(1).uncheck();
    await form.getByLabel("Name").fill("Ada Lovelace");
    await form.getByLabel("Email address").fill("ada@example.com");
    await form.getByLabel(/Company/).fill("Engines Ltd");
    await form.getByLabel("Message").fill("Is this available in white?");
    await form.getByRole("checkbox", { name: /privacy policy/ }).check();
    await form.getByRole("button", { name: "Send the message" }).click();
    await form.getByText("Thank you, your message has been sent. We will reply soon.").waitFor();
    const sent = wordpress.submissions.at(-1)!;
    expect(sent["your-name"]).toBe("Ada Lovelace");
    expect(sent["your-products"]).toContain(names[0]!);
    expect(sent["your-products"]).not.toContain(names[1]!);
    expect(sent["your-products"]).toContain(`/products/`);
    expect(captcha.verifications.at(-1)?.response).toMatch(/^contact\./);
    expect(watch.errors).toEqual([]);
    await screenshot(page, "contact-en");
    await context.close();
  });

  it("meets no accessibility violation in the banner and the forms (axe-core)", async () => {
    // axe is injected as a script: let it past the documents' Content-Security-Policy.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const violations: string[] = [];
    await page.goto(`${site.url}/it/newsletter`, { waitUntil: "networkidle" });
    const banner = page.getByRole("dialog", { name: "La tua privacy" });
    await banner.getByRole("button", { name: "Personalizza" }).click();
    violations.push(...(await axeViolations(page)));
    await banner.getByRole("button", { name: "Salva le mie scelte" }).click();
    const form = page.locator(".newsletter-form--page form");
    await form.getByRole("button", { name: "Iscriviti" }).click();
    await form.getByText("Inserisci il tuo indirizzo email.").waitFor();
    violations.push(...(await axeViolations(page)));
    await page.goto(`${site.url}/contact?product=1`, { waitUntil: "networkidle" });
    await page.locator(".contact-form form").getByRole("button", { name: "Send the message" }).click();
    await page.getByText("Please enter your name.").waitFor();
    violations.push(...(await axeViolations(page)));
    expect(violations).toEqual([]);
    await context.close();
  });

  it("tells the visitor about a new deployment, whose worker takes over on the next navigation", async () => {
    const proxy = await startDeploymentProxy(site.url);
    const context = await rejectedContext();
    const page = await context.newPage();
    try {
      await page.goto(`${proxy.url}/`, { waitUntil: "networkidle" });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
      });
      proxy.swSuffix = "// deployment 2";
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByText("A new version of the site is ready: it will load with your next page.").waitFor();
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(true);
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await page.click("header nav#main-menu a[href='/collections']");
      await page.waitForURL(`${proxy.url}/collections`);
      await page.waitForFunction(() => !(window as unknown as { __marker?: number }).__marker);
      await page.waitForLoadState("networkidle");
      const state = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration())!;
        return {
          waiting: !!registration.waiting,
          controlled: !!navigator.serviceWorker.controller,
          notice: document.querySelector(".site-status")?.textContent ?? "",
        };
      });
      expect(state).toEqual({ waiting: false, controlled: true, notice: "" });
      expect(await page.locator("main h1").textContent()).toBe("Collections");
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  // Last: it stops the site.
  it("serves visited pages from the service worker once the site is gone, and the offline page otherwise", async () => {
    const context = await rejectedContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
    });
    for (const path of ["/products", "/it/collezioni"])
      await page.goto(`${site.url}${path}`, { waitUntil: "networkidle" });
    const englishTitle = await page.goto(`${site.url}/products`, { waitUntil: "networkidle" }).then(() => page.title());

    await site.stop();
    await context.setOffline(true);

    const kept = await page.goto(`${site.url}/products`, { waitUntil: "load" });
    expect(kept?.status()).toBe(200);
    expect(kept?.fromServiceWorker()).toBe(true);
    expect(await page.title()).toBe(englishTitle);
    expect(await page.locator("main h1").textContent()).toBe("Products");
    await page.getByText("You are offline. Pages you have visited remain available.").waitFor();
    await screenshot(page, "offline-kept-en");

    const italian = await page.goto(`${site.url}/it/collezioni`, { waitUntil: "load" });
    expect(italian?.fromServiceWorker()).toBe(true);
    expect(await page.locator("main h1").textContent()).toBe("Collezioni");

    const never = await page.goto(`${site.url}/it/progetti`, { waitUntil: "load" });
    expect(never?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("it");
    expect(await page.locator("h1").textContent()).toBe("Sei offline");
    await screenshot(page, "offline-page-it");
    await page.goto(`${site.url}/about`, { waitUntil: "load" });
    expect(await page.locator("h1").textContent()).toBe("You are offline");
    await context.close();
  });
});
