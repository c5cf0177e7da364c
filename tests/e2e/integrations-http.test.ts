// The integrations over plain HTTP, as a crawler, a visitor without JavaScript or an attacker
// sees them: no secret in any page or any file of the built client; with no keys set every
// integration is off, cleanly; the forms work as plain form posts (field errors in both
// languages, input kept, an address already subscribed is a success); the manifest and the
// worker are served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFakeNewsletter, type FakeNewsletter } from "../support/fake-newsletter";
import { startFakeCaptcha, type FakeCaptcha } from "../support/fake-captcha";
import { startFakeWordPressWithCf7 } from "../support/fake-wordpress-with-cf7";
import type { FakeContactForm7 } from "../support/fake-contact-form-7";
import { pageCacheKey } from "../../server/http/page-cache";

const ready = hasBuild();

const SECRETS = {
  WP_USER: "reader",
  WP_APP_PASSWORD: "wpAppPw-7Kq2 x9Lm Zt4r Vb8n",
  PURGE_SECRET: "purge-secret-3f9a1c7e5b2d4068",
  ADMIN_TOKEN: "admin-token-a8d1e2f3c4b5a6978",
  RECAPTCHA_SECRET: "recaptcha-secret-6Lc0ffee0000",
  NEWSLETTER_API_KEY: "newsletter-api-key-9z8y7x6w5v",
};
const SECRET_VALUES = [
  SECRETS.WP_APP_PASSWORD,
  SECRETS.PURGE_SECRET,
  SECRETS.ADMIN_TOKEN,
  SECRETS.RECAPTCHA_SECRET,
  SECRETS.NEWSLETTER_API_KEY,
  Buffer.from(`${SECRETS.WP_USER}:${SECRETS.WP_APP_PASSWORD}`).toString("base64"),
];

const PAGES = [
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
  "/no-such-page",
  "/products.data",
  "/contact.data?_routes=contact-en",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const post = (site: RunningSite, pathname: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  return fetch(`${site.url}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    body,
  });
};

describe.runIf(ready)("no secret reaches the browser", () => {
  let site: RunningSite;
  let captcha: FakeCaptcha;
  let newsletter: FakeNewsletter;
  beforeAll(async () => {
    captcha = await startFakeCaptcha({ siteKey: "public-site-key-e2e", secret: SECRETS.RECAPTCHA_SECRET });
    newsletter = await startFakeNewsletter({ apiKey: SECRETS.NEWSLETTER_API_KEY, listId: "L1" });
    site = await startSite({
      ...SECRETS,
      GTM_ID: "GTM-SCAN1",
      GA_MEASUREMENT_ID: "G-SCAN1",
      RECAPTCHA_SITE_KEY: "public-site-key-e2e",
      RECAPTCHA_SCRIPT_URL: captcha.scriptUrl,
      RECAPTCHA_VERIFY_URL: captcha.verifyUrl,
      NEWSLETTER_API_URL: newsletter.apiUrl,
      NEWSLETTER_LIST_ID: "L1",
      CONSENT_POLICY_ID_EN: "123",
      CONSENT_POLICY_ID_IT: "456",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await Promise.all([captcha?.close(), newsletter?.close()]);
  });

  it("finds none in any page, data response or form answer", async () => {
    const products = await (await fetch(`${site.url}/products`)).text();
    const details = [...new Set([...products.matchAll(/href="(\/products\/\d+)"/g)].map((m) => m[1]!))].slice(0, 3);
    const bodies: [string, string][] = [];
    for (const p of [
      ...PAGES,
      ...details,
      `/contact?wishlist=${details.map((d) => d.split("/")[2]).join(",")}`,
      "/manifest.webmanifest",
      "/sw.js",
      "/offline/en.html",
    ]) {
      const res = await fetch(`${site.url}${p}`);
      bodies.push([p, await res.text()]);
    }
    const answer = await post(site, "/newsletter", { email: "not-an-address" });
    bodies.push(["POST /newsletter", await answer.text()]);
    expect(bodies.find(([p]) => p === "/")![1]).toContain("public-site-key-e2e");
    for (const [p, body] of bodies)
      for (const secret of SECRET_VALUES) expect(body.includes(secret), `${secret} in ${p}`).toBe(false);
  });

  it("finds none in any file of the built client", () => {
    const files = filesUnder(path.resolve("build/client"));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const content = readFileSync(file);
      for (const secret of SECRET_VALUES) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });
});

describe.runIf(ready)("with no integration keys", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("runs with every integration off, cleanly", async () => {
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).not.toContain("dataLayer");
    expect(home).not.toContain("gtm.js");
    expect(home).not.toMatch(/<script[^>]+src="[^"]*recaptcha/);
    expect(home).not.toContain("newsletter-form");
    expect(home).not.toContain("iubenda");
    expect(home).toContain('rel="manifest" href="/manifest.webmanifest"');
    const page = await (await fetch(`${site.url}/it/newsletter`)).text();
    expect(page).toContain("iscrizione alla newsletter non è disponibile al momento.");
    expect(page).not.toContain("<form");
    const contact = await (await fetch(`${site.url}/contact`)).text();
    expect(contact).toContain("The contact form is not available at the moment.");
    expect(contact).toMatch(/href="mailto:[^"]+\?subject=Enquiry/);
    const answer = await post(site, "/newsletter", { email: "a@example.com", consent: "1" });
    // Switched off, the form takes no posts: 405 with Allow, never a 5xx anyone could raise at will.
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, HEAD");
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await answer.text()).toContain("Newsletter sign-up is not available at the moment.");
    expect(site.logs.some((l) => /"level":(50|60)/.test(l))).toBe(false);
  });

  it("serves the manifest, the icons, the worker and the offline pages", async () => {
    const manifest = (await (await fetch(`${site.url}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({
      name: "FC – Contemporary porcelain objects",
      short_name: "FC",
      theme_color: "#A8874A",
      background_color: "#FBFAF7",
    });
    for (const icon of manifest.icons) {
      const res = await fetch(`${site.url}${icon.src}`);
      expect(res.headers.get("content-type"), icon.src).toBe("image/png");
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.readUInt32BE(16), icon.src).toBe(Number(icon.sizes.split("x")[0]));
    }
    const worker = await fetch(`${site.url}/sw.js`);
    expect(worker.status).toBe(200);
    const code = await worker.text();
    // Every chunk of the build is precached, React Router's manifest chunk included.
    for (const asset of readdirSync("build/client/assets").filter((f) => /\.(js|css)$/.test(f)))
      expect(code, asset).toContain(`assets/${asset}`);
    expect(code).toMatch(/assets\/manifest-[\w]+\.js/);
    expect(code).toContain("offline/it.html");
    expect(await (await fetch(`${site.url}/offline/it.html`)).text()).toContain("Sei offline");
  });
});

