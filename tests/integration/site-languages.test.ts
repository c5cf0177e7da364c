// The site serves the languages WordPress serves. Against the fault-injecting fake: a WordPress in
// one language (no Polylang: the fc-headless plugin refuses `lang=it` with 400 rest_invalid_param,
// and without the plugin the REST index names no languages), SITE_LANGUAGES pinning, and a
// WordPress that starts refusing Italian while the site runs. A language not served: its pages
// answer 404 (never 500) in any letter case and never after a redirect, no hreflang, x-default or
// switcher points at it, / never redirects to it, robots.txt does not name it, and its sitemap leaves
// the index. Path words and slugs in capitals redirect once to the lowercase page, and only when
// that page exists (a slug or id WordPress does not have is a 404 where asked, with no redirect).
// The same against a real WordPress without a language plugin:
// tests/integration/wordpress/operator-wordpress.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type Fault, type FaultyWordPress } from "../support/faulty-wordpress";
import { metricValue, probe, readMetrics } from "../reliability/support";
import type { PostRecord } from "../../demo";

const ready = hasBuild();

/** What WordPress answers a `lang` it does not have, when the fc-headless plugin runs without Polylang. */
const LANG_REFUSED: Fault = {
  kind: "answer",
  status: 400,
  body: JSON.stringify({
    code: "rest_invalid_param",
    message: "Invalid parameter(s): lang",
    data: { status: 400, params: { lang: "lang is not one of en." }, details: {} },
  }),
};
/** The REST index of a WordPress without the fc-headless plugin: no languages named. */
const PLAIN_INDEX: Fault = {
  kind: "answer",
  status: 200,
  body: JSON.stringify({ name: "FC", description: "", url: "", namespaces: ["wp/v2", "wuxt"], routes: {} }),
};

const ITALIAN_PATHS = [
  "/it",
  "/it/prodotti",
  "/it/categorie",
  "/it/collezioni",
  "/it/about",
  "/it/manifattura",
  "/it/wishlist",
  "/it/prodotti.data",
];

async function readiness(site: RunningSite) {
  return (await (await fetch(`${site.internalUrl}/readyz`)).json()) as {
    languages: { served: string[]; source: string; refused: Record<string, string> };
  };
}

