// The ContentService over a scripted WordPress client: which requests it makes for each question,
// with which cache keys, tags and policies, and how it joins the answers.
import { describe, expect, it } from "vitest";
import type { Cached, CachePolicyName } from "../../server/content/cached";
import { createContentService } from "../../server/content/content-service";
import {
  WordPressError,
  encodeParams,
  endpointOf,
  type WordPressClient,
  type WpParams,
  type WpResponse,
} from "../../server/content/wordpress-client";

const WP = "http://wordpress:8080";

interface Call {
  key: string;
  tags: string[];
  policy: CachePolicyName;
}

/** A cache that stores values by key and records every call with its final tags and policy. */
function recordingCache() {
  const calls: Call[] = [];
  const store = new Map<string, unknown>();
  const cached: Cached = async (key, tags, policy, fetch) => {
    if (store.has(key)) return store.get(key) as never;
    const call: Call = { key, tags: [...tags], policy };
    const value = await fetch({
      tag: (...more) => call.tags.push(...more),
      policy: (name) => (call.policy = name),
      signal: new AbortController().signal,
    });
    call.tags = [...new Set(call.tags)];
    calls.push(call);
    store.set(key, value);
    return value;
  };
  return { cached, calls, store };
}

type Handler = (params: WpParams) => { data: unknown; total?: number; totalPages?: number } | WordPressError;

function fakeClient(routes: Record<string, Handler>) {
  const requests: string[] = [];
  const client: WordPressClient = {
    async get<T>(route: string, params: WpParams = {}): Promise<WpResponse<T>> {
      requests.push(`${route}?${encodeParams(params)}`);
      const handler = routes[route];
      if (!handler)
        throw new WordPressError({ code: "rest_no_route", status: 404, message: route, endpoint: endpointOf(route) });
      const answer = handler(params);
      if (answer instanceof WordPressError) throw answer;
      return {
        data: answer.data as T,
        status: 200,
        total: answer.total ?? (Array.isArray(answer.data) ? answer.data.length : null),
        totalPages: answer.totalPages ?? (Array.isArray(answer.data) ? 1 : null),
        endpoint: endpointOf(route),
      };
    },
  };
  return { client, requests };
}

const notFound = (route: string) =>
  new WordPressError({
    code: "rest_post_invalid_id",
    status: 404,
    message: "Invalid post ID.",
    endpoint: endpointOf(route),
    body: { code: "rest_post_invalid_id" },
  });

function media(id: number) {
  return {
    id,
    slug: `m${id}`,
    alt_text: `Image ${id}`,
    source_url: `${WP}/wp-content/uploads/2024/05/m${id}.jpg`,
    media_details: {
      width: 1200,
      height: 1200,
      sizes: {
        thumbnail: { source_url: `${WP}/wp-content/uploads/2024/05/m${id}-150x150.jpg`, width: 150, height: 150 },
      },
    },
    lang: "en",
  };
}

function product(id: number, lang: "en" | "it", extra: { meta?: object; translations?: object; title?: string } = {}) {
  return {
    id,
    slug: `p${id}`,
    modified: "2024-06-01T12:00:00",
    title: { rendered: extra.title ?? `Product ${id}` },
    content: { rendered: `<p>About ${id}, see <a href="${WP}/products/p13/">its sibling</a>.</p>` },
    excerpt: { rendered: "" },
    featured_media: 500 + id,
    lang,
    translations: extra.translations ?? { [lang]: id },
    meta: { code: `FC-${id}`, ...extra.meta },
    product_categories: [7],
    product_colors: [9],
    _embedded: {
      "wp:featuredmedia": [media(500 + id)],
      "wp:term": [
        [{ id: 7, name: "Vases", slug: "vases", taxonomy: "product_categories" }],
        [{ id: 9, name: "White", slug: "white", taxonomy: "product_colors" }],
      ],
    },
  };
}

const colours = [
  {
    id: 9,
    name: "White",
    slug: "white",
    taxonomy: "product_colors",
    meta: { hex: "#ffffff" },
    lang: "en",
    translations: { en: 9 },
  },
];

const config = { wpUrl: WP };

