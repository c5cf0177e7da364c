// Products: one by id (with what it names by id: gallery, designer, editions, related), lists
// (sorted, filtered by category, colour, collection or exclusive, searched), summaries by id in a
// language, and the index of every product's slug and membership.
import type { Designer, Image, Lang, Paged, Product, ProductQuery, ProductSort, ProductSummary } from "../../common/content";
import { itemTags, listTags } from "./cache-keys";
import { mapProductRecord, mapProductSummary, type ProductRecord } from "./mappers";
import { parseWp, wpProduct, type WpProductMembership } from "./schemas";
import { type WpParams } from "./wordpress-client";
import { chunk, MAX_PER_PAGE, notFoundAsNull, readList, tagPost, uniqueIds, type PageOf } from "./wordpress-reads";
import type { TermReads } from "./terms";
import type { EditionReads } from "./editions";
import { indexByAnyLanguageId, SEARCH_MAX_LENGTH, type ContentReads } from "./content-reads";

const DEFAULT_PER_PAGE = 24;

/** Sort of the product lists → WordPress's orderby/order. */
const SORTS: Record<ProductSort, { orderby: string; order: "asc" | "desc" }> = {
  newest: { orderby: "date", order: "desc" },
  oldest: { orderby: "date", order: "asc" },
  name: { orderby: "title", order: "asc" },
  "name-desc": { orderby: "title", order: "desc" },
};

/** Every product of a language by slug, and the members of each collection and exclusive. */
interface ProductIndex {
  bySlug: Map<string, number>;
  collections: Map<number, number[]>;
  exclusives: Map<number, number[]>;
}

function buildProductIndex(members: readonly WpProductMembership[], lang: Lang): ProductIndex {
  const bySlug = new Map<string, number>();
  const collections = new Map<number, number[]>();
  const exclusives = new Map<number, number[]>();
  const add = (groups: Map<number, number[]>, group: number, id: number) => {
    const ids = groups.get(group);
    if (ids) ids.push(id);
    else groups.set(group, [id]);
  };
  for (const p of members) {
    if (p.lang && p.lang !== lang) continue;
    if (p.slug) bySlug.set(p.slug, p.id);
    if (p.meta.collection) add(collections, p.meta.collection, p.id);
    if (p.meta.exclusive) add(exclusives, p.meta.exclusive, p.id);
  }
  return { bySlug, collections, exclusives };
}

