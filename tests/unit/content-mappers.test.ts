// WordPress answers → the catalogue's types: titles as text, uploads on the site's media URL,
// image sizes smallest first, and shapes the site cannot use refused with the path named.
import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToText } from "../../server/content/html-text";
import {
  mapCategory,
  mapColour,
  mapImage,
  mapProductRecord,
  mapProductSummary,
  withColourHex,
  type MapContext,
} from "../../server/content/mappers";
import { mapFrontPageRecord, mapMenu, mapSearchHit } from "../../server/content/editorial-mappers";
import {
  parseWp,
  wpCategory,
  wpColour,
  wpMedia,
  wpMenu,
  wpPage,
  wpProduct,
  wpSearchResult,
} from "../../server/content/schemas";
import { createSiteUrls } from "../../server/content/site-urls";
import { WordPressError } from "../../server/content/wordpress-client";

const WP = "http://wordpress:8080";
const ctx: MapContext = { urls: createSiteUrls({ wpUrl: WP, wpPublicUrl: "https://cms.fc.example" }) };
const cdn: MapContext = { urls: createSiteUrls({ wpUrl: WP, mediaUrl: "https://media.fc.example/uploads/" }) };

function size(file: string, width: number, height: number) {
  return {
    file,
    width,
    height,
    filesize: 1000,
    mime_type: "image/jpeg",
    source_url: `${WP}/wp-content/uploads/2024/05/${file}`,
  };
}

const media = {
  id: 301,
  date: "2024-05-02T10:00:00",
  slug: "white-vase",
  type: "attachment",
  link: `${WP}/white-vase/`,
  title: { rendered: "White vase" },
  caption: { rendered: "" },
  alt_text: "A white porcelain vase &#8211; front",
  media_type: "image",
  mime_type: "image/jpeg",
  source_url: `${WP}/wp-content/uploads/2024/05/white-vase.jpg`,
  media_details: {
    width: 2000,
    height: 2400,
    file: "2024/05/white-vase.jpg",
    filesize: 300000,
    // WordPress lists sizes by name, not by width.
    sizes: {
      large: size("white-vase-1024x1229.jpg", 1024, 1229),
      thumbnail: size("white-vase-150x150.jpg", 150, 150),
      full: size("white-vase.jpg", 2000, 2400),
      medium: size("white-vase-250x300.jpg", 250, 300),
      medium_large: size("white-vase-768x922.jpg", 768, 922),
    },
  },
  lang: "en",
  translations: { en: 301, it: 302 },
};

const product = {
  id: 12,
  date: "2024-05-02T10:00:00",
  date_gmt: "2024-05-02T08:00:00",
  modified: "2024-06-01T12:00:00",
  modified_gmt: "2024-06-01T10:00:00",
  slug: "white-vase",
  status: "publish",
  type: "products",
  link: `${WP}/products/white-vase/`,
  title: { rendered: "Vaso &#8220;Luna&#8221; &#8211; Bianco &amp; Oro" },
  content: {
    rendered: `<p>Thrown by hand.</p><script>alert(1)</script><p><img src="${WP}/wp-content/uploads/2024/05/detail.jpg" onerror="alert(1)"></p>`,
    protected: false,
  },
  excerpt: { rendered: "<p>A vase&hellip; in white</p>\n", protected: false },
  featured_media: 301,
  menu_order: 0,
  template: "",
  meta: {
    code: "FC-V014",
    dimensions: "Ø 18 × H 32 cm",
    materials: "Porcelain",
    designer: 40,
    collection: 50,
    exclusive: 0,
    gallery: [301, 303],
    related: ["13", 14, 12],
    year: "2023",
  },
  product_categories: [7],
  product_colors: [9, 10],
  lang: "en",
  translations: { en: 12, it: 112 },
  _links: {},
  _embedded: {
    "wp:featuredmedia": [media],
    "wp:term": [
      [
        {
          id: 7,
          link: `${WP}/product_categories/vases/`,
          name: "Vases &amp; Jars",
          slug: "vases",
          taxonomy: "product_categories",
        },
      ],
      [
        { id: 9, link: "", name: "White", slug: "white", taxonomy: "product_colors" },
        { id: 10, link: "", name: "Gold", slug: "gold", taxonomy: "product_colors", meta: { hex: "#C9A227" } },
      ],
    ],
  },
};

