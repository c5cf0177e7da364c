// The ContentService against the real demo WordPress over HTTP: both languages, a product and its
// translation, filters and sorts, not-found answers, the joined pieces (designer, collection,
// gallery, related), menus, pages, search, and the keys and tags every WordPress call is cached
// under. The catalogue itself is the oracle wherever a test needs to know what is there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoWordPress, type DemoWordPress, type PostRecord, type TermRecord } from "../../demo";
import type { Cached, CachePolicyName } from "../../server/content/cached";
import { createContentService } from "../../server/content/content-service";
import type { ContentService, Lang } from "../../common/content";
import { createWordPressClient, type WordPressClient } from "../../server/content/wordpress-client";

interface CacheCall {
  key: string;
  tags: string[];
  policy: CachePolicyName;
}

let wp: DemoWordPress;
let client: WordPressClient;
let content: ContentService;
const calls: CacheCall[] = [];

/** Records each call to the cache seam with the tags and policy it ends with; caches nothing. */
const recordingCache: Cached = async (key, tags, policy, fetch) => {
  const call: CacheCall = { key, tags: [...tags], policy };
  const value = await fetch({
    tag: (...more) => call.tags.push(...more),
    policy: (name) => (call.policy = name),
    signal: new AbortController().signal,
  });
  calls.push({ ...call, tags: [...new Set(call.tags)] });
  return value;
};

function callsFor(predicate: (key: string) => boolean): CacheCall[] {
  return calls.filter((c) => predicate(c.key));
}

function published(type: "products" | "collections" | "exclusives", lang: Lang): PostRecord[] {
  return wp.catalogue.list(type, { lang, status: "publish" }) as PostRecord[];
}

beforeAll(async () => {
  wp = await startDemoWordPress({
    port: 0,
    media: { cacheDir: false },
    credentials: { user: "reader", password: "abcd efgh ijkl mnop" },
  });
  client = createWordPressClient({
    baseUrl: wp.url,
    user: "reader",
    appPassword: "abcd efgh ijkl mnop",
    timeoutMs: 10_000,
  });
  content = createContentService({ client, cached: recordingCache, config: { wpUrl: wp.url } });
});

afterAll(async () => {
  await wp?.close();
});