export function createProductReads(reads: ContentReads, terms: TermReads, editions: EditionReads) {
  const { load, listOf, ctx, kinds, imagesByIds } = reads;
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

  /**
   * Products by id, shown in `lang`, in the order asked. An id in the other language is followed
   * to its translation; ids WordPress does not publish are left out. The include lists are sorted
   * so that the same set of ids is the same cache entry.
   */
  async function summariesByIds(ids: readonly number[], lang: Lang): Promise<ProductSummary[]> {
    const wanted = uniqueIds(ids);
    if (wanted.length === 0) return [];
    const fetchAll = async (list: number[]) => {
      const pages = await Promise.all(
        chunk([...list].sort((a, b) => a - b), MAX_PER_PAGE).map((include) => productPage({ include, per_page: MAX_PER_PAGE })),
      );
      return new Map(pages.flatMap((p) => p.items).map((s) => [s.id, s]));
    };
    const found = await fetchAll(wanted);
    const translatedIds = wanted
      .map((id) => found.get(id))
      .filter((s): s is ProductSummary => s !== undefined && s.lang !== lang)
      .map((s) => s.translations[lang])
      .filter((id): id is number => id !== undefined && !found.has(id));
    if (translatedIds.length) for (const [id, s] of await fetchAll(translatedIds)) found.set(id, s);

    const seen = new Set<number>();
    const out: ProductSummary[] = [];
    for (const id of wanted) {
      const asked = found.get(id);
      const shown = asked?.lang === lang ? asked : asked?.translations[lang] ? found.get(asked.translations[lang]) : undefined;
      if (shown && shown.lang === lang && !seen.has(shown.id)) {
        seen.add(shown.id);
        out.push(shown);
      }
    }
    return completeColours(out, lang);
  }

  /**
   * Every product of a language by slug, collection and exclusive. WordPress cannot filter posts by
   * meta without a plugin, so the site reads every product's id, slug and meta once (`_fields`, no
   * embeds: small pages) and filters by `include` with those ids; WordPress then still sorts and
   * pages. The slugs resolve product permalinks in descriptions to the site's product routes.
   */
  const productIndexes = new Map<Lang, { members: readonly WpProductMembership[]; index: ProductIndex }>();

  async function productIndex(lang: Lang): Promise<ProductIndex> {
    const members = await listOf(kinds.productMembers, lang);
    // Every cold product page asks for the index (its description's links), and building it walks
    // the whole catalogue: at 5,000 products a language that was 11 % of the server's CPU. The
    // pages come from the memory tier as the same objects until one is revalidated or purged, so
    // the index built from them is reused while every member is the very same object.
    const known = productIndexes.get(lang);
    if (known && known.members.length === members.length && known.members.every((m, i) => m === members[i])) return known.index;
    const index = buildProductIndex(members, lang);
    productIndexes.set(lang, { members, index });
    return index;
  }

  async function listProducts(query: ProductQuery): Promise<Paged<ProductSummary>> {
    const lang = query.lang;
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(query.perPage ?? DEFAULT_PER_PAGE)));
    const empty: Paged<ProductSummary> = { items: [], total: 0, totalPages: 0, page };

    let include = query.include ? uniqueIds(query.include) : undefined;
    if (query.include && include?.length === 0) return empty;
    if (query.collection || query.exclusive) {
      const index = await productIndex(lang);
      let members: number[] | undefined;
      for (const ids of [
        query.collection ? (index.collections.get(query.collection) ?? []) : undefined,
        query.exclusive ? (index.exclusives.get(query.exclusive) ?? []) : undefined,
        include,
      ]) {
        if (ids) members = members ? members.filter((id) => ids.includes(id)) : ids;
      }
      include = members ?? [];
      if (include.length === 0) return empty;
    }

    const search = query.search?.trim().slice(0, SEARCH_MAX_LENGTH) || undefined;
    // Without a sort asked: a caller's own include order, else relevance for a search, else newest.
    const order = query.sort
      ? SORTS[query.sort]
      : query.include && !query.collection && !query.exclusive
        ? { orderby: "include", order: undefined }
        : search
          ? { orderby: "relevance", order: undefined }
          : SORTS.newest;
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
  }

  async function getProduct(id: number, lang: Lang): Promise<Product | null> {
    if (!Number.isInteger(id) || id <= 0) return null;
    const record = await productRecord(id);
    if (!record || record.product.lang !== lang) return null;
    return completeProduct(record, lang);
  }

  /** A product record with what it only names by id: gallery, designer, editions, related. */
  async function completeProduct(record: ProductRecord, lang: Lang): Promise<Product> {
    const { product, refs } = record;
    const [gallery, designers, collections, exclusives, related, [completed]] = await Promise.all([
      refs.gallery.length ? imagesByIds(refs.gallery) : Promise.resolve(new Map<number, Image>()),
      refs.designer ? listDesigners(lang).then(indexByAnyLanguageId) : Promise.resolve(new Map<number, Designer>()),
      refs.collection ? editionRecords("collections", lang).then((r) => indexByAnyLanguageId(r.map((e) => e.edition))) : Promise.resolve(undefined),
      refs.exclusive ? editionRecords("exclusives", lang).then((r) => indexByAnyLanguageId(r.map((e) => e.edition))) : Promise.resolve(undefined),
      summariesByIds(refs.related, lang),
      completeColours([product], lang),
    ]);
    const designer = refs.designer ? designers.get(refs.designer) : undefined;
    const collection = refs.collection ? collections?.get(refs.collection) : undefined;
    const exclusive = refs.exclusive ? exclusives?.get(refs.exclusive) : undefined;
    const images = refs.gallery.map((g) => gallery.get(g)).filter((i): i is Image => i !== undefined);
    return {
      ...(completed ?? product),
      gallery: images.length ? images : product.image ? [product.image] : [],
      designer: designer ? { id: designer.id, slug: designer.slug, name: designer.name, role: designer.role } : null,
      collection: collection ? { id: collection.id, slug: collection.slug, name: collection.name } : null,
      exclusive: exclusive ? { id: exclusive.id, slug: exclusive.slug, name: exclusive.name } : null,
      related: related.filter((r) => r.id !== product.id),
    };
  }

  return { productRecord, productPage, summariesByIds, listProducts, getProduct, completeProduct };
}

export type ProductReads = ReturnType<typeof createProductReads>;
