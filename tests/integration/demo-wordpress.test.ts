// The demo WordPress behaves like WordPress to a client over real HTTP: paging headers and links,
// `_embed`, Polylang languages, slugs, WordPress's errors, the wuxt routes, search, the uploads
// it links to, and the scale knob. Each test reads what a client would see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startDemoWordPress, type DemoWordPress, type PostRecord } from "../../demo";

type Json = Record<string, any>;

let wp: DemoWordPress;

beforeAll(async () => {
  wp = await startDemoWordPress({ port: 0, media: { cacheDir: false } });
});

afterAll(async () => {
  await wp?.close();
});

async function rest(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${wp.url}/wp-json/${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

function draftProduct(): PostRecord {
  const draft = wp.catalogue.list("products", { status: "draft", lang: "en" })[0] as PostRecord | undefined;
  if (!draft) throw new Error("the demo catalogue has no draft product");
  return draft;
}

describe("paging", () => {
  it("answers a page of products with embedded media and terms, and the three paging headers", async () => {
    const { status, headers, body } = await rest("wp/v2/products?per_page=5&page=2&_embed");
    expect(status).toBe(200);
    expect(body).toHaveLength(5);
    // 40 published products in each language; drafts are not counted.
    expect(headers.get("x-wp-total")).toBe("80");
    expect(headers.get("x-wp-totalpages")).toBe("16");
    const base = `${wp.url}/wp-json/wp/v2/products`;
    expect(headers.get("link")).toBe(
      `<${base}?per_page=5&page=1&_embed>; rel="prev", <${base}?per_page=5&page=3&_embed>; rel="next"`,
    );
    for (const product of body as Json[]) {
      const [media] = product._embedded["wp:featuredmedia"];
      expect(media.id).toBe(product.featured_media);
      expect(media.source_url).toMatch(new RegExp(`^${wp.url}/wp-content/uploads/\\d{4}/\\d{2}/.+\\.webp$`));
      expect(media.alt_text.length).toBeGreaterThan(20);
      // One list per taxonomy, in the order of _links["wp:term"]; the embed context has no meta.
      const [categories, colours] = product._embedded["wp:term"];
      expect(categories.map((t: Json) => t.id)).toEqual(product.product_categories);
      expect(colours.map((t: Json) => t.taxonomy)).toEqual(colours.map(() => "product_colors"));
      expect(categories[0].meta).toBeUndefined();
    }
  });

  it("links to a next page that continues the list", async () => {
    const first = await rest("wp/v2/products?per_page=5&page=2");
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const response = await fetch(next as string);
    const page3 = (await response.json()) as Json[];
    expect(page3).toHaveLength(5);
    const seen = new Set((first.body as Json[]).map((p) => p.id));
    expect(page3.every((p) => !seen.has(p.id))).toBe(true);
  });

  it("orders newest first by default and by title on request", async () => {
    const { body: newest } = await rest("wp/v2/products?lang=en&per_page=100");
    const dates = (newest as Json[]).map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const { body: byTitle } = await rest("wp/v2/products?lang=en&per_page=100&orderby=title&order=asc");
    const titles = (byTitle as Json[]).map((p) => p.title.rendered);
    expect([...titles].sort((a, b) => a.localeCompare(b))).toEqual(titles);
  });
});

describe("languages", () => {
  it("filters by lang, and translations point at each other both ways", async () => {
    const en = await rest("wp/v2/products?lang=en&per_page=100");
    expect(en.headers.get("x-wp-total")).toBe("40");
    const english = en.body as Json[];
    expect(english.every((p) => p.lang === "en")).toBe(true);
    const italianIds = english.map((p) => p.translations.it);
    expect(italianIds.every((id) => typeof id === "number" && id !== 0)).toBe(true);

    const it = await rest(`wp/v2/products?lang=it&per_page=100&include=${italianIds.join(",")}`);
    const italian = it.body as Json[];
    expect(italian).toHaveLength(40);
    for (const product of italian) {
      const original = english.find((p) => p.id === product.translations.en);
      expect(original?.translations.it).toBe(product.id);
      expect(product.lang).toBe("it");
      expect(product.slug).not.toBe(original?.slug);
      expect(product.meta.code).toBe(original?.meta.code);
    }
  });

  it("finds items by slug, one or several (comma list or array)", async () => {
    const one = await rest("wp/v2/products?slug=onda-vase");
    expect(one.body).toHaveLength(1);
    const onda = (one.body as Json[])[0] as Json;
    expect(onda.title.rendered).toBe("Onda Vase");
    const both = await rest("wp/v2/products?slug=onda-vase,vaso-onda");
    expect((both.body as Json[]).map((p) => p.slug).sort()).toEqual(["onda-vase", "vaso-onda"]);
    const asArray = await rest("wp/v2/products?slug[]=onda-vase&slug[]=vaso-onda");
    expect(asArray.body).toHaveLength(2);
    const vaso = (both.body as Json[]).find((p) => p.slug === "vaso-onda");
    expect(vaso?.translations).toEqual({ en: onda.id, it: vaso?.id });
    expect(vaso?.content.rendered).toContain(`href="${wp.url}/it/collezioni/`);
  });

  it("serves terms per language with their meta", async () => {
    const { body } = await rest("wp/v2/product_colors?lang=it&per_page=100");
    const colours = body as Json[];
    expect(colours).toHaveLength(6);
    expect(colours.every((c) => /^#[0-9A-F]{6}$/.test(c.meta.hex))).toBe(true);
    expect(colours.map((c) => c.name)).toContain("Nero inchiostro");
  });
});

describe("errors", () => {
  it("answers an unknown id, a draft and an unknown route as WordPress does", async () => {
    const missing = await rest("wp/v2/products/999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: "rest_post_invalid_id", message: "Invalid post ID.", data: { status: 404 } });

    const draft = await rest(`wp/v2/products/${draftProduct().id}`);
    expect(draft.status).toBe(401);
    expect(draft.body).toEqual({
      code: "rest_forbidden",
      message: "Sorry, you are not allowed to do that.",
      data: { status: 401 },
    });

    const term = await rest("wp/v2/product_categories/999999");
    expect(term.status).toBe(404);
    expect(term.body.code).toBe("rest_term_invalid");

    const route = await rest("wp/v2/nothing-here");
    expect(route.status).toBe(404);
    expect(route.body.code).toBe("rest_no_route");
  });

  it("rejects bad paging parameters", async () => {
    const tooMany = await rest("wp/v2/products?per_page=500");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe("rest_invalid_param");
    expect(tooMany.body.data.params.per_page).toBe("per_page must be between 1 (inclusive) and 100 (inclusive)");

    const pastTheEnd = await rest("wp/v2/products?per_page=10&page=99");
    expect(pastTheEnd.status).toBe(400);
    expect(pastTheEnd.body.code).toBe("rest_post_invalid_page_number");

    const notANumber = await rest("wp/v2/products?page=two");
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.data.params.page).toBe("page is not of type integer.");
  });

  it("refuses to list drafts to an anonymous client", async () => {
    const { status, body } = await rest("wp/v2/products?status=draft");
    expect(status).toBe(400);
    expect(body.code).toBe("rest_invalid_param");
    expect(body.data.details.status.code).toBe("rest_forbidden_status");
  });
});

describe("wuxt routes", () => {
  it("serves the front page per language, with the company", async () => {
    const { status, body } = await rest("wuxt/v1/front-page?_embed&lang=it");
    expect(status).toBe(200);
    expect(body.slug).toBe("home-it");
    expect(body.meta.tagline).toBe("Oggetti contemporanei in porcellana");
    expect(body.meta.company).toMatchObject({ name: "FC", legal_name: "FC Porcellane S.r.l.", country: "Italia" });
    expect(body.meta.company.vat).toMatch(/^IT\d{11}$/);
    expect(body._embedded["wp:featuredmedia"][0].id).toBe(body.meta.hero_media);
  });

  it("serves menus as stock wuxt: a tree keyed by item id, the Italian one at header___it", async () => {
    const header = await rest("wuxt/v1/menu?location=header");
    expect(header.status).toBe(200);
    const items = Object.entries(header.body as Record<string, Json>);
    for (const [key, item] of items) expect(Number(key)).toBe(item.ID);
    // Key order is not menu order (a later item has a higher id): clients sort by menu_order.
    const byOrder = items.map(([, item]) => item).sort((a, b) => a.menu_order - b.menu_order);
    expect(byOrder.map((i) => i.title)).toEqual([
      "Products",
      "Collections",
      "Exclusives",
      "Projects",
      "About",
      "Contact",
    ]);
    const about = byOrder.find((i) => i.title === "About") as Json;
    const children = Object.values(about.children as Record<string, Json>);
    expect(children.map((c) => c.level)).toEqual([2, 2, 2]);
    expect(children.find((c) => c.title === "Manufacture")?.url).toBe(`${wp.url}/manufacture/`);
    expect(byOrder[0]?.children).toEqual([]);

    const italian = await rest("wuxt/v1/menu?location=header___it");
    const byLang = await rest("wuxt/v1/menu?location=header&lang=it");
    expect(byLang.body).toEqual(italian.body);
    expect(Object.values(italian.body as Record<string, Json>).map((i) => i.url)).toContain("/it/prodotti");

    const unknown = await rest("wuxt/v1/menu?location=sidebar");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("wuxt_menu_error");
  });

  it("finds a page by slug, and answers 404 for an unknown slug", async () => {
    const page = await rest("wuxt/v1/slug/chi-siamo");
    expect(page.status).toBe(200);
    expect(page.body.lang).toBe("it");
    expect(page.body.content.rendered).toContain("<h2");
    expect(page.body.content.rendered).toContain(`${wp.url}/wp-content/uploads/`);
    const missing = await rest("wuxt/v1/slug/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("wuxt_no_such_slug");
  });
});

describe("search", () => {
  it("searches products and pages in one language, with paging headers", async () => {
    const { status, headers, body } = await rest("wp/v2/search?search=onda&type=post&subtype=products,page&lang=en");
    expect(status).toBe(200);
    const hits = body as Json[];
    expect(hits.map((h) => h.title)).toContain("Onda Vase");
    expect(hits.every((h) => h.type === "post" && ["products", "page"].includes(h.subtype))).toBe(true);
    expect(Number(headers.get("x-wp-total"))).toBeGreaterThanOrEqual(hits.length);
    // Titles that contain the words come first (WP_Query's relevance).
    expect(hits[0]?.title).toMatch(/Onda/);
  });

  it("takes post type names as subtypes, as WordPress does ('page', not 'pages')", async () => {
    const { status, body } = await rest("wp/v2/search?search=onda&subtype=products,pages");
    expect(status).toBe(400);
    expect(body.code).toBe("rest_invalid_param");
  });

  it("searches inside a collection, ignoring accents as MySQL does", async () => {
    const { body } = await rest("wp/v2/pages?search=citta&lang=it");
    const { body: accented } = await rest("wp/v2/pages?search=citt%C3%A0&lang=it");
    const slugs = (body as Json[]).map((p) => p.slug);
    expect(slugs).toContain("chi-siamo");
    expect((accented as Json[]).map((p) => p.slug)).toEqual(slugs);
  });
});

describe("uploads", () => {
  it("serves every size a media item lists as a WebP of the size it claims", async () => {
    const { body: product } = await rest("wp/v2/products?slug=onda-vase&_embed");
    const media = (product as Json[])[0]?._embedded["wp:featuredmedia"][0] as Json;
    const sizes = Object.values(media.media_details.sizes as Record<string, Json>);
    expect(sizes.map((s) => s.width)).toEqual([150, 240, 768, 1024, 1600]);
    for (const size of sizes) {
      const response = await fetch(size.source_url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toContain("immutable");
      const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(image.format).toBe("webp");
      expect([image.width, image.height]).toEqual([size.width, size.height]);
    }
  });

  it("answers 404 for files that were never uploaded, and for paths outside uploads", async () => {
    expect((await fetch(`${wp.url}/wp-content/uploads/2024/01/nothing.webp`)).status).toBe(404);
    expect((await fetch(`${wp.url}/wp-content/uploads/2024/01/%2e%2e%2f%2e%2e%2fpackage.json`)).status).toBe(404);
  });
});

describe("editing while the site reads", () => {
  it("shows an edit at once, and hides unpublished and deleted items", async () => {
    const { body } = await rest("wp/v2/products?slug=riva-centerpiece");
    const product = (body as Json[])[0] as Json;
    wp.catalogue.update("products", product.id, { title: "Riva Centerpiece, long" });
    const edited = await rest(`wp/v2/products/${product.id}`);
    expect(edited.body.title.rendered).toBe("Riva Centerpiece, long");
    expect(edited.body.modified > product.modified).toBe(true);

    wp.catalogue.setStatus("products", product.id, "draft");
    expect((await rest(`wp/v2/products/${product.id}`)).status).toBe(401);
    wp.catalogue.remove("products", product.id);
    expect((await rest(`wp/v2/products/${product.id}`)).status).toBe(404);
    const en = await rest("wp/v2/products?lang=en");
    expect(en.headers.get("x-wp-total")).toBe("39");
  });

  it("counts the REST requests it served", async () => {
    const before = wp.requests;
    await rest("wp/v2/pages?slug=about");
    await rest("wp/v2/pages?slug=about&_embed");
    expect(wp.requests - before).toBe(2);
  });
});

describe("credentials and scale", () => {
  it("treats a Basic-auth client as logged in (403), and rejects wrong credentials (401)", async () => {
    const locked = await startDemoWordPress({
      port: 0,
      credentials: { user: "reader", password: "abcd efgh ijkl" },
      media: { cacheDir: false },
    });
    try {
      const draft = locked.catalogue.list("products", { status: "draft" })[0] as PostRecord;
      const auth = (user: string, password: string) => ({
        headers: { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` },
      });
      const ok = await fetch(`${locked.url}/wp-json/wp/v2/products/${draft.id}`, auth("reader", "abcdefghijkl"));
      expect(ok.status).toBe(403);
      expect(((await ok.json()) as Json).code).toBe("rest_forbidden");
      const wrong = await fetch(`${locked.url}/wp-json/wp/v2/products`, auth("reader", "nope"));
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as Json).code).toBe("incorrect_password");
    } finally {
      await locked.close();
    }
  });

  it("scales the catalogue: DEMO_SCALE=3 gives 120 products per language", async () => {
    const big = await startDemoWordPress({ port: 0, scale: 3, media: { cacheDir: false } });
    try {
      const response = await fetch(`${big.url}/wp-json/wp/v2/products?lang=en&per_page=100&orderby=title&order=asc`);
      expect(response.headers.get("x-wp-total")).toBe("120");
      expect(response.headers.get("x-wp-totalpages")).toBe("2");
      const titles = ((await response.json()) as Json[]).map((p) => p.title.rendered);
      expect(titles).toEqual(expect.arrayContaining(["Onda Vase", "Onda Vase II", "Onda Vase III"]));
      expect(new Set(titles).size).toBe(titles.length);
    } finally {
      await big.close();
    }
  });
});