describe("products in both languages", () => {
  it("lists products of one language, paged as WordPress pages them", async () => {
    for (const lang of ["en", "it"] as const) {
      const first = await content.listProducts({ lang, perPage: 10 });
      expect(first.items).toHaveLength(10);
      expect(first.total).toBe(published("products", lang).length);
      expect(first.totalPages).toBe(Math.ceil(first.total / 10));
      expect(first.items.every((p) => p.lang === lang)).toBe(true);
      const second = await content.listProducts({ lang, perPage: 10, page: 2 });
      expect(second.page).toBe(2);
      expect(second.items.map((p) => p.id)).not.toEqual(expect.arrayContaining(first.items.map((p) => p.id)));
    }
  });

  it("reads a product with its joined pieces, and its translation", async () => {
    const record = published("products", "en").find(
      (p) => (p.meta.collection as number) > 0 && (p.meta.related as number[]).length > 0,
    );
    if (!record) throw new Error("the demo has no product in a collection with related products");
    const product = await content.getProduct(record.id, "en");
    expect(product).not.toBeNull();
    expect(product).toMatchObject({ id: record.id, slug: record.slug, lang: "en", code: record.meta.code });
    expect(product!.image?.url).toMatch(/^\/media\/\d{4}\/\d{2}\/[^?]+\.webp\?w=\d+$/);
    expect(product!.image!.sizes.map((s) => s.width)).toEqual(
      [...product!.image!.sizes.map((s) => s.width)].sort((a, b) => a - b),
    );
    expect(product!.gallery.map((g) => g.id)).toEqual(record.meta.gallery);
    expect(product!.designer?.id).toBe(record.meta.designer);
    expect(product!.collection?.id).toBe(record.meta.collection);
    expect(product!.related.length).toBeGreaterThan(0);
    expect(product!.related.every((r) => r.lang === "en")).toBe(true);
    expect(product!.colours.every((c) => /^#[0-9a-f]{6}$/.test(c.hex))).toBe(true);
    expect(product!.descriptionHtml).not.toContain(wp.url);
    expect(product!.descriptionHtml).not.toMatch(/<script|onerror|style=/);

    const itId = await content.translate("products", String(record.id), "en", "it");
    expect(itId).toBe(String(record.translations.it));
    const italian = await content.getProduct(Number(itId), "it");
    expect(italian).toMatchObject({ lang: "it", translations: { en: record.id } });
    expect(italian!.collection?.id).toBe(
      wp.catalogue.translation("collections", record.meta.collection as number, "it")?.id,
    );
    expect(await content.translate("products", itId!, "it", "en")).toBe(String(record.id));
  });

  it("links sibling products in descriptions to the site's product routes", async () => {
    const withLink = published("products", "en").find((p) => p.content.includes("/products/"));
    if (!withLink) return;
    const product = await content.getProduct(withLink.id, "en");
    expect(product!.descriptionHtml).toMatch(/href="\/products\/\d+"/);
  });

  it("answers null for a product in the other language, unknown or unpublished", async () => {
    const english = published("products", "en")[0]!;
    expect(await content.getProduct(english.id, "it")).toBeNull();
    expect(await content.getProduct(987_654, "en")).toBeNull();
    const draft = wp.catalogue.list("products", { lang: "en", status: "draft" })[0] as PostRecord | undefined;
    if (draft) {
      expect(await content.getProduct(draft.id, "en")).toBeNull();
      const notFound = callsFor((k) => k === `wp:v1:products:${draft.id}:_embed=true`).at(-1);
      expect(notFound?.policy).toBe("notFound");
      expect(notFound?.tags).toEqual(expect.arrayContaining([`products:${draft.id}`, "products"]));
    }
  });

  it("shows wishlist products (English ids) in Italian", async () => {
    const english = published("products", "en").slice(0, 3);
    const shown = await content.getProductsByEnglishIds(
      english.map((p) => p.id),
      "it",
    );
    expect(shown.map((p) => p.id)).toEqual(english.map((p) => p.translations.it));
    expect(shown.every((p) => p.lang === "it")).toBe(true);
  });
});

describe("filters and sorts", () => {
  it("filters by category and by colour", async () => {
    const categories = await content.listCategories("en");
    const category = categories.find((c) => c.count > 0)!;
    const byCategory = await content.listProducts({ lang: "en", category: category.id, perPage: 100 });
    expect(byCategory.total).toBe(category.count);
    expect(byCategory.items.every((p) => p.categories.some((c) => c.id === category.id))).toBe(true);

    const colour = (await content.listColours("it")).find((c) => c.count > 0)!;
    expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
    const byColour = await content.listProducts({ lang: "it", colour: colour.id, perPage: 100 });
    expect(byColour.items.length).toBeGreaterThan(0);
    expect(byColour.items.every((p) => p.colours.some((c) => c.id === colour.id))).toBe(true);
  });

  it("filters by collection and exclusive through the products' meta", async () => {
    for (const kind of ["collections", "exclusives"] as const) {
      const editions = await content.listEditions(kind, "it");
      expect(editions.length).toBe(published(kind, "it").length);
      const edition = editions[0]!;
      const expected = published("products", "it")
        .filter((p) => p.meta[kind === "collections" ? "collection" : "exclusive"] === edition.id)
        .map((p) => p.id)
        .sort((a, b) => a - b);
      const page = await content.listProducts({
        lang: "it",
        [kind === "collections" ? "collection" : "exclusive"]: edition.id,
        perPage: 100,
      });
      expect(page.items.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
  });

  it("sorts by name both ways and by date both ways", async () => {
    const byName = await content.listProducts({ lang: "en", sort: "name", perPage: 100 });
    const byNameDesc = await content.listProducts({ lang: "en", sort: "name-desc", perPage: 100 });
    expect(byNameDesc.items.map((p) => p.id)).toEqual([...byName.items.map((p) => p.id)].reverse());
    const names = byName.items.map((p) => p.name.toLowerCase());
    expect(names[0]! <= names[names.length - 1]!).toBe(true);
    const newest = await content.listProducts({ lang: "en", sort: "newest", perPage: 100 });
    const oldest = await content.listProducts({ lang: "en", sort: "oldest", perPage: 100 });
    expect(oldest.items.map((p) => p.id)).toEqual([...newest.items.map((p) => p.id)].reverse());
  });

  it("searches product names", async () => {
    const product = published("products", "en")[0]!;
    const word = product.title.split(/\s+/)[0]!;
    const page = await content.listProducts({ lang: "en", search: word });
    expect(page.items.map((p) => p.id)).toContain(product.id);
    const hits = await content.search(word, "en");
    expect(hits).toContainEqual(
      expect.objectContaining({ id: product.id, kind: "products", href: `/products/${product.id}` }),
    );
  });
});

describe("terms, editions, projects, designers", () => {
  it("finds a category by slug and translates it", async () => {
    const term = (wp.catalogue.list("product_categories", { lang: "en" }) as TermRecord[])[0]!;
    const category = await content.getCategory(term.slug, "en");
    expect(category).toMatchObject({ id: term.id, slug: term.slug, lang: "en" });
    const italianSlug = await content.translate("product_categories", term.slug, "en", "it");
    expect(italianSlug).toBe(wp.catalogue.translation("product_categories", term.id, "it")?.slug);
    expect(await content.getCategory(italianSlug!, "it")).toMatchObject({ lang: "it" });
    expect(await content.getCategory("no-such-category", "en")).toBeNull();
    expect(await content.getCategory(term.slug, "it")).toBeNull();
  });

  it("finds an edition by slug, with its designer, and translates it", async () => {
    const record = published("collections", "en").find((c) => (c.meta.designer as number) > 0)!;
    const edition = await content.getEdition("collections", record.slug, "en");
    expect(edition).toMatchObject({ kind: "collections", id: record.id, designer: { id: record.meta.designer } });
    const italian = await content.translate("collections", record.slug, "en", "it");
    expect(italian).toBe(wp.catalogue.translation("collections", record.id, "it")?.slug);
    expect(await content.getEdition("exclusives", "no-such-edition", "en")).toBeNull();
  });

  it("lists projects with their imagemaps and products, and designers", async () => {
    const projects = await content.listProjects("it");
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.every((p) => p.lang === "it" && p.products.every((x) => x.lang === "it"))).toBe(true);
    const mapped = projects.find((p) => p.imagemap);
    expect(mapped?.imagemap?.hotspots.length).toBeGreaterThan(0);
    expect(mapped?.imagemap?.hotspots.every((h) => h.x >= 0 && h.x <= 100 && h.product.lang === "it")).toBe(true);
    const designers = await content.listDesigners("en");
    expect(designers.length).toBeGreaterThan(0);
    expect(designers.every((d) => d.name && d.lang === "en")).toBe(true);
  });
});

describe("pages, front page, menus", () => {
  it("finds company pages by their English slug in both languages", async () => {
    expect(await content.getPage("about", "en")).toMatchObject({ slug: "about", lang: "en" });
    const italian = await content.getPage("about", "it");
    expect(italian).toMatchObject({ slug: "chi-siamo", lang: "it" });
    expect(italian!.contentHtml).not.toContain(wp.url);
    expect(await content.getPage("no-such-page", "it")).toBeNull();
  });

  it("builds the front page in both languages", async () => {
    for (const lang of ["en", "it"] as const) {
      const home = await content.getFrontPage(lang);
      expect(home.page.lang).toBe(lang);
      expect(home.tagline).not.toBe("");
      expect(home.hero?.url).toMatch(/^\/media\//);
      expect(home.featuredCollections.length).toBeGreaterThan(0);
      expect(home.featuredCollections.every((e) => e.lang === lang)).toBe(true);
      expect(home.newest.length).toBeGreaterThan(0);
      expect(home.imagemap?.hotspots.length).toBeGreaterThan(0);
      expect(home.company?.name).toBeTruthy();
    }
    expect(await content.getCompany("it")).toMatchObject({ name: expect.any(String) });
  });

  it("reads the header and footer menus in both languages with site links", async () => {
    for (const lang of ["en", "it"] as const) {
      for (const location of ["header", "footer"] as const) {
        const items = (await content.getMenu(location, lang)) ?? [];
        expect(items.length).toBeGreaterThan(0);
        const all = items.flatMap((i) => [i, ...i.children]);
        expect(all.every((i) => i.label !== "")).toBe(true);
        expect(all.some((i) => i.href.includes(new URL(wp.url).host))).toBe(false);
        for (const item of all.filter((i) => !i.external)) {
          expect(item.href.startsWith("/")).toBe(true);
          if (lang === "it") expect(item.href === "/it" || item.href.startsWith("/it/")).toBe(true);
        }
      }
    }
  });
});

describe("cache keys and tags", () => {
  it("tags every item of an answer, embedded ones included, and its list and types", async () => {
    calls.length = 0;
    const first = (await content.listProducts({ lang: "en", perPage: 5 })).items[0]!;
    const list = callsFor((k) => k.startsWith("wp:v1:products:list:") && k.includes("per_page=5"))[0]!;
    expect(list.key).toBe("wp:v1:products:list:_embed=true&lang=en&order=desc&orderby=date&page=1&per_page=5");
    expect(list.policy).toBe("short");
    expect(list.tags).toEqual(
      expect.arrayContaining([
        "products:list",
        "products",
        `products:${first.id}`,
        `media:${first.image!.id}`,
        "media",
        `product_categories:${first.categories[0]!.id}`,
        "product_categories",
        `product_colors:${first.colours[0]!.id}`,
        "product_colors",
      ]),
    );

    calls.length = 0;
    await content.getProduct(first.id, "en");
    const single = callsFor((k) => k === `wp:v1:products:${first.id}:_embed=true`)[0]!;
    expect(single.tags).toEqual(
      expect.arrayContaining([`products:${first.id}`, "products", `media:${first.image!.id}`]),
    );
    expect(single.tags).not.toContain("products:list");
    // Every call went through the seam with a key of its own.
    expect(calls.every((c) => c.key.startsWith("wp:v1:") && c.tags.length > 0)).toBe(true);

    calls.length = 0;
    await content.getMenu("header", "it");
    expect(calls.map((c) => [c.key, c.policy])).toEqual([["wp:v1:menu:list:location=header___it", "menu"]]);
    expect(calls[0]!.tags).toEqual(expect.arrayContaining(["menu:list", "menu"]));
  });
});

describe("the product index behind collections and exclusives", () => {
  it("follows a product moved to another collection once its cached answers are purged", async () => {
    // A caching seam like the memory tier: the same objects until an entry is dropped. The
    // ContentService reuses the index it built from them; a purge must still show the move.
    const store = new Map<string, unknown>();
    const memo: Cached = async (key, _tags, _policy, fetch) => {
      if (!store.has(key))
        store.set(key, await fetch({ tag: () => {}, policy: () => {}, signal: new AbortController().signal }));
      return store.get(key) as never;
    };
    const cachedContent = createContentService({ client, cached: memo, config: { wpUrl: wp.url } });
    const [from, to] = published("collections", "en");
    const moved = published("products", "en").find((p) => p.meta.collection === from!.id)!;
    const members = async (collection: number) =>
      (await cachedContent.listProducts({ lang: "en", collection, perPage: 100 })).items.map((p) => p.id);
    expect(await members(from!.id)).toContain(moved.id);
    expect(await members(to!.id)).not.toContain(moved.id);
    try {
      wp.catalogue.update("products", moved.id, { meta: { collection: to!.id } });
      expect(await members(to!.id)).not.toContain(moved.id); // still the cached answers
      store.clear(); // the purge
      expect(await members(to!.id)).toContain(moved.id);
      expect(await members(from!.id)).not.toContain(moved.id);
    } finally {
      wp.catalogue.update("products", moved.id, { meta: { collection: from!.id } });
    }
  });
});
