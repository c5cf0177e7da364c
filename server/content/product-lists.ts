// A list of products as a visitor asks for it: a page, sorted, filtered by category, colour,
// collection or exclusive (through the product index), searched, or a given set of ids.
import type { Lang, Paged, ProductQuery, ProductSort, ProductSummary } from "../../common/content";
import { SEARCH_MAX_LENGTH } from "./content-reads";
import type { ProductIndex } from "./product-index";
import type { WpParams } from "./wordpress-client";
import { MAX_PER_PAGE, uniqueIds, type PageOf } from "./wordpress-reads";

const DEFAULT_PER_PAGE = 24;

/** Sort of the product lists → WordPress's orderby/order. */
const SORTS: Record<ProductSort, { orderby: string; order: "asc" | "desc" }> = {
  newest: { orderby: "date", order: "desc" },
  oldest: { orderby: "date", order: "asc" },
  name: { orderby: "title", order: "asc" },
  "name-desc": { orderby: "title", order: "desc" },
};

export interface ProductListDeps {
  productPage(params: WpParams): Promise<PageOf<ProductSummary>>;
  productIndex(lang: Lang): Promise<ProductIndex>;
  completeColours(items: ProductSummary[], lang: Lang): Promise<ProductSummary[]>;
}

/** The ids a list may show: the caller's, narrowed to a collection's and an exclusive's members; undefined: any. */
async function includedIds(
  query: ProductQuery,
  productIndex: ProductListDeps["productIndex"],
): Promise<number[] | undefined> {
  const include = query.include ? uniqueIds(query.include) : undefined;
  if (!query.collection && !query.exclusive) return include;
  const index = await productIndex(query.lang);
  let members: number[] | undefined;
  for (const ids of [
    query.collection ? (index.collections.get(query.collection) ?? []) : undefined,
    query.exclusive ? (index.exclusives.get(query.exclusive) ?? []) : undefined,
    include,
  ]) {
    if (ids) members = members ? members.filter((id) => ids.includes(id)) : ids;
  }
  return members ?? [];
}

/** Without a sort asked: a caller's own include order, else relevance for a search, else newest. */
function listOrder(
  query: ProductQuery,
  search: string | undefined,
): { orderby: string; order: "asc" | "desc" | undefined } {
  if (query.sort) return SORTS[query.sort];
  if (query.include && !query.collection && !query.exclusive) return { orderby: "include", order: undefined };
  return search ? { orderby: "relevance", order: undefined } : SORTS.newest;
}

export function createProductLists({ productPage, productIndex, completeColours }: ProductListDeps) {
  return async function listProducts(query: ProductQuery): Promise<Paged<ProductSummary>> {
    const lang = query.lang;
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(query.perPage ?? DEFAULT_PER_PAGE)));
    const empty: Paged<ProductSummary> = { items: [], total: 0, totalPages: 0, page };

    if (query.include && uniqueIds(query.include).length === 0) return empty;
    let include = await includedIds(query, productIndex);
    if (include?.length === 0) return empty;

    const search = query.search?.trim().slice(0, SEARCH_MAX_LENGTH) || undefined;
    const order = listOrder(query, search);
    if (include && order.orderby !== "include") include = [...include].sort((a, b) => a - b);

    const result = await productPage({
      lang,
      page,
      per_page: perPage,
      search,
      product_categories: query.category,
      product_colors: query.colour,
      include,
      orderby: order.orderby,
      order: order.order,
    });
    return {
      items: await completeColours(result.items, lang),
      total: result.total,
      totalPages: result.totalPages,
      page,
    };
  };
}