describe("entities and text", () => {
  it("decodes numeric and common named entities, leaving unknown ones alone", () => {
    expect(decodeEntities("Vase &#8211; white &#x2014; &amp; &hellip; &rsquo;s &times; &bogus;")).toBe(
      "Vase – white — & … ’s × &bogus;",
    );
    expect(decodeEntities("&#0; &#xD800;")).toBe("&#0; &#xD800;");
  });

  it("turns rendered HTML into one line of text", () => {
    expect(htmlToText("<p>One</p><p>Two&nbsp;words</p>\n<script>x()</script>")).toBe("One Two\u00a0words");
    expect(htmlToText("Literal &amp;lt;b&amp;gt;")).toBe("Literal &lt;b&gt;");
    expect(htmlToText("<b>a &lt; b</b>")).toBe("a < b");
  });
});

describe("media", () => {
  it("offers the site's own renditions under /media, at the listed widths up to the original's, smallest first", () => {
    const image = mapImage(parseWp(wpMedia, media, "wp/v2/media/:id"), ctx);
    expect(image).toMatchObject({ id: 301, url: "/media/2024/05/white-vase.jpg?w=2000", width: 2000, height: 2400 });
    expect(image.alt).toBe("A white porcelain vase – front");
    expect(image.sizes.map((s) => s.width)).toEqual([240, 320, 480, 640, 800, 960, 1200, 1600, 2000]);
    expect(image.sizes[0]).toEqual({ url: "/media/2024/05/white-vase.jpg?w=240", width: 240, height: 288 });
    // Never WordPress's renditions (its square crops are another picture), never wider than the original.
    expect(image.sizes.every((s) => s.url.startsWith("/media/2024/05/white-vase.jpg?w="))).toBe(true);
  });

  it("lists WordPress's renditions, smallest first, when MEDIA_URL names an image CDN", () => {
    const image = mapImage(parseWp(wpMedia, media, "wp/v2/media/:id"), cdn);
    expect(image.sizes.map((s) => s.width)).toEqual([150, 250, 768, 1024, 2000]);
    expect(image.sizes[0]).toEqual({
      url: "https://media.fc.example/uploads/2024/05/white-vase-150x150.jpg",
      width: 150,
      height: 150,
    });
  });

  it("uses MEDIA_URL when it is set", () => {
    const image = mapImage(parseWp(wpMedia, media, "wp/v2/media/:id"), cdn);
    expect(image.url).toBe("https://media.fc.example/uploads/2024/05/white-vase.jpg");
    expect(image.sizes.every((s) => s.url.startsWith("https://media.fc.example/uploads/2024/05/"))).toBe(true);
  });

  it("rewrites uploads on the public WordPress name and in a subdirectory install, and leaves other hosts alone", () => {
    const urls = createSiteUrls({ wpUrl: "http://wp.internal/cms", wpPublicUrl: "https://cms.fc.example" });
    expect(urls.media("https://wp.internal/cms/wp-content/uploads/2024/01/a.jpg")).toBe("/media/2024/01/a.jpg");
    expect(urls.media("https://cms.fc.example/wp-content/uploads/2024/01/b.jpg?v=2")).toBe("/media/2024/01/b.jpg?v=2");
    expect(urls.media("https://elsewhere.example/wp-content/uploads/2024/01/c.jpg")).toBe(
      "https://elsewhere.example/wp-content/uploads/2024/01/c.jpg",
    );
  });

  it("keeps an image without generated sizes usable", () => {
    const svg = { ...media, mime_type: "image/svg+xml", media_details: [] };
    const image = mapImage(parseWp(wpMedia, svg, "wp/v2/media/:id"), ctx);
    expect(image.sizes).toEqual([{ url: "/media/2024/05/white-vase.jpg", width: 0, height: 0 }]);
    expect(image.url).toBe("/media/2024/05/white-vase.jpg");
  });
});

