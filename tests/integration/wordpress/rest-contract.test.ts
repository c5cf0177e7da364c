// The demo catalogue's fidelity, proven: the site's WordPress client runs the same contract checks
// against a real WordPress (Debian's 6.1 with the fixture, seeded from the demo catalogue with the
// demo's ids, and the fc-headless plugin) and against the demo server, and both give the same
// results — shapes that parse with server/content/schemas.ts, paging headers and links, WordPress's
// error codes for an unknown id, a draft, bad parameters. Then the ContentService renders product
// lists and details in both languages from the real WordPress, as it does from the demo.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { startDemoWordPress, type DemoWordPress, type PostRecord } from "../../../demo";
import {
  createWordPressClient,
  isWordPressError,
  type WordPressClient,
  type WpParams,
} from "../../../server/content/wordpress-client";
import {
  parseWp,
  wpCategory,
  wpColour,
  wpDesigner,
  wpEdition,
  wpImagemap,
  wpMedia,
  wpMenu,
  wpPage,
  wpProduct,
  wpProject,
  wpSearchResult,
  type WpMenuItem,
} from "../../../server/content/schemas";
import { createContentService } from "../../../server/content/content-service";
import type { ContentService } from "../../../common/content";
import { hasWordPressParts, startWordPress, type WordPressSite } from "../../support/wordpress-site";

const enabled = hasWordPressParts();

let wp: WordPressSite;
let demo: DemoWordPress;

beforeAll(async () => {
  if (!enabled) return;
  wp = await startWordPress({ uploads: true });
  // The same read-only credentials are valid on both hosts.
  demo = await startDemoWordPress({
    port: 0,
    media: { cacheDir: false },
    credentials: { user: wp.reader.user, password: wp.reader.appPassword },
  });
}, 240_000);

afterAll(async () => {
  await demo?.close();
  await wp?.stop();
});

type Check = (client: WordPressClient, host: string) => Promise<unknown>;

const local = (url: string | null, host: string) => (url === null ? null : url.split(host).join("{wp}"));

/** A list answer: its paging headers and a projection of each item. */
async function list<S extends z.ZodType>(
  client: WordPressClient,
  host: string,
  route: string,
  params: WpParams,
  schema: S,
  project: (item: z.output<S>) => unknown,
) {
  const r = await client.get(route, params);
  const items = parseWp(z.array(schema), r.data, r.endpoint, r.status);
  return { total: r.total, totalPages: r.totalPages, items: items.map(project) };
}

const productView = (p: z.output<typeof wpProduct>) => ({
  id: p.id,
  slug: p.slug,
  lang: p.lang,
  translations: p.translations,
  title: p.title.rendered,
  status: p.status,
  meta: p.meta,
  categories: [...p.product_categories].sort((a, b) => a - b),
  colours: [...p.product_colors].sort((a, b) => a - b),
  featured: p.featured_media,
  embeddedMedia: p._embedded?.["wp:featuredmedia"]?.map((m) => ("id" in m ? m.id : m.code)),
  embeddedTerms: p._embedded?.["wp:term"]?.map((list) =>
    list.map((t) => ("id" in t ? t.id : t.code)).sort((a, b) => Number(a) - Number(b)),
  ),
});

const menuView = (items: WpMenuItem[], host: string): unknown =>
  [...items]
    .sort((a, b) => a.menu_order - b.menu_order)
    .map((i) => ({
      id: i.ID,
      title: i.title,
      url: local(i.url, host),
      order: i.menu_order,
      object: i.object,
      objectId: i.object_id,
      type: i.type,
      target: i.target,
      children: menuView(i.children, host),
    }));

function draftId(): number {
  const draft = demo.catalogue.list("products", { status: "draft", lang: "en" })[0] as PostRecord | undefined;
  if (!draft) throw new Error("the demo catalogue has no draft product");
  return draft.id;
}