describe("ContentService: products", () => {
  it("returns a product with its joined pieces, each WordPress request cached with its tags", async () => {
    const { client } = fakeClient({
      "wp/v2/products/12": () => ({
        data: product(12, "en", {
          meta: { designer: 40, collection: 50, gallery: [512, 513], related: [13, 112] },
          translations: { en: 12, it: 112 },
        }),
      }),
      "wp/v2/products": (p) => {
        const all = [product(13, "en"), product(112, "it", { translations: { en: 12, it: 112 } })];
        if (p._fields) return { data: all.map(({ id, slug, lang, meta }) => ({ id, slug, lang, meta })) };
        const ids = String(p.include ?? "")
          .split(",")
          .map(Number);
        return { data: all.filter((x) => ids.includes(x.id)) };
      },
      "wp/v2/media": (p) => ({ data: String(p.include).split(",").map(Number).map(media) }),
      "wp/v2/designers": () => ({
        data: [
          {
            id: 40,
            slug: "anna",
            title: { rendered: "Anna B." },
            lang: "en",
            translations: { en: 40 },
            meta: { role: "Designer", city: "Faenza" },
          },
        ],
      }),
      "wp/v2/collections": () => ({
        data: [{ id: 50, slug: "alba", title: { rendered: "Alba" }, lang: "en", translations: { en: 50 }, meta: {} }],
      }),
      "wp/v2/product_colors": () => ({ data: colours }),
    });
    const cache = recordingCache();
    const content = createContentService({ client, cached: cache.cached, config });

    const p = await content.getProduct(12, "en");
    expect(p).toMatchObject({
      id: 12,
      name: "Product 12",
      code: "FC-12",
      designer: { id: 40, slug: "anna", name: "Anna B.", role: "Designer" },
      collection: { id: 50, slug: "alba", name: "Alba" },
      exclusive: null,
      colours: [{ id: 9, hex: "#ffffff" }],
    });
    expect(p?.gallery.map((g) => g.id)).toEqual([512, 513]);
    // The Italian id among the related is shown in English by following its translation (12 = itself, dropped).
    expect(p?.related.map((r) => r.id)).toEqual([13]);
    // A permalink to a sibling product (a slug) becomes the site's product route (an id).
    expect(p?.descriptionHtml).toContain('<a href="/products/13">its sibling</a>');

    const single = cache.calls.find((c) => c.key === "wp:v1:products:12:_embed=true");
    expect(single?.policy).toBe("short");
    expect(single?.tags).toEqual(
      expect.arrayContaining([
        "products:12",
        "products",
        "media:512",
        "media",
        "product_categories:7",
        "product_colors:9",
      ]),
    );

    const related = cache.calls.find(
      (c) => c.key.startsWith("wp:v1:products:list:") && c.key.includes("include=13,112"),
    );
    expect(related?.tags).toEqual(
      expect.arrayContaining(["products:list", "products", "products:13", "products:112", "media:513"]),
    );

    const gallery = cache.calls.find((c) => c.key === "wp:v1:media:list:include=512,513&per_page=100");
    expect(gallery?.tags).toEqual(expect.arrayContaining(["media:list", "media", "media:512", "media:513"]));
  });

  it("answers null for a product WordPress does not have, caching the answer briefly", async () => {
    const { client, requests } = fakeClient({ "wp/v2/products/77": () => notFound("wp/v2/products/77") });
    const cache = recordingCache();
    const content = createContentService({ client, cached: cache.cached, config });
    expect(await content.getProduct(77, "en")).toBeNull();
    expect(await content.getProduct(77, "en")).toBeNull();
    expect(requests).toHaveLength(1);
    expect(cache.calls[0]).toEqual({
      key: "wp:v1:products:77:_embed=true",
      tags: ["products:77", "products"],
      policy: "notFound",
    });
  });

  it("answers null for a product in another language than asked", async () => {
    const { client } = fakeClient({
      "wp/v2/products/112": () => ({ data: product(112, "it") }),
      "wp/v2/products": () => ({ data: [] }),
    });
    const content = createContentService({ client, config });
    expect(await content.getProduct(112, "en")).toBeNull();
    expect(await content.getProduct(-1, "en")).toBeNull();
  });

  it("lets other WordPress errors through", async () => {
    const { client } = fakeClient({
      "wp/v2/products/5": () =>
        new WordPressError({ code: "incorrect_password", status: 401, message: "no", endpoint: "wp/v2/products/:id" }),
    });
    const content = createContentService({ client, config });
    await expect(content.getProduct(5, "en")).rejects.toMatchObject({ code: "incorrect_password", notFound: false });
  });

  it("maps list queries to WordPress parameters with a stable key", async () => {
    const { client, requests } = fakeClient({
      "wp/v2/products": () => ({ data: [product(13, "en")], total: 30, totalPages: 2 }),
      "wp/v2/product_colors": () => ({ data: colours }),
    });
    const cache = recordingCache();
    const content = createContentService({ client, cached: cache.cached, config });
    const page = await content.listProducts({
      lang: "en",
      page: 2,
      perPage: 500,
      category: 7,
      colour: 9,
      sort: "name-desc",
    });
    expect(page).toMatchObject({ total: 30, totalPages: 2, page: 2 });
    expect(page.items[0]?.colours[0]?.hex).toBe("#ffffff");
    expect(requests[0]).toBe(
      "wp/v2/products?_embed=true&lang=en&order=desc&orderby=title&page=2&per_page=100&product_categories=7&product_colors=9",
    );
    expect(cache.calls[0]?.key).toBe(
      "wp:v1:products:list:_embed=true&lang=en&order=desc&orderby=title&page=2&per_page=100&product_categories=7&product_colors=9",
    );
    expect(cache.calls[0]?.tags).toEqual(expect.arrayContaining(["products:list", "products", "products:13"]));

    const lastProducts = () => requests.filter((r) => r.startsWith("wp/v2/products?")).at(-1);
    await content.listProducts({ lang: "it", sort: "oldest" });
    expect(lastProducts()).toContain("order=asc&orderby=date&page=1&per_page=24");
    await content.listProducts({ lang: "it", search: "  vaso " });
    expect(lastProducts()).toContain("orderby=relevance");
    expect(lastProducts()).toContain("search=vaso");
  });

  it("filters by collection through the products' membership, then by include", async () => {
    const members = [
      { id: 1, lang: "en", meta: { collection: 50, exclusive: 0 } },
      { id: 2, lang: "en", meta: { collection: 51, exclusive: 60 } },
      { id: 3, lang: "en", meta: { collection: 50, exclusive: 60 } },
    ];
    const { client, requests } = fakeClient({
      "wp/v2/products": (p) =>
        p._fields
          ? { data: members }
          : {
              data: String(p.include)
                .split(",")
                .map((id) => product(Number(id), "en")),
              total: 2,
              totalPages: 1,
            },
      "wp/v2/product_colors": () => ({ data: colours }),
    });
    const content = createContentService({ client, config });
    const page = await content.listProducts({ lang: "en", collection: 50 });
    expect(page.items.map((i) => i.id).sort()).toEqual([1, 3]);
    expect(requests[0]).toBe("wp/v2/products?_fields=id,lang,slug,meta&lang=en&page=1&per_page=100");
    expect(requests[1]).toContain("include=1,3");
    expect(requests[1]).toContain("orderby=date");

    const both = await content.listProducts({ lang: "en", collection: 50, exclusive: 60 });
    expect(both.items.map((i) => i.id)).toEqual([3]);
    const none = await content.listProducts({ lang: "en", collection: 99 });
    expect(none).toEqual({ items: [], total: 0, totalPages: 0, page: 1 });
  });

  it("reads a page past the end as an empty page", async () => {
    const { client } = fakeClient({
      "wp/v2/products": () =>
        new WordPressError({
          code: "rest_post_invalid_page_number",
          status: 400,
          message: "past the end",
          endpoint: "wp/v2/products",
        }),
    });
    const cache = recordingCache();
    const content = createContentService({ client, cached: cache.cached, config });
    expect(await content.listProducts({ lang: "en", page: 9 })).toEqual({
      items: [],
      total: 0,
      totalPages: 0,
      page: 9,
    });
    expect(cache.calls[0]?.policy).toBe("notFound");
  });

  it("shows wishlist products (English ids) in Italian through their translations, in the order kept", async () => {
    const all = [
      product(12, "en", { translations: { en: 12, it: 112 } }),
      product(13, "en", { translations: { en: 13, it: 113 } }),
      product(112, "it", { translations: { en: 12, it: 112 } }),
      product(113, "it", { translations: { en: 13, it: 113 } }),
    ];
    const byId = Object.fromEntries(all.map((x) => [`wp/v2/products/${x.id}`, () => ({ data: x })]));
    const { client, requests } = fakeClient({
      // The index of every product of a language (the catalogue's own cached list).
      "wp/v2/products": (p) => ({
        data: all.filter((x) => x.lang === p.lang).map(({ id, slug, lang, meta }) => ({ id, slug, lang, meta })),
      }),
      ...byId,
      "wp/v2/product_colors": () => ({ data: colours }),
    });
    const content = createContentService({ client, config });
    expect((await content.getProductsByEnglishIds([13, 12, 999], "it")).map((p) => p.id)).toEqual([113, 112]);
    expect((await content.getProductsByEnglishIds([13, 12], "en")).map((p) => p.id)).toEqual([13, 12]);
    expect(await content.getProductsByEnglishIds([], "en")).toEqual([]);
    // Each product read by its own id (the entry its page reads); an id WordPress does not publish, never.
    expect(requests.filter((r) => r.startsWith("wp/v2/products/")).sort()).toEqual(
      expect.arrayContaining(["wp/v2/products/112?_embed=true", "wp/v2/products/13?_embed=true"]),
    );
    expect(requests.some((r) => r.includes("999"))).toBe(false);
    expect(requests.some((r) => r.includes("include="))).toBe(false);
  });

  it("translates a product id, and only to a product the other language publishes", async () => {
    const { client } = fakeClient({
      "wp/v2/products/12": () => ({ data: product(12, "en", { translations: { en: 12, it: 112 } }) }),
      "wp/v2/products/112": () => ({ data: product(112, "it", { translations: { en: 12, it: 112 } }) }),
      "wp/v2/products/14": () => ({ data: product(14, "en", { translations: { en: 14, it: 114 } }) }),
      "wp/v2/products/114": () => notFound("wp/v2/products/114"),
      "wp/v2/products": () => ({ data: [] }),
    });
    const content = createContentService({ client, config });
    expect(await content.translate("products", "12", "en", "it")).toBe("112");
    expect(await content.translate("products", "112", "it", "en")).toBe("12");
    expect(await content.translate("products", "14", "en", "it")).toBeNull();
    expect(await content.translate("products", "abc", "en", "it")).toBeNull();
  });
});

