// Products: one by id (with what it names by id: product-completion.ts), lists (sorted, filtered
// by category, colour, collection or exclusive, searched: product-lists.ts), summaries by id in a
// language (product-summaries.ts), and the index of every product's slug and membership
// (product-index.ts).
import type { Lang, Product, ProductSummary } from "../../common/content";
import { itemTags, listTags } from "./cache-keys";
import { mapProductRecord, mapProductSummary, type ProductRecord } from "./mappers";
import { parseWp, wpProduct } from "./schemas";
import { type WpParams } from "./wordpress-client";
import { notFoundAsNull, readList, tagPost, type PageOf } from "./wordpress-reads";
import type { TermReads } from "./terms";
import type { EditionReads } from "./editions";
import type { ContentReads } from "./content-reads";
import { createProductCompletion } from "./product-completion";
import { createProductIndex } from "./product-index";
import { createProductLists } from "./product-lists";
import { createProductSummaries } from "./product-summaries";

export function createProductReads(reads: ContentReads, terms: TermReads, editions: EditionReads) {
  const { load, ctx, imagesByIds } = reads;
  const { completeColours } = terms;
  const { listDesigners, editionRecords } = editions;

  function productRecord(id: number): Promise<ProductRecord | null> {
    return load({
      resource: "products",
      id,
      route: `wp/v2/products/${id}`,
      params: { _embed: true },
      policy: "short",
      tags: itemTags("products", id),
      read: async (response, tags) => {
        const product = parseWp(wpProduct, response.data, response.endpoint, response.status);
        tagPost(tags, "products", product);
        // Descriptions link sibling products by permalink (a slug); the index turns those into
        // the site's product routes. A renamed slug updates here when the product itself does.
        const { bySlug } = await productIndex(product.lang);
        return mapProductRecord(product, {
          ...ctx,
          productLookup: (slug, lang) => (lang === product.lang ? bySlug.get(slug) : undefined),
        });
      },
      recover: notFoundAsNull,
    });
  }

  function productPage(params: WpParams): Promise<PageOf<ProductSummary>> {
    return load({
      resource: "products",
      id: "list",
      route: "wp/v2/products",
      params: { ...params, _embed: true },
      policy: "short",
      tags: listTags("products"),
      read: readList(wpProduct, "products", (product, tags) => {
        tagPost(tags, "products", product);
        return mapProductSummary(product, ctx);
      }),
      // Asking past the last page is a 400 in WordPress; for the site it is an empty page.
      recover: (error) =>
        error.code === "rest_post_invalid_page_number" ? { items: [], total: 0, totalPages: 0 } : undefined,
    });
  }

  const productIndex = createProductIndex(reads);
  const summariesByIds = createProductSummaries({ productPage, completeColours });
  const listProducts = createProductLists({ productPage, productIndex, completeColours });
  const completeProduct = createProductCompletion({
    imagesByIds,
    listDesigners,
    editionRecords,
    completeColours,
    summariesByIds,
  });

  async function getProduct(id: number, lang: Lang): Promise<Product | null> {
    if (!Number.isInteger(id) || id <= 0) return null;
    const record = await productRecord(id);
    if (!record || record.product.lang !== lang) return null;
    return completeProduct(record, lang);
  }

  return { productRecord, productPage, summariesByIds, listProducts, getProduct, completeProduct };
}

export type ProductReads = ReturnType<typeof createProductReads>;