const CHECKS: Record<string, Check> = {
  "products, page 2 of 5 with _embed": (c, h) =>
    list(c, h, "wp/v2/products", { per_page: 5, page: 2, _embed: true }, wpProduct, productView),
  "products in English, all": (c, h) =>
    list(c, h, "wp/v2/products", { lang: "en", per_page: 100 }, wpProduct, (p) => [p.id, p.lang, p.slug]),
  "products in Italian by title": (c, h) =>
    list(c, h, "wp/v2/products", { lang: "it", per_page: 20, orderby: "title", order: "asc" }, wpProduct, (p) => p.id),
  "products of a category": (c, h) =>
    list(c, h, "wp/v2/products", { lang: "en", product_categories: 6, per_page: 100 }, wpProduct, (p) => p.id),
  "products by include": (c, h) =>
    list(
      c,
      h,
      "wp/v2/products",
      { include: [228, 224, 236], orderby: "include", _embed: true },
      wpProduct,
      productView,
    ),
  "a product with _embed": async (c) => {
    const r = await c.get("wp/v2/products/224", { _embed: true });
    return productView(parseWp(wpProduct, r.data, r.endpoint));
  },
  "a product by slug, in Italian": (c, h) =>
    list(c, h, "wp/v2/products", { slug: "vaso-onda" }, wpProduct, productView),
  "categories in Italian": (c, h) =>
    list(c, h, "wp/v2/product_categories", { lang: "it", per_page: 100 }, wpCategory, (t) => ({
      ...t,
      link: local(t.link, h),
    })),
  "colours in English, paged": (c, h) =>
    list(c, h, "wp/v2/product_colors", { lang: "en", per_page: 4, page: 2 }, wpColour, (t) => [
      t.id,
      t.slug,
      t.meta.hex,
      t.count,
    ]),
  "terms of a product": (c, h) => list(c, h, "wp/v2/product_colors", { post: 224 }, wpColour, (t) => t.id),
  "collections in Italian": (c, h) =>
    list(c, h, "wp/v2/collections", { lang: "it", per_page: 100 }, wpEdition, (e) => [
      e.id,
      e.slug,
      e.meta,
      e.translations,
    ]),
  "exclusives in English": (c, h) =>
    list(c, h, "wp/v2/exclusives", { lang: "en", per_page: 100, _embed: true }, wpEdition, (e) => [
      e.id,
      e.slug,
      e.meta,
      e.featured_media,
    ]),
  designers: (c, h) =>
    list(c, h, "wp/v2/designers", { lang: "it", per_page: 100 }, wpDesigner, (d) => [d.id, d.title.rendered, d.meta]),
  projects: (c, h) => list(c, h, "wp/v2/projects", { lang: "en", per_page: 100 }, wpProject, (p) => [p.id, p.meta]),
  imagemaps: (c, h) =>
    list(c, h, "wp/v2/imagemap_products", { lang: "it", per_page: 100 }, wpImagemap, (m) => [m.id, m.meta]),
  "a company page by slug": (c, h) =>
    list(c, h, "wp/v2/pages", { slug: "about", lang: "en", _embed: true }, wpPage, (p) => [
      p.id,
      p.lang,
      p.translations,
      p.meta,
      p.menu_order,
    ]),
  "the password-protected page": async (c) => {
    const r = await c.get<{ content: { protected: boolean; rendered: string } }[]>("wp/v2/pages", { slug: "trade" });
    return r.data.map((p) => p.content);
  },
  "media by include": (c, h) =>
    list(c, h, "wp/v2/media", { include: [221, 222, 223, 225], per_page: 100 }, wpMedia, (m) => ({
      id: m.id,
      alt: m.alt_text,
      lang: m.lang,
      translations: m.translations,
      source: local(m.source_url, h),
      size: [m.media_details.width, m.media_details.height],
      sizes: Object.entries(m.media_details.sizes).map(([name, s]) => [
        name,
        s.width,
        s.height,
        local(s.source_url, h),
      ]),
    })),
  "the Italian front page": async (c) => {
    const r = await c.get("wuxt/v1/front-page", { _embed: true, lang: "it" });
    const page = parseWp(wpPage, r.data, r.endpoint);
    return [page.id, page.slug, page.lang, page.meta, page._embedded?.["wp:featuredmedia"]?.length];
  },
  "the English front page": async (c) => {
    const r = await c.get("wuxt/v1/front-page", {});
    const page = parseWp(wpPage, r.data, r.endpoint);
    return [page.id, page.slug, page.meta.company?.name];
  },
  "the header menu": async (c, h) =>
    menuView(parseWp(wpMenu, (await c.get("wuxt/v1/menu", { location: "header" })).data, "menu"), h),
  "the Italian footer, by location": async (c, h) =>
    menuView(parseWp(wpMenu, (await c.get("wuxt/v1/menu", { location: "footer___it" })).data, "menu"), h),
  "the Italian header, by lang": async (c, h) =>
    menuView(parseWp(wpMenu, (await c.get("wuxt/v1/menu", { location: "header", lang: "it" })).data, "menu"), h),
  "a page by wuxt slug": async (c) => {
    const r = await c.get("wuxt/v1/slug/chi-siamo", { _embed: true });
    const page = parseWp(wpPage, r.data, r.endpoint);
    return [page.id, page.lang, page.translations];
  },
  search: async (c) => {
    const r = await c.get("wp/v2/search", { search: "onda", type: "post", subtype: ["products", "page"], lang: "it" });
    const hits = parseWp(z.array(wpSearchResult), r.data, r.endpoint);
    return { total: r.total, hits: hits.map((x) => [x.id, x.subtype, x.title]).sort() };
  },
  // WordPress's answers that are errors.
  "an unknown product": (c) => c.get("wp/v2/products/999999"),
  "an unknown term": (c) => c.get("wp/v2/product_categories/999999"),
  "a draft product": (c) => c.get(`wp/v2/products/${draftId()}`),
  "per_page over 100": (c) => c.get("wp/v2/products", { per_page: 500 }),
  "a page past the end": (c) => c.get("wp/v2/products", { per_page: 10, page: 99 }),
  "a term page past the end": (c, h) =>
    list(c, h, "wp/v2/product_categories", { per_page: 10, page: 9 }, wpCategory, (t) => t.id),
  "an unknown language": (c) => c.get("wp/v2/products", { lang: "fr" }),
  "drafts listed anonymously": (c) => c.get("wp/v2/products", { status: "draft" }),
  "an unknown menu location": (c) => c.get("wuxt/v1/menu", { location: "sidebar" }),
  "an unknown slug": (c) => c.get("wuxt/v1/slug/no-such-page"),
  "an unknown route": (c) => c.get("wp/v2/nothing-here"),
};