describe("ContentService: terms, editions, pages", () => {
  it("translates category and edition slugs through their translations", async () => {
    const cat = (id: number, slug: string, lang: string, translations: object) => ({
      id,
      slug,
      name: slug,
      lang,
      translations,
      meta: {},
    });
    const { client } = fakeClient({
      "wp/v2/product_categories": (p) => {
        const all = [cat(7, "vases", "en", { en: 7, it: 8 }), cat(8, "vasi", "it", { en: 7, it: 8 })];
        return { data: all.filter((c) => (!p.slug || c.slug === p.slug) && c.lang === p.lang) };
      },
      "wp/v2/product_colors": (p) => {
        const all = [
          ...colours,
          {
            id: 10,
            name: "Celadon",
            slug: "celadon",
            taxonomy: "product_colors",
            meta: { hex: "#9fbfa5" },
            lang: "en",
            translations: { en: 10, it: 11 },
          },
          {
            id: 11,
            name: "Celadon",
            slug: "celadon-it",
            taxonomy: "product_colors",
            meta: { hex: "#9fbfa5" },
            lang: "it",
            translations: { en: 10, it: 11 },
          },
        ];
        return { data: all.filter((c) => c.lang === p.lang) };
      },
      "wp/v2/collections": (p) => {
        const all = [
          {
            id: 50,
            slug: "alba",
            title: { rendered: "Alba" },
            lang: "en",
            translations: { en: 50, it: 150 },
            meta: {},
          },
          {
            id: 150,
            slug: "alba-it",
            title: { rendered: "Alba" },
            lang: "it",
            translations: { en: 50, it: 150 },
            meta: {},
          },
        ];
        return { data: all.filter((c) => (!p.slug || c.slug === p.slug) && c.lang === p.lang) };
      },
    });
    const content = createContentService({ client, config });
    expect(await content.translate("product_categories", "vases", "en", "it")).toBe("vasi");
    // A colour filter on the product list follows the language switch too.
    expect(await content.translate("product_colors", "celadon", "en", "it")).toBe("celadon-it");
    expect(await content.translate("product_colors", "white", "en", "it")).toBeNull();
    expect(await content.translate("collections", "alba-it", "it", "en")).toBe("alba");
    expect(await content.translate("collections", "nope", "it", "en")).toBeNull();
    expect(await content.getCategory("vasi", "it")).toMatchObject({ id: 8, slug: "vasi", image: null });
    expect(await content.getCategory("vasi", "en")).toBeNull();
  });

  it("reads every page of a long list", async () => {
    const { client, requests } = fakeClient({
      "wp/v2/product_colors": (p) => ({
        data: [
          {
            id: Number(p.page),
            name: `c${p.page}`,
            slug: `c${p.page}`,
            lang: "en",
            translations: {},
            meta: { hex: "#000000" },
          },
        ],
        total: 3,
        totalPages: 3,
      }),
    });
    const content = createContentService({ client, config });
    expect((await content.listColours("en")).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(requests).toEqual([
      "wp/v2/product_colors?lang=en&page=1&per_page=100",
      "wp/v2/product_colors?lang=en&page=2&per_page=100",
      "wp/v2/product_colors?lang=en&page=3&per_page=100",
    ]);
  });

  it("finds a company page by its English slug, then its translation", async () => {
    const page = (id: number, slug: string, lang: string) => ({
      id,
      slug,
      title: { rendered: slug },
      content: { rendered: "<p>x</p>" },
      lang,
      translations: { en: 20, it: 21 },
      meta: [],
    });
    const { client, requests } = fakeClient({
      "wp/v2/pages": (p) => ({ data: p.slug === "about" ? [page(20, "about", "en")] : [] }),
      "wp/v2/pages/21": () => ({ data: page(21, "chi-siamo", "it") }),
    });
    const content = createContentService({ client, config });
    expect(await content.getPage("about", "it")).toMatchObject({ id: 21, slug: "chi-siamo", lang: "it" });
    expect(requests).toEqual(["wp/v2/pages?_embed=true&lang=en&slug=about", "wp/v2/pages/21?_embed=true"]);
    expect(await content.getPage("missing", "en")).toBeNull();
  });
});

describe("ContentService: menu, front page, search", () => {
  it("reads the Italian menu from header___it, falling back to &lang=it", async () => {
    const item = {
      ID: 1,
      title: "Prodotti",
      url: "/it/prodotti",
      menu_order: 1,
      object: "custom",
      object_id: 1,
      type: "custom",
      target: "",
      children: [],
    };
    const { client, requests } = fakeClient({
      "wuxt/v1/menu": (p) =>
        p.location === "header___it"
          ? new WordPressError({
              code: "wuxt_menu_error",
              status: 404,
              message: "Menu location does not exist",
              endpoint: "wuxt/v1/menu",
            })
          : { data: [item] },
    });
    const cache = recordingCache();
    const content = createContentService({ client, cached: cache.cached, config });
    expect(await content.getMenu("header", "it")).toEqual([
      { id: 1, label: "Prodotti", href: "/it/prodotti", external: false, children: [] },
    ]);
    expect(requests).toEqual(["wuxt/v1/menu?location=header___it", "wuxt/v1/menu?lang=it&location=header"]);
    expect(cache.calls.map((c) => [c.key, c.policy])).toEqual([
      ["wp:v1:menu:list:location=header___it", "notFound"],
      ["wp:v1:menu:list:lang=it&location=header", "menu"],
    ]);
    expect(cache.calls[1]?.tags).toEqual(expect.arrayContaining(["menu:list", "menu"]));
  });

  it("answers an empty menu as no items, no menu at a location as null, and a failing menu with the last one read or, before any, null — noting the fallback either way", async () => {
    const item = {
      ID: 1,
      title: "Shop",
      url: "/products",
      menu_order: 1,
      object: "custom",
      object_id: 1,
      type: "custom",
      target: "",
      children: [],
    };
    let answer: "empty" | "missing" | "menu" | "fatal" = "fatal";
    const { client } = fakeClient({
      "wuxt/v1/menu": () =>
        answer === "fatal"
          ? new WordPressError({
              code: "internal_server_error",
              status: 500,
              message: "There has been a critical error on this website.",
              endpoint: "wuxt/v1/menu",
            })
          : answer === "missing"
            ? new WordPressError({
                code: "wuxt_menu_error",
                status: 404,
                message: "Menu location does not exist",
                endpoint: "wuxt/v1/menu",
              })
            : { data: answer === "empty" ? null : [item] },
    });
    const fallbacks: string[] = [];
    const content = createContentService({
      client,
      config,
      observe: { fallback: (_kind, _subject, reason) => void fallbacks.push(reason), recovered: () => undefined },
    });
    // Failing on a pod that has read nothing yet: the built-in menu (null), noted as such.
    expect(await content.getMenu("footer", "en")).toBeNull();
    expect(fallbacks).toEqual([
      expect.stringMatching(/footer menu \(en\) could not be read: .*; showing the built-in menu$/),
    ]);
    answer = "menu";
    expect(await content.getMenu("footer", "en")).toEqual([
      { id: 1, label: "Shop", href: "/products", external: false, children: [] },
    ]);
    answer = "fatal";
    expect(await content.getMenu("footer", "en")).toEqual([
      { id: 1, label: "Shop", href: "/products", external: false, children: [] },
    ]);
    expect(fallbacks[1]).toMatch(/showing the last one read$/);
    answer = "empty";
    expect(await content.getMenu("footer", "en")).toEqual([]);
    answer = "missing";
    expect(await content.getMenu("footer", "en")).toBeNull();
  });

  it("builds the front page from its meta, with the company of the English front page as a fallback", async () => {
    const front = (lang: "en" | "it", company: object | string) => ({
      id: lang === "en" ? 2 : 3,
      slug: lang === "en" ? "home" : "home-it",
      title: { rendered: "Home" },
      lang,
      translations: { en: 2, it: 3 },
      meta: { hero_media: 600, tagline: "Oggetti", featured_collections: [50], imagemap: 0, company },
    });
    const { client } = fakeClient({
      "wuxt/v1/front-page": (p) => ({
        data: p.lang === "it" ? front("it", "") : front("en", { name: "FC", social: [] }),
      }),
      "wp/v2/media": () => ({ data: [media(600)] }),
      "wp/v2/collections": () => ({
        data: [
          {
            id: 150,
            slug: "alba-it",
            title: { rendered: "Alba" },
            lang: "it",
            translations: { en: 50, it: 150 },
            meta: {},
          },
        ],
      }),
      "wp/v2/products": () => ({ data: [product(113, "it")] }),
      "wp/v2/product_colors": () => ({ data: colours }),
    });
    const cache = recordingCache();
    const content = createContentService({ client, cached: cache.cached, config });
    const home = await content.getFrontPage("it");
    expect(home.page.slug).toBe("home-it");
    expect(home.hero?.url).toBe("/media/2024/05/m600.jpg?w=1200");
    expect(home.featuredCollections.map((e) => e.slug)).toEqual(["alba-it"]);
    expect(home.newest.map((p) => p.id)).toEqual([113]);
    expect(home.company?.name).toBe("FC");
    expect(await content.getCompany("it")).toMatchObject({ name: "FC" });
    const frontCall = cache.calls.find((c) => c.key === "wp:v1:front-page:0:_embed=true&lang=it");
    expect(frontCall?.tags).toEqual(expect.arrayContaining(["front-page:0", "front-page", "pages:3", "pages"]));
  });

  it("searches products and pages, linking hits to site routes", async () => {
    const { client, requests } = fakeClient({
      "wp/v2/search": () => ({
        data: [
          { id: 12, title: "Vase &#8211; Luna", url: `${WP}/products/luna/`, type: "post", subtype: "products" },
          { id: 20, title: "About", url: `${WP}/about/`, type: "post", subtype: "page" },
        ],
      }),
    });
    const content = createContentService({ client, config });
    expect(await content.search("  luna  ", "en")).toEqual([
      { id: 12, title: "Vase – Luna", kind: "products", href: "/products/12" },
      { id: 20, title: "About", kind: "pages", href: "/about" },
    ]);
    expect(requests[0]).toBe("wp/v2/search?lang=en&per_page=20&search=luna&subtype=products,page&type=post");
    expect(await content.search("   ", "en")).toEqual([]);
  });
});