describe("products", () => {
  const wp = parseWp(wpProduct, product, "wp/v2/products/:id");

  it("maps a summary: title as text, featured image, terms from the embed", () => {
    const summary = mapProductSummary(wp, ctx);
    expect(summary.name).toBe("Vaso “Luna” – Bianco & Oro");
    expect(summary.code).toBe("FC-V014");
    expect(summary.image?.url).toBe("/media/2024/05/white-vase.jpg?w=2000");
    expect(summary.categories).toEqual([{ id: 7, slug: "vases", name: "Vases & Jars" }]);
    expect(summary.colours).toEqual([
      { id: 9, slug: "white", name: "White", hex: "" },
      { id: 10, slug: "gold", name: "Gold", hex: "#c9a227" },
    ]);
    expect(summary.translations).toEqual({ en: 12, it: 112 });
    expect(summary.modified).toBe("2024-06-01T10:00:00Z");
  });

  it("fills colour hexes the embed lacked from the colour list", () => {
    const colours = new Map([
      [
        9,
        {
          id: 9,
          slug: "white",
          name: "White",
          description: "",
          lang: "en" as const,
          translations: {},
          count: 3,
          hex: "#ffffff",
        },
      ],
    ]);
    expect(withColourHex(mapProductSummary(wp, ctx), colours).colours.map((c) => c.hex)).toEqual([
      "#ffffff",
      "#c9a227",
    ]);
  });

  it("maps the detail record: sanitised description, text excerpt, meta read leniently, ids to resolve", () => {
    const { product: p, refs } = mapProductRecord(wp, ctx);
    expect(p.descriptionHtml).not.toContain("script");
    expect(p.descriptionHtml).not.toContain("onerror");
    expect(p.descriptionHtml).toContain('src="/media/2024/05/detail.jpg"');
    expect(p.excerpt).toBe("A vase… in white");
    expect(p.dimensions).toBe("Ø 18 × H 32 cm");
    expect(p.year).toBe(2023);
    expect(refs).toEqual({ gallery: [301, 303], designer: 40, collection: 50, exclusive: 0, related: [13, 14] });
  });

  it("accepts PHP's [] for empty objects and missing optional fields", () => {
    const bare = {
      id: 99,
      slug: "bare",
      title: { rendered: "Bare" },
      lang: "it",
      translations: [],
      meta: [],
      featured_media: 0,
    };
    const summary = mapProductSummary(parseWp(wpProduct, bare, "wp/v2/products/:id"), ctx);
    expect(summary).toMatchObject({
      id: 99,
      name: "Bare",
      code: "",
      image: null,
      categories: [],
      colours: [],
      translations: {},
    });
  });

  it("refuses a shape the site cannot use, naming the path", () => {
    const broken = [product, { ...product, id: 13, meta: { ...product.meta, gallery: ["x"] } }];
    let error: unknown;
    try {
      parseWp(wpProduct.array(), broken, "wp/v2/products");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WordPressError);
    expect((error as WordPressError).code).toBe("invalid_shape");
    expect((error as WordPressError).message).toContain("[1].meta.gallery[0]");
    expect((error as WordPressError).endpoint).toBe("wp/v2/products");
    expect(() => parseWp(wpProduct, { ...product, lang: "fr" }, "wp/v2/products/:id")).toThrow(/lang/);
  });
});

describe("terms", () => {
  it("maps categories and colours with their meta", () => {
    const term = {
      id: 7,
      count: 4,
      description: "Vases &amp; jars",
      link: `${WP}/product_categories/vases/`,
      name: "Vases",
      slug: "vases",
      taxonomy: "product_categories",
      parent: 0,
      meta: { image: 301 },
      lang: "en",
      translations: { en: 7, it: 8 },
    };
    const category = mapCategory(parseWp(wpCategory, term, "wp/v2/product_categories/:id"), null);
    expect(category).toEqual({
      id: 7,
      slug: "vases",
      name: "Vases",
      description: "Vases & jars",
      lang: "en",
      translations: { en: 7, it: 8 },
      count: 4,
      image: null,
    });
    const colour = mapColour(
      parseWp(wpColour, { ...term, taxonomy: "product_colors", meta: { hex: "#FFF" } }, "wp/v2/product_colors/:id"),
    );
    expect(colour.hex).toBe("#ffffff");
    expect(mapColour(parseWp(wpColour, { ...term, meta: { hex: "red" } }, "x")).hex).toBe("");
  });
});