/** Every check's outcome: its projection, or the error as the site's client classifies it. */
async function runChecks(client: WordPressClient, host: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(CHECKS)) {
    try {
      const value = await check(client, host);
      // A raw response (an expected error that did not happen) is reduced to its status.
      out[name] =
        value && typeof value === "object" && "endpoint" in value && "status" in value
          ? { status: (value as { status: number }).status }
          : value;
    } catch (error) {
      out[name] = isWordPressError(error)
        ? { code: error.code, status: error.status, notFound: error.notFound, authentication: error.authentication }
        : { thrown: String(error) };
    }
  }
  return out;
}

describe.skipIf(!enabled)("the site's client against a real WordPress and the demo", () => {
  it("gets the same results from both, for anonymous reads", async () => {
    const real = await runChecks(createWordPressClient({ baseUrl: wp.url, timeoutMs: 20_000 }), wp.url);
    const fake = await runChecks(createWordPressClient({ baseUrl: demo.url, timeoutMs: 20_000 }), demo.url);
    const differing = Object.keys(CHECKS).filter((name) => !isDeepStrictEqual(real[name], fake[name]));
    for (const name of differing) expect({ [name]: real[name] }).toEqual({ [name]: fake[name] });
    expect(differing).toEqual([]);
    // The checks are meaningful: lists have items, errors are WordPress's.
    expect(real["products in English, all"]).toMatchObject({ total: 40, totalPages: 1 });
    expect(real["products, page 2 of 5 with _embed"]).toMatchObject({ total: 80, totalPages: 16 });
    expect(real["an unknown product"]).toEqual({
      code: "rest_post_invalid_id",
      status: 404,
      notFound: true,
      authentication: false,
    });
    expect(real["a draft product"]).toEqual({
      code: "rest_forbidden",
      status: 401,
      notFound: true,
      authentication: false,
    });
    expect(real["per_page over 100"]).toMatchObject({ code: "rest_invalid_param", status: 400, notFound: false });
    expect(real["a page past the end"]).toMatchObject({ code: "rest_post_invalid_page_number", status: 400 });
    expect(real["an unknown route"]).toMatchObject({ code: "rest_no_route", status: 404, notFound: false });
    expect(real["an unknown menu location"]).toMatchObject({ code: "wuxt_menu_error", status: 404 });
  }, 120_000);

  it("gets the same results with the read-only application password, and refuses a wrong one alike", async () => {
    const auth = { user: wp.reader.user, appPassword: wp.reader.appPassword, timeoutMs: 20_000 };
    const real = createWordPressClient({ baseUrl: wp.url, ...auth });
    const fake = createWordPressClient({ baseUrl: demo.url, ...auth });
    const picked = [
      "a draft product",
      "an unknown product",
      "a product with _embed",
      "the header menu",
      "drafts listed anonymously",
    ];
    const subset = async (client: WordPressClient, host: string) => {
      const all = await runChecks(client, host);
      return Object.fromEntries(picked.map((k) => [k, all[k]]));
    };
    const [a, b] = [await subset(real, wp.url), await subset(fake, demo.url)];
    expect(a).toEqual(b);
    expect(a["a draft product"]).toEqual({
      code: "rest_forbidden",
      status: 403,
      notFound: true,
      authentication: false,
    });

    const wrong = { user: wp.reader.user, appPassword: "abcd efgh ijkl mnop qrst uvwx", timeoutMs: 20_000 };
    const errors = await Promise.all(
      [wp.url, demo.url].map((baseUrl) =>
        createWordPressClient({ baseUrl, ...wrong })
          .get("wp/v2/products")
          .then(
            () => null,
            (e: unknown) => (isWordPressError(e) ? [e.code, e.status, e.authentication] : String(e)),
          ),
      ),
    );
    expect(errors[0]).toEqual(["incorrect_password", 401, true]);
    expect(errors[0]).toEqual(errors[1]);
  }, 60_000);

  it("serves the uploads it lists", async () => {
    const r = await fetch(`${wp.url}/wp-json/wp/v2/media/221`);
    const media = parseWp(wpMedia, await r.json(), "media");
    for (const size of Object.values(media.media_details.sizes)) {
      const file = await fetch(size.source_url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(500);
    }
  });
});

describe.skipIf(!enabled)("the ContentService on a real WordPress", () => {
  let real: ContentService;
  let fake: ContentService;
  beforeAll(() => {
    const auth = { user: wp.reader.user, appPassword: wp.reader.appPassword, timeoutMs: 20_000 };
    real = createContentService({
      client: createWordPressClient({ baseUrl: wp.url, ...auth }),
      config: { wpUrl: wp.url },
    });
    fake = createContentService({
      client: createWordPressClient({ baseUrl: demo.url, ...auth }),
      config: { wpUrl: demo.url },
    });
  });

  /** WordPress adds loading="lazy" to content images; otherwise the HTML is the demo's. */
  const sameHtml = (html: string) => html.replace(/ loading="lazy"/g, "");

  /**
   * The one difference the demo has: WordPress lists a post's terms by name (get_the_terms),
   * the demo in the order they were assigned. Compared in id order; see the last test.
   */
  const termOrder = <T>(value: T): T => {
    if (Array.isArray(value)) return value.map(termOrder) as T;
    if (!value || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] =
        (key === "colours" || key === "categories") && Array.isArray(v)
          ? [...v].map(termOrder).sort((a: { id: number }, b: { id: number }) => a.id - b.id)
          : termOrder(v);
    }
    return out as T;
  };

  it("renders product lists in both languages as from the demo", async () => {
    for (const lang of ["en", "it"] as const) {
      const [a, b] = await Promise.all([
        real.listProducts({ lang, perPage: 12 }),
        fake.listProducts({ lang, perPage: 12 }),
      ]);
      expect(a.items).toHaveLength(12);
      expect(a.total).toBe(40);
      expect(a.items.every((p) => p.lang === lang && p.image?.url.startsWith("/media/"))).toBe(true);
      expect(termOrder(a)).toEqual(termOrder(b));
      const byCategory = await Promise.all(
        [real, fake].map((s) => s.listProducts({ lang, category: lang === "en" ? 6 : 7, sort: "name", perPage: 100 })),
      );
      expect(byCategory[0]!.items.map((p) => p.id)).toEqual(byCategory[1]!.items.map((p) => p.id));
    }
  }, 60_000);

  it("renders product details in both languages as from the demo", async () => {
    for (const [id, lang] of [
      [224, "en"],
      [228, "it"],
      [236, "en"],
    ] as const) {
      const [a, b] = await Promise.all([real.getProduct(id, lang), fake.getProduct(id, lang)]);
      expect(a).not.toBeNull();
      expect(a!.lang).toBe(lang);
      expect(a!.descriptionHtml).not.toContain(wp.url);
      expect(termOrder({ ...a!, descriptionHtml: sameHtml(a!.descriptionHtml) })).toEqual(
        termOrder({ ...b!, descriptionHtml: sameHtml(b!.descriptionHtml) }),
      );
    }
    expect(await real.getProduct(draftId(), "en")).toBeNull();
    expect(await real.getProduct(224, "it")).toBeNull();
  }, 60_000);

  it("builds the front page, menus and company pages in both languages as from the demo", async () => {
    for (const lang of ["en", "it"] as const) {
      const [a, b] = await Promise.all([real.getFrontPage(lang), fake.getFrontPage(lang)]);
      expect(a.page.lang).toBe(lang);
      expect(termOrder({ ...a, page: { ...a.page, contentHtml: sameHtml(a.page.contentHtml) } })).toEqual(
        termOrder({ ...b, page: { ...b.page, contentHtml: sameHtml(b.page.contentHtml) } }),
      );
      for (const location of ["header", "footer"] as const) {
        expect(await real.getMenu(location, lang)).toEqual(await fake.getMenu(location, lang));
      }
      const [pa, pb] = await Promise.all([real.getPage("manufacture", lang), fake.getPage("manufacture", lang)]);
      expect(pa).not.toBeNull();
      expect({ ...pa!, contentHtml: sameHtml(pa!.contentHtml) }).toEqual({
        ...pb!,
        contentHtml: sameHtml(pb!.contentHtml),
      });
    }
  }, 60_000);

  it("lists a product's colours as WordPress orders a post's terms: by name", async () => {
    const product = await real.getProduct(236, "en");
    const names = product!.colours.map((c) => c.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
  });
});
