// What a list page sends its visitors for each product: what the card shows, nothing the server
// alone needs (app/lib/product-cards.ts).
import { describe, expect, it } from "vitest";
import { productCard, productView, renditionsOf, smallestSource } from "../../app/lib/product-cards";
import type { Product, ProductSummary } from "../../common/content";

const summary: ProductSummary = {
  id: 231,
  slug: "vaso-onda",
  name: "Vaso Onda",
  code: "FC-V001",
  image: {
    id: 900,
    url: "/media/onda.webp",
    width: 1600,
    height: 2000,
    alt: "Vaso Onda in celadon",
    sizes: [
      { url: "/media/onda-150x150.webp", width: 150, height: 150 },
      { url: "/media/onda-240x300.webp", width: 240, height: 300 },
      { url: "/media/onda-768x960.webp", width: 768, height: 960 },
      { url: "/media/onda-broken.webp", width: 0, height: 0 },
    ],
  },
  categories: [
    { id: 7, slug: "vasi", name: "Vasi" },
    { id: 9, slug: "centrotavola", name: "Centrotavola" },
  ],
  colours: [{ id: 3, slug: "celadon", name: "Celadon", hex: "#a9bca4" }],
  lang: "it",
  translations: { en: 224, it: 231 },
  modified: "2022-06-13T11:35:00Z",
};

describe("product cards", () => {
  it("carry the card's name, code, first category, English id and picture, and nothing else", () => {
    const card = productCard(summary);
    expect(card).toEqual({
      id: 231,
      englishId: 224,
      name: "Vaso Onda",
      code: "FC-V001",
      category: "Vasi",
      // What its <img> gets, worked out once: the 768 px rendition as src, the srcset of the
      // renditions (not the square crop of a portrait picture, not the broken one).
      image: {
        src: "/media/onda-768x960.webp",
        srcSet: "/media/onda-240x300.webp 240w, /media/onda-768x960.webp 768w",
        width: 1600,
        height: 2000,
        alt: "Vaso Onda in celadon",
      },
    });
    expect(smallestSource(card.image!)).toBe("/media/onda-240x300.webp");
    // The slug, colours, language and dates stay on the server.
    expect(JSON.stringify(card)).not.toMatch(/slug|colours|modified|translations|lang/);
  });

  it("saves an English product under its own id, and a product without category or image still gets a card", () => {
    const english = productCard({ ...summary, translations: {}, categories: [], image: null });
    expect(english.englishId).toBe(231);
    expect(english.category).toBe("");
    expect(english.image).toBeNull();
  });

  it("falls back to the largest rendition, then to the picture itself, and keeps the focal point", () => {
    const small = productCard({
      ...summary,
      image: { ...summary.image!, sizes: [summary.image!.sizes[1]!], focal: { x: 0.3, y: 0.6 } },
    }).image!;
    expect(small).toMatchObject({
      src: "/media/onda-240x300.webp",
      srcSet: "/media/onda-240x300.webp 240w",
      focal: { x: 0.3, y: 0.6 },
    });
    const bare = productCard({ ...summary, image: { ...summary.image!, sizes: [] } }).image!;
    expect(bare).toMatchObject({ src: "/media/onda.webp", srcSet: "" });
    expect(smallestSource(bare)).toBe("/media/onda.webp");
  });

  it("keeps the square crop of a square picture (it is the same picture, smaller)", () => {
    const square = {
      width: 1200,
      height: 1200,
      sizes: [
        { url: "/s-150.webp", width: 150, height: 150 },
        { url: "/s-600.webp", width: 600, height: 600 },
      ],
    };
    expect(renditionsOf(square)).toEqual(square.sizes);
  });

  it("shows a product's first four related objects, as cards", () => {
    const related = Array.from({ length: 6 }, (_, i) => ({ ...summary, id: 300 + i, translations: { en: 400 + i } }));
    const product = { ...summary, gallery: [summary.image], related } as unknown as Product;
    const view = productView(product);
    expect(view.related.map((c) => c.englishId)).toEqual([400, 401, 402, 403]);
    expect(view.colours).toEqual(summary.colours);
    // Its pictures with their sources, their id and file kept (the thumbnails' keys, structured data).
    expect(view.gallery).toEqual([
      {
        id: 900,
        url: "/media/onda.webp",
        src: "/media/onda-768x960.webp",
        srcSet: "/media/onda-240x300.webp 240w, /media/onda-768x960.webp 768w",
        width: 1600,
        height: 2000,
        alt: "Vaso Onda in celadon",
      },
    ]);
    expect(view.image).toEqual(view.gallery[0]);
  });
});