describe("front page and company", () => {
  it("reads the front page's meta and the company", () => {
    const front = {
      id: 2,
      slug: "home",
      title: { rendered: "Home" },
      content: { rendered: "<p>Welcome</p>" },
      excerpt: { rendered: "" },
      featured_media: 0,
      lang: "en",
      translations: { en: 2, it: 3 },
      meta: {
        hero_media: 301,
        tagline: "Contemporary porcelain objects",
        featured_collections: [50, 51],
        featured_exclusives: [],
        imagemap: 60,
        company: {
          name: "FC",
          legal_name: "FC S.r.l.",
          address: "Via Roma 1",
          city: "Faenza",
          country: "Italia",
          vat: "IT01234567890",
          email: "info@fc.example",
          phone: "+39 0546 000000",
          social: [
            { network: "instagram", url: "https://instagram.com/fc" },
            { network: "bad", url: "javascript:alert(1)" },
          ],
        },
      },
    };
    const record = mapFrontPageRecord(parseWp(wpPage, front, "wuxt/v1/front-page"), ctx);
    expect(record).toMatchObject({
      tagline: "Contemporary porcelain objects",
      heroId: 301,
      featuredCollectionIds: [50, 51],
      imagemapId: 60,
    });
    expect(record.company).toMatchObject({ name: "FC", legalName: "FC S.r.l.", vat: "IT01234567890" });
    expect(record.company?.social).toEqual([{ network: "instagram", url: "https://instagram.com/fc" }]);
    const withoutCompany = mapFrontPageRecord(
      parseWp(wpPage, { ...front, meta: { ...front.meta, company: "" } }, "x"),
      ctx,
    );
    expect(withoutCompany.company).toBeNull();
  });
});

describe("menu", () => {
  // Stock wuxt: items keyed by id (JSON object, order lost), children the same way or [].
  const tree = {
    "31": {
      ID: 31,
      title: "Collections",
      url: "/collections",
      menu_order: 2,
      menu_item_parent: "0",
      object: "custom",
      object_id: "31",
      type: "custom",
      target: "",
      children: [],
    },
    "30": {
      ID: 30,
      title: "Products &amp; more",
      url: `${WP}/products/`,
      menu_order: 1,
      menu_item_parent: "0",
      object: "products",
      object_id: "0",
      type: "post_type_archive",
      target: "",
      children: {
        "35": {
          ID: 35,
          title: "Luna",
          url: `${WP}/products/luna/`,
          menu_order: 4,
          object: "products",
          object_id: "12",
          type: "post_type",
          target: "",
          children: [],
        },
        "34": {
          ID: 34,
          title: "About",
          url: "https://cms.fc.example/it/chi-siamo/",
          menu_order: 3,
          object: "page",
          object_id: "5",
          type: "post_type",
          target: "",
          children: [],
        },
      },
    },
    "32": {
      ID: 32,
      title: "Instagram",
      url: "https://instagram.com/fc",
      menu_order: 3,
      object: "custom",
      object_id: "32",
      type: "custom",
      target: "_blank",
      children: [],
    },
  };

  it("orders by menu_order, rewrites WordPress links and marks external ones", () => {
    const items = mapMenu(parseWp(wpMenu, tree, "wuxt/v1/menu"), "en", ctx);
    expect(items.map((i) => [i.label, i.href, i.external])).toEqual([
      ["Products & more", "/products", false],
      ["Collections", "/collections", false],
      ["Instagram", "https://instagram.com/fc", true],
    ]);
    expect(items[0]?.children.map((i) => [i.label, i.href])).toEqual([
      ["About", "/it/about"],
      ["Luna", "/products/12"],
    ]);
  });

  it("reads a menu without items (wuxt's null) as empty", () => {
    expect(parseWp(wpMenu, null, "wuxt/v1/menu")).toEqual([]);
  });

  it("localises product links in Italian menus", () => {
    const items = mapMenu(parseWp(wpMenu, [tree["30"]], "wuxt/v1/menu"), "it", ctx);
    expect(items[0]?.children[1]?.href).toBe("/it/prodotti/12");
  });
});

describe("search hits", () => {
  it("links products by id and company pages by their route; drops what the site has no page for", () => {
    const hit = (r: object) => mapSearchHit(parseWp(wpSearchResult, r, "wp/v2/search"), "it");
    expect(
      hit({
        id: 112,
        title: "Vaso &#8211; Luna",
        url: `${WP}/it/products/vaso-luna/`,
        type: "post",
        subtype: "products",
      }),
    ).toEqual({
      id: 112,
      title: "Vaso – Luna",
      kind: "products",
      href: "/it/prodotti/112",
    });
    expect(hit({ id: 6, title: "Manifattura", url: `${WP}/it/manifattura/`, type: "post", subtype: "page" })).toEqual({
      id: 6,
      title: "Manifattura",
      kind: "pages",
      href: "/it/manifattura",
    });
    expect(hit({ id: 7, title: "Privacy", url: `${WP}/privacy/`, type: "post", subtype: "page" })).toBeNull();
  });
});
