// The whole loop with the real parts: a real WordPress with the fc-headless plugin, and the built
// site reading it. An editor publishes → the plugin's signed webhook is accepted by the running site
// → the next page view shows it. Also: delete → 404, a menu edit, a renamed slug → 301, a preview.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasWordPressParts, startWordPress, type WordPressSite } from "../../support/wordpress-site";
import { freePort, startSite, type RunningSite } from "../../support/site";
import { hasBuild } from "../../support/requirements";

const enabled = hasWordPressParts() && hasBuild();
const SECRET = "site-loop-secret-0123456789";
let wp: WordPressSite;
let site: RunningSite;

/** Poll the site (and run WP-Cron, where the plugin may have queued the delivery) until `ok`. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error("the site did not show the change in time");
    await wp.cron();
    await new Promise((r) => setTimeout(r, 200));
  }
}

const page = async (path: string, init?: RequestInit) => {
  const res = await fetch(site.url + path, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

describe.skipIf(!enabled)("the site on a real WordPress", () => {
  beforeAll(async () => {
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    wp = await startWordPress({
      siteUrls: [siteUrl],
      secret: SECRET,
      publicUrl: siteUrl,
      retrySeconds: 1,
      uploads: false,
    });
    site = await startSite({
      PORT: String(port),
      WP_URL: wp.url,
      WP_USER: wp.reader.user,
      WP_APP_PASSWORD: wp.reader.appPassword,
      PURGE_SECRET: SECRET,
      CACHE_FRESH_SECONDS: "600",
    });
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
    await wp?.stop();
  });

  it("renders products in both languages from WordPress", async () => {
    const en = await page("/products");
    expect(en.status).toBe(200);
    const id = en.html.match(/href="\/products\/(\d+)"/)![1]!;
    const product = await page(`/products/${id}`);
    expect(product.status).toBe(200);
    expect(product.html).toMatch(/<h2 id="product-title"/);
    const it_ = await page("/it/prodotti");
    expect(it_.status).toBe(200);
    expect(it_.html).toContain('<html lang="it"');
  });

  it("shows an edited product on the next view, through the plugin's signed webhook", async () => {
    const products = await wp.rest("GET", "wp/v2/products?lang=en&per_page=5");
    const { id } = products.body[0] as { id: number };
    expect((await page(`/products/${id}`)).status).toBe(200);
    const res = await wp.rest("POST", `wp/v2/products/${id}`, { title: "Onda, as published a minute ago" });
    expect(res.status).toBe(200);
    await eventually(async () => (await page(`/products/${id}`)).html.includes("Onda, as published a minute ago"));
    expect(site.logs.some((l) => l.includes('"msg":"webhook purge"'))).toBe(true);
  });

  it("answers 404 once a product is trashed", async () => {
    const products = await wp.rest("GET", "wp/v2/products?lang=en&per_page=5");
    const { id } = products.body[1] as { id: number };
    expect((await page(`/products/${id}`)).status).toBe(200);
    expect((await wp.rest("DELETE", `wp/v2/products/${id}`)).status).toBe(200);
    await eventually(async () => (await page(`/products/${id}`)).status === 404);
  });

  it("shows an edited menu", async () => {
    const menu = (await (await fetch(`${wp.url}/wp-json/wuxt/v1/menu?location=header`)).json()) as Record<
      string,
      { ID: number; title: string }
    >;
    const item = Object.values(menu)[0]!;
    expect((await wp.rest("POST", `wp/v2/menu-items/${item.ID}`, { title: "The catalogue" })).status).toBe(200);
    await eventually(async () => (await page("/about")).html.includes("The catalogue"));
  });

  it("redirects a renamed collection's old slug with 301", async () => {
    const list = await wp.rest("GET", "wp/v2/collections?lang=en&per_page=1");
    const { id, slug } = list.body[0] as { id: number; slug: string };
    expect((await page(`/collections/${slug}`)).status).toBe(200);
    expect((await wp.rest("POST", `wp/v2/collections/${id}`, { slug: `${slug}-renamed` })).status).toBe(200);
    await eventually(async () => (await page(`/collections/${slug}-renamed`)).status === 200);
    const old = await page(`/collections/${slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/collections/${slug}-renamed`);
  });

  it("opens a draft on a signed preview link, uncached and noindex", async () => {
    const created = await wp.rest("POST", "wp/v2/products", { title: "A vase not yet published", status: "draft" });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sig = createHmac("sha256", SECRET).update(`preview.products.${id}.${exp}`).digest("hex");
    const preview = await page(`/preview?type=products&id=${id}&exp=${exp}&sig=${sig}`);
    expect(
      preview.status,
      site.logs
        .filter((l) => /error/i.test(l))
        .slice(-3)
        .join("\n"),
    ).toBe(200);
    expect(preview.html).toContain("A vase not yet published");
    expect(preview.html).toContain("preview-ribbon");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.headers.get("x-robots-tag")).toContain("noindex");
    const forged = await page(`/preview?type=products&id=${id}&exp=${exp}&sig=${"0".repeat(64)}`);
    expect(forged.status).toBe(403);
    expect((await page(`/products/${id}`)).status).toBe(404);
  });
});