/** What an English page says about Italian: hreflang, x-default, links into /it. */
function italianLinks(html: string): string[] {
  return [...html.matchAll(/<(?:link|a)\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /hreflang="it"|href="(?:https?:\/\/[^"/]+)?\/it(?:[/"])/i.test(tag));
}

async function expectOneLanguage(site: RunningSite) {
  for (const path of ITALIAN_PATHS) {
    const res = await probe(site.url + path);
    expect(res.status, path).toBe(404);
    if (!path.endsWith(".data")) expect(res.body, path).toContain("This page could not be found");
  }
  // Other spellings of Italian paths: a 404 straight away, never a redirect to one.
  for (const path of [
    "/IT/prodotti",
    "/It/Prodotti",
    "/IT",
    "/it/",
    "/IT/",
    "/it/prodotti/",
    "/IT/prodotti.data",
    "/IT/preview",
  ]) {
    const res = await probe(site.url + path);
    expect(res.status, path).toBe(404);
    expect(res.headers.get("location"), path).toBeNull();
  }
  const robots = await probe(`${site.url}/robots.txt`);
  expect(robots.status).toBe(200);
  expect(robots.body).toContain("Disallow: /preview");
  expect(robots.body).not.toMatch(/\/it\b/);
  const home = await probe(`${site.url}/`, { headers: { "Accept-Language": "it-IT,it;q=0.9" } });
  expect(home.status, "/ for an Italian browser").toBe(200);
  const withCookie = await probe(`${site.url}/`, { headers: { Cookie: "i18n_redirected=it" } });
  expect(withCookie.status, "/ with the Italian cookie").toBe(200);
  for (const path of ["/", "/products", "/about"]) {
    const res = await probe(site.url + path);
    expect(res.status, path).toBe(200);
    expect(italianLinks(res.body), path).toEqual([]);
    expect(res.body, path).toMatch(/hreflang="x-default"/i);
  }
  const index = await probe(`${site.url}/sitemap.xml`);
  expect(index.body).toContain("sitemap-en.xml");
  expect(index.body).not.toContain("sitemap-it.xml");
  const en = await probe(`${site.url}/sitemap-en.xml`);
  expect(en.status).toBe(200);
  expect(en.body).toContain("<loc>");
  expect(en.body).not.toMatch(/hreflang="it"|\/it\//);
  expect((await probe(`${site.url}/sitemap-it.xml`)).status).toBe(404);
  const metrics = await readMetrics(site.metricsUrl);
  expect(metricValue(metrics, "http_request_duration_seconds_count", { status: "500" })).toBe(0);
}

describe.runIf(ready)("languages the site serves", () => {
  let wp: FaultyWordPress;
  let site: RunningSite | undefined;

  beforeAll(async () => {
    wp = await startFaultyWordPress();
  });
  afterEach(async () => {
    await site?.stop();
    site = undefined;
    wp.setFault(undefined);
  });
  afterAll(async () => {
    await wp?.close().catch(() => undefined);
  });

  it("serves English only when WordPress has one language (no plugin in the index, `lang=it` refused): Italian is 404 and linked nowhere", async () => {
    wp.setFault(/^\/wp-json\/?(\?|$)/, PLAIN_INDEX);
    wp.addFault(/[?&]lang=it(&|$)/, LANG_REFUSED);
    site = await startSite({ WP_URL: wp.url });
    expect((await readiness(site)).languages).toMatchObject({ served: ["en"], source: "probe" });
    await expectOneLanguage(site);
  });

  it("serves the languages SITE_LANGUAGES names", async () => {
    site = await startSite({ WP_URL: wp.url, SITE_LANGUAGES: "en" });
    expect((await readiness(site)).languages).toMatchObject({ served: ["en"], source: "SITE_LANGUAGES" });
    await expectOneLanguage(site);
  });

  it("sends a path word or a slug in capitals to its lowercase page in one hop, and a path with no page to a 404 without a redirect", async () => {
    site = await startSite({ WP_URL: wp.url, SITE_LANGUAGES: "en" });
    const category = (wp.catalogue.list("product_categories", { lang: "en" }) as { slug: string }[])[0]!;
    const cases: [string, string][] = [
      ["/Products", "/products"],
      ["/Products/", "/products"],
      ["/products/?sort=name", "/products?sort=name"],
      [`/categories/${category.slug.toUpperCase()}`, `/categories/${category.slug}`],
      [`/Categories/${category.slug.toUpperCase()}/`, `/categories/${category.slug}`],
    ];
    for (const [from, to] of cases) {
      const res = await probe(site.url + from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
      expect((await probe(site.url + to)).status, to).toBe(200);
    }
    // A page's data request with a trailing slash (`/products/_.data`, React Router 8's form) goes
    // where the page's document goes, its own query kept and the router's dropped.
    for (const [from, to] of [
      ["/products/_.data", "/products"],
      ["/Products/_.data?sort=name&_routes=root", "/products?sort=name"],
    ] as const) {
      const res = await probe(site.url + from);
      expect(res.status, from).toBe(204);
      expect(res.headers.get("x-remix-redirect"), from).toBe(to);
    }
    for (const path of ["/no-such-page/", "/categories/no-such-category/products/1/extra/"]) {
      const res = await probe(site.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
    // A slug or an id in a path spelled otherwise: a redirect only to a page that exists, else its 404 where asked.
    const products = wp.catalogue.list("products", { lang: "en" }) as PostRecord[];
    const noProduct = Math.max(...products.map((p) => p.id)) + 1000;
    for (const path of [
      "/categories/NOPE",
      "/Categories/NOPE",
      "/categories/NOPE/",
      `/Products/${noProduct}`,
      `/Products/${noProduct}/`,
      `/CATEGORIES/${category.slug.toUpperCase()}/Products/${noProduct}`,
      "/categories/NOPE.data",
    ]) {
      const res = await probe(site.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
      expect(res.headers.get("x-remix-redirect"), path).toBeNull();
    }
  });

  it("keeps redirecting a slug in capitals when WordPress cannot say whether its page exists, and never answers 5xx for it", async () => {
    site = await startSite({ WP_URL: wp.url, SITE_LANGUAGES: "en" });
    const category = (wp.catalogue.list("product_categories", { lang: "en" }) as { slug: string }[])[0]!;
    wp.setFault(/product_categories/, { kind: "status", status: 503, code: "unavailable" });
    const res = await probe(`${site.url}/categories/${category.slug.toUpperCase()}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/categories/${category.slug}`);
    // The page itself cannot be read either: its own answer says so (and the redirect did not hide an error).
    expect((await probe(`${site.url}/categories/${category.slug}`)).status).toBe(503);
  });

  it("serves both languages WordPress names in its index, and drops Italian when WordPress starts refusing it", async () => {
    site = await startSite({ WP_URL: wp.url });
    expect((await readiness(site)).languages).toMatchObject({ served: ["en", "it"], source: "wordpress" });
    const about = await probe(`${site.url}/about`);
    expect(about.body).toMatch(/hreflang="it"/i);
    expect((await probe(`${site.url}/it/about`)).status).toBe(200);

    wp.setFault(/[?&]lang=it(&|$)/, LANG_REFUSED);
    const unseen = (wp.catalogue.list("products", { lang: "it" }) as PostRecord[])
      .filter((p) => p.status === "publish")
      .at(-1)!;
    expect((await probe(`${site.url}/it/prodotti/${unseen.id}`)).status).toBe(404);
    const state = (await readiness(site)).languages;
    expect(state.served).toEqual(["en"]);
    expect(state.refused.it).toMatch(/Invalid parameter\(s\): lang/);
    await expectOneLanguage(site);
  });
});