describe.runIf(ready)("forms without JavaScript", () => {
  let site: RunningSite;
  let newsletter: FakeNewsletter;
  let wordpress: FakeContactForm7;
  beforeAll(async () => {
    newsletter = await startFakeNewsletter({ apiKey: "k-nojs", listId: "L9" });
    wordpress = await startFakeWordPressWithCf7(55);
    site = await startSite({
      WP_URL: wordpress.url,
      NEWSLETTER_API_URL: newsletter.apiUrl,
      NEWSLETTER_API_KEY: "k-nojs",
      NEWSLETTER_LIST_ID: "L9",
      CONTACT_FORM_ID: "55",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await Promise.all([newsletter?.close(), wordpress?.close()]);
  });

  it("subscribes with a plain form post, and says so in the page", async () => {
    const res = await post(site, "/newsletter", { email: "plain@example.com", consent: "1" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.text()).toContain("Thank you! Please check your inbox to confirm your subscription.");
    expect(newsletter.contacts.has("plain@example.com")).toBe(true);
    const again = await post(site, "/it/newsletter", { email: "plain@example.com", consent: "1" });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Questo indirizzo è già iscritto. Grazie!");
  });

  it("answers field errors in the page's language and keeps the input", async () => {
    const en = await post(site, "/newsletter", { email: "plain@example" });
    expect(en.status).toBe(400);
    const html = await en.text();
    expect(html).toContain("Please enter a valid email address, such as name@example.com.");
    expect(html).toContain("Please accept the privacy policy to continue.");
    expect(html).toContain('value="plain@example"');
    expect(html).toContain('aria-invalid="true"');
    const it_ = await (await post(site, "/it/newsletter", { email: "" })).text();
    expect(it_).toContain("Inserisci il tuo indirizzo email.");
    expect(it_).toContain("Per continuare accetta l&#x27;informativa sulla privacy.");
  });

  it("says the provider failed, politely, and keeps the input", async () => {
    newsletter.mode = "error";
    const res = await post(site, "/newsletter", { email: "later@example.com", consent: "1" });
    newsletter.mode = "ok";
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain("Something went wrong on our side and nothing was sent.");
    expect(html).toContain('value="later@example.com"');
    expect(site.logs.join("\n")).not.toContain("later@example.com");
  });

  it("sends a contact message with an attached product to Contact Form 7", async () => {
    const products = await (await fetch(`${site.url}/it/prodotti`)).text();
    const id = /href="\/it\/prodotti\/(\d+)"/.exec(products)![1]!;
    const english =
      /hrefLang="en" href="[^"]*\/products\/(\d+)"/i.exec(
        await (await fetch(`${site.url}/it/prodotti/${id}`)).text(),
      )?.[1] ?? id;
    const page = await (await fetch(`${site.url}/it/contatti?product=${english}`)).text();
    expect(page).toMatch(new RegExp(`name="product"[^>]*value="${english}"`));
    const res = await post(site, `/it/contatti?product=${english}`, {
      name: "Ada",
      email: "ada@example.com",
      company: "",
      message: "Disponibile in bianco?",
      consent: "1",
      product: english,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Grazie, il tuo messaggio è stato inviato.");
    const sent = wordpress.submissions.at(-1)!;
    expect(sent._wpcf7_locale).toBe("it_IT");
    expect(sent["your-products"]).toMatch(/\/it\/prodotti\/\d+$/);
  });

  // Needs server/http/page-cache.ts to key /contact on `wishlist` and `product` (runs once it does).
  it.runIf(pageCacheKey("/contact", new URLSearchParams("product=1")) !== "/contact")(
    "never shows one visitor's attachments to another",
    async () => {
      const products = await (await fetch(`${site.url}/products`)).text();
      const id = /href="\/products\/(\d+)"/.exec(products)![1]!;
      expect(await (await fetch(`${site.url}/contact?product=${id}`)).text()).toMatch(
        new RegExp(`name="product"[^>]*value="${id}"`),
      );
      expect(await (await fetch(`${site.url}/contact`)).text()).not.toContain('name="product"');
    },
  );

  // Last in this group: it spends the newsletter's attempts for this address.
  it("tells a visitor over the form's rate limit when to come back, in the page and in Retry-After", async () => {
    let res: Response | undefined;
    for (let i = 0; i < 8; i++) {
      res = await post(site, "/newsletter", { email: `many${i}@example.com`, consent: "1" });
      if (res.status === 429) break;
    }
    expect(res!.status).toBe(429);
    const seconds = Number(res!.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(await res!.text()).toMatch(
      /You have sent this form several times in a short while\. Please try again in \d+ minutes?\./,
    );
  });
});
