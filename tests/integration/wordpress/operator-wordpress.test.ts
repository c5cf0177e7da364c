// The site on the WordPress an operator really has, installed as wordpress/README.md says:
// Debian's WordPress, the fixture's stock-wuxt routes, the fc-headless plugin, and either no
// language plugin at all (one language) or the Polylang stand-in (two). Proves, on real answers:
// 0 × 5xx over every route of both languages; the missing language's 404s, hreflang, switcher,
// redirect and sitemaps; stock wuxt's front page without a static page and its menu edge cases
// (empty menu, a post type archive item's PHP fatal); nested menus; the outage 503; readiness on a
// wrong application password. The fast versions of the same cases run against the fault-injecting
// fake: tests/integration/wordpress-edge-cases.test.ts and tests/integration/site-languages.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasWordPressParts, readExport, startWordPress, type WordPressSite } from "../../support/wordpress-site";
import { freePort, startSite, waitForLog, type RunningSite, adminPurge } from "../../support/site";
import { hasBuild } from "../../support/requirements";
import { metricValue, readMetrics } from "../../reliability/support";

const enabled = hasWordPressParts() && hasBuild();
const SECRET = "operator-wordpress-secret-0123456789";
const ADMIN_TOKEN = "operator-wordpress-admin-0123456789";

interface Answer {
  status: number;
  headers: Headers;
  html: string;
}

async function get(site: RunningSite, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(site.url + path, { redirect: "manual", headers });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** Each path's status, asked one after another (PHP's built-in server has three workers). */
async function statuses(site: RunningSite, paths: string[]): Promise<(readonly [string, number])[]> {
  const out: (readonly [string, number])[] = [];
  for (const path of paths) out.push([path, (await get(site, path)).status] as const);
  return out;
}

const purge = (site: RunningSite, tags: string[]) => adminPurge(site, ADMIN_TOKEN, tags);

async function readiness(site: RunningSite) {
  return (await (await fetch(`${site.internalUrl}/readyz`)).json()) as {
    wordpress: string;
    warnings: string[];
    languages: { served: string[]; source: string };
  };
}

