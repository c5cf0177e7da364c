// What a list page sends the browser as React Router's data (in the document, and on every
// client-side navigation): product cards, not the content service's summaries. Each field there
// is encoded, hashed for the Content-Security-Policy and compressed on every render
// (docs/capacity.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";

const ready = hasBuild();

/** Everything a product card has (app/lib/product-cards.ts). */
const CARD_FIELDS = ["category", "code", "englishId", "id", "image", "name"];
/** A card's picture: its <img>'s src and srcset as one string, not an object per rendition. */
const CARD_IMAGE_FIELDS = ["alt", "height", "src", "srcSet", "width"];

/** One route's loader data, as the browser decodes it. */
async function routeData(url: URL): Promise<Record<string, unknown>> {
  const res = await fetch(url);
  expect(res.status, String(url)).toBe(200);
  const decoded = await decodeTurboStream(res.body!, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data: Record<string, unknown> }>;
  const route = url.searchParams.get("_routes")!;
  return routes[route]!.data;
}

function dataUrl(site: RunningSite, path: string, route: string): URL {
  const url = new URL(site.url + path);
  url.pathname += ".data";
  url.searchParams.set("_routes", route);
  return url;
}

describe.runIf(ready)("what list pages send the browser", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite();
  }, 90_000);
  afterAll(async () => {
    await site?.stop();
  });

  const expectCards = (products: unknown, where: string) => {
    expect(Array.isArray(products) && products.length > 0, `${where}: products`).toBe(true);
    for (const card of products as Record<string, unknown>[]) {
      expect(Object.keys(card).sort(), where).toEqual(CARD_FIELDS);
      if (card.image)
        expect(
          Object.keys(card.image)
            .filter((k) => k !== "focal")
            .sort(),
          `${where}: image`,
        ).toEqual(CARD_IMAGE_FIELDS);
    }
  };

  for (const [path, route, productsOf] of [
    ["/products", "products-en", (d: Record<string, unknown>) => (d.products as { items: unknown }).items],
    ["/it/prodotti", "products-it", (d: Record<string, unknown>) => (d.products as { items: unknown }).items],
    ["/categories/vases", "category-en", (d: Record<string, unknown>) => d.products],
    ["/wishlist?items=224,228", "wishlist-en", (d: Record<string, unknown>) => d.products],
    ["/", "home-en", (d: Record<string, unknown>) => (d.front as { newest: unknown }).newest],
  ] as const) {
    it(`${path}: each product as a card, nothing the card does not show`, async () => {
      expectCards(productsOf(await routeData(dataUrl(site, path, route))), path);
    });
  }

  it("a product page keeps what it shows (colours, its category's link), its related objects as cards", async () => {
    const { product } = (await routeData(dataUrl(site, "/products/224", "products-product-en"))) as {
      product: Record<string, unknown>;
    };
    expect(product.colours).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.any(String), hex: expect.stringMatching(/^#/) })]),
    );
    expect(product.categories).toEqual(expect.arrayContaining([expect.objectContaining({ slug: expect.any(String) })]));
    expectCards(product.related, "related");
  });
});