function footerLinks(html: string): string[] {
  const nav = /<nav[^>]*class="site-footer__menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [...nav.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}

/** Every route of both languages, with ids and slugs of the seeded catalogue (English and, when seeded, Italian). */
function everyRoute(wp: WordPressSite): { en: string[]; it: string[] } {
  const data = readExport(wp);
  const posts = (base: string, lang: string) =>
    data.posts.filter((p) => p.base === base && p.lang === lang && p.status === "publish");
  const routes = { en: [] as string[], it: [] as string[] };
  const words = {
    en: {
      p: "",
      products: "products",
      categories: "categories",
      collections: "collections",
      exclusives: "exclusives",
      projects: "projects",
      manufacture: "manufacture",
      funding: "funding",
      contact: "contact",
    },
    it: {
      p: "/it",
      products: "prodotti",
      categories: "categorie",
      collections: "collezioni",
      exclusives: "esclusivi",
      projects: "progetti",
      manufacture: "manifattura",
      funding: "finanziamenti",
      contact: "contatti",
    },
  };
  for (const lang of ["en", "it"] as const) {
    const w = words[lang];
    // An Italian item in the one-language WordPress does not exist: its paths are the English ones, under /it.
    const source = posts("products", lang).length ? lang : "en";
    const product = posts("products", source)[0]!;
    const categoryId = product.terms.product_categories?.[0];
    const category = data.terms.find((t) => t.id === categoryId)!;
    const collection = posts("collections", source)[0]!;
    const exclusive = posts("exclusives", source)[0]!;
    // A product of each edition (its meta names the edition), for the product dialogs over them.
    const inEdition = (field: "collection" | "exclusive", edition: number) =>
      posts("products", source).find((p) => Number(p.meta[field]) === edition)!;
    routes[lang].push(
      w.p || "/",
      `${w.p}/${w.products}`,
      `${w.p}/${w.products}/${product.id}`,
      `${w.p}/${w.products}?page=2`,
      `${w.p}/${w.categories}`,
      `${w.p}/${w.categories}/${category.slug}`,
      `${w.p}/${w.categories}/${category.slug}/${w.products}/${product.id}`,
      `${w.p}/${w.collections}`,
      `${w.p}/${w.collections}/${collection.slug}`,
      `${w.p}/${w.exclusives}`,
      `${w.p}/${w.exclusives}/${exclusive.slug}`,
      `${w.p}/${w.collections}/${collection.slug}/${w.products}/${inEdition("collection", collection.id).id}`,
      `${w.p}/${w.exclusives}/${exclusive.slug}/${w.products}/${inEdition("exclusive", exclusive.id).id}`,
      `${w.p}/${w.projects}`,
      `${w.p}/${w.projects}/${w.products}/${product.id}`,
      `${w.p}/about`,
      `${w.p}/${w.manufacture}`,
      `${w.p}/${w.funding}`,
      `${w.p}/prove`,
      `${w.p}/${w.contact}`,
      `${w.p}/newsletter`,
      `${w.p}/wishlist`,
      `${w.p}/${w.products}.data`,
      `${w.p}/${w.products}/${product.id}.data`,
    );
  }
  return routes;
}

describe.skipIf(!enabled)("one language: WordPress without a language plugin", () => {
  let wp: WordPressSite;
  let site: RunningSite;

  beforeAll(async () => {
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    wp = await startWordPress({
      languages: "none",
      siteUrls: [siteUrl],
      secret: SECRET,
      publicUrl: siteUrl,
      uploads: false,
    });
    site = await startSite({
      PORT: String(port),
      WP_URL: wp.url,
      WP_USER: wp.reader.user,
      WP_APP_PASSWORD: wp.reader.appPassword,
      PURGE_SECRET: SECRET,
      ADMIN_TOKEN,
      CACHE_FRESH_SECONDS: "600",
      WP_TIMEOUT_MS: "20000",
    });
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
    await wp?.stop();
  });

  it("answers every route of both languages without a 5xx: English 200, Italian 404", async () => {
    const routes = everyRoute(wp);
    const answers = await statuses(site, [...routes.en, ...routes.it]);
    expect(answers.filter(([, status]) => status >= 500)).toEqual([]);
    for (const [path, status] of answers) expect(status, path).toBe(path.startsWith("/it") ? 404 : 200);
    expect((await readiness(site)).languages).toMatchObject({ served: ["en"], source: "wordpress" });
  });

  it("never points at Italian: no hreflang, no switcher, no redirect at /, no Italian sitemap", async () => {
    for (const path of ["/", "/products", "/about"]) {
      const page = await get(site, path);
      expect(page.html, path).not.toMatch(/hreflang="it"|href="\/it[/"]/i);
      expect(page.html, path).toMatch(/hreflang="x-default"/i);
    }
    expect((await get(site, "/", { "Accept-Language": "it-IT,it;q=0.9" })).status).toBe(200);
    const index = await get(site, "/sitemap.xml");
    expect(index.html).toContain("sitemap-en.xml");
    expect(index.html).not.toContain("sitemap-it.xml");
    const en = await get(site, "/sitemap-en.xml");
    expect(en.status).toBe(200);
    expect(en.html).toContain("/products/");
    expect(en.html).not.toMatch(/hreflang="it"/);
    expect((await get(site, "/sitemap-it.xml")).status).toBe(404);
  });

  it("renders nested menus: the header's About with its pages, behind a disclosure button", async () => {
    const html = (await get(site, "/wishlist")).html;
    const header = /<nav id="main-menu"[\s\S]*?<\/nav>/.exec(html)![0];
    const parent = /<li class="menu-tree__parent"[^>]*>([\s\S]*?)<\/ul><\/li>/.exec(header)![1]!;
    expect(parent).toMatch(/>About<\/a>/);
    expect(parent).toMatch(/<button [^>]*aria-expanded="false"/);
    expect([...parent.matchAll(/<li><a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1])).toEqual([
      "Manufacture",
      "Prove",
      "Funding",
    ]);
  });

  it("renders the home page from the newest products while WordPress has no static front page (stock wuxt answers the posts)", async () => {
    const front = await wp.php<number>(
      "$id = (int) get_option('page_on_front'); update_option('show_on_front', 'posts'); update_option('page_on_front', 0); return $id;",
    );
    try {
      const stock = await fetch(`${wp.url}/wp-json/wuxt/v1/front-page`);
      expect(Array.isArray(await stock.json())).toBe(true);
      await purge(site, ["front-page"]);
      const home = await get(site, "/");
      expect(home.status).toBe(200);
      expect(home.html).toMatch(/href="\/products\/\d+"/);
      expect((await readiness(site)).warnings.join(" ")).toMatch(/no static front page/);
    } finally {
      await wp.php(`update_option('show_on_front', 'page'); update_option('page_on_front', ${front}); return true;`);
      await purge(site, ["front-page"]);
    }
    expect((await get(site, "/")).status).toBe(200);
  });

  it("shows an empty menu (stock wuxt: 200, no body) as no items, without an error line", async () => {
    const from = site.logs.length;
    const previous = await wp.php<number>(
      "$l = get_theme_mod('nav_menu_locations'); $old = (int) $l['footer']; $l['footer'] = wp_create_nav_menu('Empty footer'); set_theme_mod('nav_menu_locations', $l); return $old;",
    );
    try {
      const stock = await fetch(`${wp.url}/wp-json/wuxt/v1/menu?location=footer`);
      expect(stock.status).toBe(200);
      expect(await stock.text()).toBe("");
      await purge(site, ["menu"]);
      const page = await get(site, "/newsletter");
      expect(page.status).toBe(200);
      expect(footerLinks(page.html)).not.toContain("Instagram");
      await waitForLog(site, (l) => l.includes(page.headers.get("x-request-id")!));
      expect(site.logs.slice(from).filter((l) => /"level":(40|50)/.test(l))).toEqual([]);
    } finally {
      await wp.php(
        `$l = get_theme_mod('nav_menu_locations'); $l['footer'] = ${previous}; set_theme_mod('nav_menu_locations', $l); return true;`,
      );
      await purge(site, ["menu"]);
    }
  });

  it("keeps the last menu read when stock wuxt fails on a post type archive item (PHP fatal), with a warn line and a metric", async () => {
    const before = footerLinks((await get(site, "/newsletter")).html);
    expect(before).toContain("Instagram");
    const item = await wp.php<number>(
      "$menu = (int) get_theme_mod('nav_menu_locations')['footer']; return wp_update_nav_menu_item($menu, 0, array('menu-item-type' => 'post_type_archive', 'menu-item-object' => 'products', 'menu-item-title' => 'All products', 'menu-item-status' => 'publish'));",
    );
    try {
      expect((await fetch(`${wp.url}/wp-json/wuxt/v1/menu?location=footer`)).status).toBe(500);
      await purge(site, ["menu"]);
      const page = await get(site, "/newsletter");
      expect(page.status).toBe(200);
      expect(footerLinks(page.html)).toEqual(before);
      expect(await waitForLog(site, (l) => l.includes("last one read") && l.includes('"level":40'))).toBeDefined();
      expect(
        metricValue(await readMetrics(site.metricsUrl), "wp_content_fallbacks_total", { kind: "menu" }),
      ).toBeGreaterThan(0);
    } finally {
      await wp.php(`wp_delete_post(${item}, true); return true;`);
      await purge(site, ["menu"]);
    }
  });

  it("checks the credentials at start: 'up' with the reader's application password", async () => {
    expect((await readiness(site)).wordpress).toBe("up");
    expect(site.logs.some((l) => l.includes('"problem"'))).toBe(false);
  });

  it("says 'unauthorized' in readiness with a wrong application password, from the start and why, and answers 503, not 500", async () => {
    const wrong = await startSite({
      WP_URL: wp.url,
      WP_USER: wp.reader.user,
      WP_APP_PASSWORD: "abcd efgh ijkl mnop qrst uvwx",
    });
    try {
      // Before any visitor: the probe at start asked users/me with the credentials.
      expect((await readiness(wrong)).wordpress).toBe("unauthorized");
      expect(await waitForLog(wrong, (l) => l.includes('"problem":"refused"'))).toBeDefined();
      const page = await get(wrong, "/products");
      expect(page.status).toBe(503);
      expect((await readiness(wrong)).wordpress).toBe("unauthorized");
      expect(metricValue(await readMetrics(wrong.metricsUrl), "wp_origin_auth_failures_total")).toBeGreaterThan(0);
    } finally {
      await wrong.stop();
    }
  });

  it("answers 503 with Retry-After for a page never seen while WordPress is stopped; pages seen stay up", async () => {
    const seen = await get(site, "/collections");
    expect(seen.status).toBe(200);
    const data = readExport(wp);
    const unseen = data.posts.filter((p) => p.base === "products" && p.status === "publish").at(-1)!;
    await wp.stop();
    const page = await get(site, `/products/${unseen.id}`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.html).toContain("Temporarily unavailable");
    expect((await get(site, "/collections")).status).toBe(200);
  });
});

describe.skipIf(!enabled)("two languages: WordPress with the Polylang stand-in", () => {
  let wp: WordPressSite;
  let site: RunningSite;

  beforeAll(async () => {
    wp = await startWordPress({ uploads: false });
    site = await startSite({
      WP_URL: wp.url,
      WP_USER: wp.reader.user,
      WP_APP_PASSWORD: wp.reader.appPassword,
      WP_TIMEOUT_MS: "20000",
    });
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
    await wp?.stop();
  });

  it("answers a representative route of each kind in both languages with 200, hreflang to both, and both sitemaps", async () => {
    const routes = everyRoute(wp);
    const sample = (list: string[]) => list.filter((_, i) => [0, 1, 2, 5, 6, 8, 10, 12, 20].includes(i));
    const answers = await statuses(site, [...sample(routes.en), ...sample(routes.it)]);
    expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
    expect((await get(site, "/about")).html).toMatch(/hreflang="it"/i);
    const index = await get(site, "/sitemap.xml");
    expect(index.html).toContain("sitemap-it.xml");
    expect((await get(site, "/sitemap-it.xml")).status).toBe(200);
    expect((await readiness(site)).languages).toMatchObject({ served: ["en", "it"], source: "wordpress" });
  });
});
