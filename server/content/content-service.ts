// The ContentService: the one way in for content (ARCHITECTURE.md). Loaders ask for the catalogue
// in the product's words; this module decides which WordPress requests answer that, sends each of
// them through `cached()` with its key, tags and policy, checks the answer's shape and maps it.
//
// One cache entry is one WordPress request, mapped (sanitised HTML included, so a hit costs no
// parsing). Answers that only hold ids of other things (a product's designer, gallery, related
// products) are joined after the cache from other entries; so purging `designers:7` refreshes the
// designer everywhere without knowing which products show it.
import type { Logger } from "pino";
import { z } from "zod";
import type {
  Translatable,
  Category,
  Colour,
  Company,
  ContentService,
  Designer,
  Edition,
  FrontPage,
  Image,
  Imagemap,
  Lang,
  MenuItem,
  Page,
  Paged,
  Product,
  ProductQuery,
  ProductSort,
  ProductSummary,
  Project,
  SearchHit,
} from "./types";
import { passThroughCache, type Cached } from "./cached";
import type { PreviewItem, PreviewType } from "./types";
import { itemTags, listTags } from "./cache-keys";
import {
  mapCategory,
  mapColour,
  mapDesigner,
  mapEditionRecord,
  mapFrontPageRecord,
  mapImage,
  mapImagemapRecord,
  mapMenu,
  mapPage,
  mapProductRecord,
  mapProductSummary,
  mapProjectRecord,
  mapSearchHit,
  withColourHex,
  type EditionRecord,
  type FrontPageRecord,
  type ImagemapRecord,
  type MapContext,
  type ProductRecord,
  type ProjectRecord,
} from "./mappers";
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
  wpProductMembership,
  type WpProductMembership,
  wpProject,
  wpSearchResult,
} from "./schemas";
import { createSiteUrls } from "./site-urls";
import { isWordPressError, type WordPressClient, type WpParams } from "./wordpress-client";
import {
  chunk,
  createWordPressReads,
  MAX_PER_PAGE,
  notFoundAsNull,
  readList,
  tagPost,
  uniqueIds,
  type PageOf,
} from "./wordpress-reads";

export interface ContentServiceOptions {
  client: WordPressClient;
  /** The cache seam (cached.ts); pass-through when not given. */
  cached?: Cached;
  config: { mediaUrl?: string; wpUrl: string; wpPublicUrl?: string };
  logger?: Pick<Logger, "warn" | "debug">;
  /** The current request's id, sent to WordPress as X-Request-Id (the server reads it from its request context). */
  requestId?: () => string | undefined;
  /**
   * Told when the site shows a fallback because WordPress's answer could not be used as it is
   * (`fallback`: readiness warns, a metric counts) and when a good answer came again
   * (`recovered`). Must not throw.
   */
  observe?: ContentObserver;
}

/** The parts of the site that have a fallback of their own. */
export type FallbackKind = "front-page" | "menu";

export interface ContentObserver {
  fallback(kind: FallbackKind, reason: string): void;
  recovered(kind: FallbackKind): void;
}

const DEFAULT_PER_PAGE = 24;
/** Products the front page shows as "newest". */
const NEWEST_ON_FRONT_PAGE = 8;
const SEARCH_MAX_LENGTH = 100;
const SEARCH_PER_PAGE = 20;

/** Sort of the product lists → WordPress's orderby/order. */
const SORTS: Record<ProductSort, { orderby: string; order: "asc" | "desc" }> = {
  newest: { orderby: "date", order: "desc" },
  oldest: { orderby: "date", order: "asc" },
  name: { orderby: "title", order: "asc" },
  "name-desc": { orderby: "title", order: "desc" },
};

/**
 * What a WordPress slug can be (sanitize_title: letters, digits, hyphens, underscores, and
 * percent-encoded UTF-8). Slugs come from URLs; anything else is not found without asking
 * WordPress, and never becomes a cache key.
 */
function isSlug(value: string): boolean {
  return /^[\p{L}\p{N}_%-]{1,200}$/u.test(value);
}

/** Items of a language by their own id and by the ids of their translations, so an id written in
 *  either language finds the item in this one. */
function indexByAnyLanguageId<T extends { id: number; translations: { en?: number; it?: number } }>(items: T[]): Map<number, T> {
  const index = new Map<number, T>();
  for (const item of items) index.set(item.id, item);
  for (const item of items) {
    for (const id of Object.values(item.translations)) if (id && !index.has(id)) index.set(id, item);
  }
  return index;
}

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

/** A home page without a static front page in WordPress: the site's own tagline, the newest products. */
function fallbackFrontPageRecord(lang: Lang): FrontPageRecord {
  return {
    page: { id: 0, slug: "", title: "", excerpt: "", contentHtml: "", image: null, lang, translations: {}, modified: "" },
    tagline: "",
    heroId: 0,
    featuredCollectionIds: [],
    featuredExclusiveIds: [],
    imagemapId: 0,
    company: null,
  };
}

export function createContentService(options: ContentServiceOptions): ContentService {
  const { logger } = options;
  const { load, loadAll } = createWordPressReads({
    client: options.client,
    cached: options.cached ?? passThroughCache,
    requestId: options.requestId,
    logger,
  });
  const urls = createSiteUrls(options.config);
  const ctx: MapContext = { urls };
  const observe = options.observe;


  // ——— media ———

  /** Images by id, in the order asked; ids WordPress does not have are left out. */
  async function imagesByIds(ids: readonly number[]): Promise<Map<number, Image>> {
    const wanted = uniqueIds(ids).sort((a, b) => a - b);
    const pages = await Promise.all(
      chunk(wanted, MAX_PER_PAGE).map((include) =>
        load({
          resource: "media",
          id: "list",
          route: "wp/v2/media",
          params: { include, per_page: MAX_PER_PAGE },
          policy: "long",
          tags: listTags("media"),
          read: readList(wpMedia, "media", (media, tags) => {
            tags.item("media", media.id);
            return mapImage(media, ctx);
          }),
        }),
      ),
    );
    return new Map(pages.flatMap((p) => p.items).map((image) => [image.id, image]));
  }

  async function imageById(id: number): Promise<Image | null> {
    if (!id) return null;
    return (await imagesByIds([id])).get(id) ?? null;
  }

  // ——— terms ———

  function categoryRecords(lang: Lang) {
    return loadAll({
      type: "product_categories",
      resource: "product_categories",
      route: "wp/v2/product_categories",
      params: { lang },
      policy: "long",
      read: readList(wpCategory, "product_categories", (term, tags) => {
        tags.item("product_categories", term.id);
        return { category: mapCategory(term, null), imageId: term.meta.image };
      }),
    });
  }

  async function withCategoryImages(records: { category: Category; imageId: number }[]): Promise<Category[]> {
    const images = await imagesByIds(records.map((r) => r.imageId));
    return records.map((r) => ({ ...r.category, image: images.get(r.imageId) ?? null }));
  }

  async function listCategories(lang: Lang): Promise<Category[]> {
    return withCategoryImages(await categoryRecords(lang));
  }

  function categoryRecordBySlug(slug: string, lang: Lang) {
    return load({
      resource: "product_categories",
      id: "list",
      route: "wp/v2/product_categories",
      params: { slug, lang },
      policy: "long",
      tags: listTags("product_categories"),
      read: (response, tags) => {
        const { items } = readList(wpCategory, "product_categories", (term, t) => {
          t.item("product_categories", term.id);
          return { category: mapCategory(term, null), imageId: term.meta.image };
        })(response, tags);
        return items.find((r) => r.category.slug === slug && r.category.lang === lang) ?? null;
      },
    });
  }

  async function getCategory(slug: string, lang: Lang): Promise<Category | null> {
    if (!isSlug(slug)) return null;
    const record = await categoryRecordBySlug(slug, lang);
    return record ? ((await withCategoryImages([record]))[0] ?? null) : null;
  }

  function listColours(lang: Lang): Promise<Colour[]> {
    return loadAll({
      type: "product_colors",
      resource: "product_colors",
      route: "wp/v2/product_colors",
      params: { lang },
      policy: "long",
      read: readList(wpColour, "product_colors", (term, tags) => {
        tags.item("product_colors", term.id);
        return mapColour(term);
      }),
    });
  }

  /** Colour hexes the embedded terms lacked, from the colour list (only read when needed). */
  async function completeColours<T extends ProductSummary>(items: T[], lang: Lang): Promise<T[]> {
    if (items.every((s) => s.colours.every((c) => c.hex))) return items;
    const colours = new Map((await listColours(lang)).map((c) => [c.id, c]));
    return items.map((s) => withColourHex(s, colours));
  }

  // ——— designers, collections, exclusives ———

  function listDesigners(lang: Lang): Promise<Designer[]> {
    return loadAll({
      type: "designers",
      resource: "designers",
      route: "wp/v2/designers",
      params: { lang, _embed: true },
      policy: "long",
      read: readList(wpDesigner, "designers", (post, tags) => {
        tagPost(tags, "designers", post);
        return mapDesigner(post, ctx);
      }),
    });
  }

  function editionRecords(kind: Edition["kind"], lang: Lang): Promise<EditionRecord[]> {
    return loadAll({
      type: kind,
      resource: kind,
      route: `wp/v2/${kind}`,
      params: { lang, _embed: true },
      policy: "long",
      read: readList(wpEdition, kind, (post, tags) => {
        tagPost(tags, kind, post);
        return mapEditionRecord(kind, post, ctx);
      }),
    });
  }

  async function withDesigners(records: EditionRecord[], lang: Lang): Promise<Edition[]> {
    const designers = records.some((r) => r.designerId) ? indexByAnyLanguageId(await listDesigners(lang)) : new Map<number, Designer>();
    return records.map((r) => {
      const designer = r.designerId ? designers.get(r.designerId) : undefined;
      if (r.designerId && !designer) logger?.debug({ edition: r.edition.id, designer: r.designerId }, "designer of an edition not found");
      return { ...r.edition, designer: designer ? { id: designer.id, slug: designer.slug, name: designer.name } : null };
    });
  }

  async function listEditions(kind: Edition["kind"], lang: Lang): Promise<Edition[]> {
    return withDesigners(await editionRecords(kind, lang), lang);
  }

  function editionRecordBySlug(kind: Edition["kind"], slug: string, lang: Lang) {
    return load({
      resource: kind,
      id: "list",
      route: `wp/v2/${kind}`,
      params: { slug, lang, _embed: true },
      policy: "long",
      tags: listTags(kind),
      read: (response, tags) => {
        const { items } = readList(wpEdition, kind, (post, t) => {
          tagPost(t, kind, post);
          return mapEditionRecord(kind, post, ctx);
        })(response, tags);
        return items.find((r) => r.edition.slug === slug && r.edition.lang === lang) ?? null;
      },
    });
  }

  async function getEdition(kind: Edition["kind"], slug: string, lang: Lang): Promise<Edition | null> {
    if (!isSlug(slug)) return null;
    const record = await editionRecordBySlug(kind, slug, lang);
    return record ? ((await withDesigners([record], lang))[0] ?? null) : null;
  }

  // ——— products ———

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
      const shown = asked?.lang === lang ? asked : asked?.translations[lang] ? found.get(asked.translations[lang]!) : undefined;
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
    const members = await loadAll({
      type: "products",
      resource: "products",
      route: "wp/v2/products",
      params: { lang, _fields: ["id", "lang", "slug", "meta"] },
      policy: "short",
      read: readList(wpProductMembership, "products", (product, tags) => {
        tags.item("products", product.id);
        return product;
      }),
    });
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

  // ——— projects and imagemaps ———

  function projectRecords(lang: Lang): Promise<ProjectRecord[]> {
    return loadAll({
      type: "projects",
      resource: "projects",
      route: "wp/v2/projects",
      params: { lang, _embed: true },
      policy: "long",
      read: readList(wpProject, "projects", (post, tags) => {
        tagPost(tags, "projects", post);
        return mapProjectRecord(post, ctx);
      }),
    });
  }

  async function imagemapRecords(ids: readonly number[]): Promise<ImagemapRecord[]> {
    const wanted = uniqueIds(ids).sort((a, b) => a - b);
    const pages = await Promise.all(
      chunk(wanted, MAX_PER_PAGE).map((include) =>
        load({
          resource: "imagemap_products",
          id: "list",
          route: "wp/v2/imagemap_products",
          params: { include, per_page: MAX_PER_PAGE, _embed: true },
          policy: "long",
          tags: listTags("imagemap_products"),
          read: readList(wpImagemap, "imagemap_products", (post, tags) => {
            tagPost(tags, "imagemap_products", post);
            return mapImagemapRecord(post, ctx);
          }),
        }),
      ),
    );
    return pages.flatMap((p) => p.items);
  }

  /** Imagemaps by id with their room scene and hotspot products, in `lang`. */
  async function imagemapsByIds(ids: readonly number[], lang: Lang): Promise<Map<number, Imagemap>> {
    const records = await imagemapRecords(ids);
    const [images, products] = await Promise.all([
      imagesByIds(records.map((r) => r.imageId)),
      summariesByIds(records.flatMap((r) => r.hotspots.map((h) => h.productId)), lang),
    ]);
    const productIndex = indexByAnyLanguageId(products);
    return new Map(
      records.map((r) => [
        r.id,
        {
          id: r.id,
          title: r.title,
          image: images.get(r.imageId) ?? r.featured,
          hotspots: r.hotspots.flatMap((h) => {
            const product = productIndex.get(h.productId);
            return product ? [{ x: h.x, y: h.y, product }] : [];
          }),
        },
      ]),
    );
  }

  async function listProjects(lang: Lang): Promise<Project[]> {
    const records = await projectRecords(lang);
    const [imagemaps, products] = await Promise.all([
      imagemapsByIds(records.map((r) => r.imagemapId), lang),
      summariesByIds(records.flatMap((r) => r.productIds), lang),
    ]);
    const productIndex = indexByAnyLanguageId(products);
    return records.map((r) => ({
      ...r.project,
      imagemap: imagemaps.get(r.imagemapId) ?? null,
      products: uniqueIds(r.productIds)
        .map((id) => productIndex.get(id))
        .filter((p): p is ProductSummary => p !== undefined)
        .filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i),
    }));
  }

  // ——— pages, front page, company ———

  function pageBySlug(slug: string, lang: Lang): Promise<Page | null> {
    return load({
      resource: "pages",
      id: "list",
      route: "wp/v2/pages",
      params: { slug, lang, _embed: true },
      policy: "long",
      tags: listTags("pages"),
      read: (response, tags) => {
        const { items } = readList(wpPage, "pages", (post, t) => {
          tagPost(t, "pages", post);
          return mapPage(post, ctx);
        })(response, tags);
        return items.find((p) => p.slug === slug && p.lang === lang) ?? null;
      },
    });
  }

  function pageById(id: number): Promise<Page | null> {
    return load({
      resource: "pages",
      id,
      route: `wp/v2/pages/${id}`,
      params: { _embed: true },
      policy: "long",
      tags: itemTags("pages", id),
      read: (response, tags) => {
        const post = parseWp(wpPage, response.data, response.endpoint, response.status);
        tagPost(tags, "pages", post);
        return mapPage(post, ctx);
      },
      recover: notFoundAsNull,
    });
  }

  async function getPage(englishSlug: string, lang: Lang): Promise<Page | null> {
    if (!isSlug(englishSlug)) return null;
    const english = await pageBySlug(englishSlug, "en");
    if (!english || lang === "en") return english;
    const translated = english.translations[lang];
    if (!translated) return null;
    const page = await pageById(translated);
    return page?.lang === lang ? page : null;
  }

  function frontPageRecord(lang: Lang): Promise<FrontPageRecord> {
    return load({
      resource: "front-page",
      id: 0,
      route: "wuxt/v1/front-page",
      params: { _embed: true, lang },
      policy: "long",
      // The webhook names the front page `front-page` with id 0.
      tags: ["front-page:0", "front-page"],
      read: (response, tags) => {
        // Stock wuxt answers the list of posts while WordPress has no static front page.
        if (Array.isArray(response.data)) {
          observe?.fallback("front-page", "WordPress has no static front page (Settings → Reading): the home page shows the newest products");
          return fallbackFrontPageRecord(lang);
        }
        const post = parseWp(wpPage, response.data, response.endpoint, response.status);
        tagPost(tags, "pages", post);
        observe?.recovered("front-page");
        return mapFrontPageRecord(post, ctx);
      },
      // Stock wuxt answers 500 `wuxt_request_error` when the page set as front page is gone.
      recover: (error) => {
        if (error.code !== "wuxt_request_error") return undefined;
        observe?.fallback("front-page", "the static front page set in WordPress cannot be read: the home page shows the newest products");
        return fallbackFrontPageRecord(lang);
      },
    });
  }

  async function getCompany(lang: Lang): Promise<Company | null> {
    const record = await frontPageRecord(lang);
    // The company's details may live on the English front page only.
    if (record.company || lang === "en") return record.company;
    return (await frontPageRecord("en")).company;
  }

  async function getFrontPage(lang: Lang): Promise<FrontPage> {
    const record = await frontPageRecord(lang);
    const pick = (editions: Edition[], ids: number[]) => {
      const index = indexByAnyLanguageId(editions);
      return uniqueIds(ids)
        .map((id) => index.get(id))
        .filter((e): e is Edition => e !== undefined);
    };
    const [hero, collections, exclusives, imagemaps, newest, company] = await Promise.all([
      imageById(record.heroId),
      record.featuredCollectionIds.length ? listEditions("collections", lang) : Promise.resolve([]),
      record.featuredExclusiveIds.length ? listEditions("exclusives", lang) : Promise.resolve([]),
      record.imagemapId ? imagemapsByIds([record.imagemapId], lang) : Promise.resolve(new Map<number, Imagemap>()),
      listProducts({ lang, perPage: NEWEST_ON_FRONT_PAGE, sort: "newest" }),
      record.company || lang === "en" ? Promise.resolve(record.company) : getCompany(lang),
    ]);
    return {
      page: record.page,
      tagline: record.tagline,
      hero: hero ?? record.page.image ?? newest.items.find((p) => p.image)?.image ?? null,
      featuredCollections: pick(collections, record.featuredCollectionIds),
      featuredExclusives: pick(exclusives, record.featuredExclusiveIds),
      imagemap: imagemaps.get(record.imagemapId) ?? null,
      newest: newest.items,
      company,
    };
  }

  // ——— menu ———

  function menuAt(params: WpParams, lang: Lang): Promise<MenuItem[] | null> {
    return load({
      resource: "menu",
      id: "list",
      route: "wuxt/v1/menu",
      params,
      policy: "menu",
      tags: listTags("menu"),
      read: (response, tags) => {
        const items = parseWp(wpMenu, response.data, response.endpoint, response.status);
        tags.list("menu");
        // Entries titled after a page or product follow that item's changes.
        const visit = (list: typeof items) => {
          for (const item of list) {
            if (item.object === "page") tags.item("pages", item.object_id);
            if (item.object === "products") tags.item("products", item.object_id);
            visit(item.children);
          }
        };
        visit(items);
        return mapMenu(items, lang, ctx);
      },
      // wuxt answers 404 `wuxt_menu_error` for a location with no menu.
      recover: notFoundAsNull,
    });
  }

  /** The last menu read at each location and language: shown while WordPress fails to answer it. */
  const lastGoodMenus = new Map<string, MenuItem[]>();

  async function getMenu(location: "header" | "footer", lang: Lang): Promise<MenuItem[]> {
    const key = `${location}:${lang}`;
    try {
      // Polylang names the Italian location `header___it`; our plugin also takes `&lang=it`.
      const items =
        lang === "en"
          ? ((await menuAt({ location }, lang)) ?? [])
          : ((await menuAt({ location: `${location}___it` }, lang)) ?? (await menuAt({ location, lang }, lang)) ?? []);
      lastGoodMenus.set(key, items);
      observe?.recovered("menu");
      return items;
    } catch (error) {
      const last = lastGoodMenus.get(key);
      if (!last) throw error;
      // Stock wuxt fails (a PHP fatal) on a menu holding a post type archive item, among others.
      observe?.fallback("menu", `the ${location} menu (${lang}) could not be read: ${(error as Error).message}; showing the last one read`);
      return last;
    }
  }

  // ——— search ———

  async function search(text: string, lang: Lang): Promise<SearchHit[]> {
    const words = text.trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH);
    if (!words) return [];
    return load({
      resource: "search",
      id: "list",
      route: "wp/v2/search",
      params: { search: words, type: "post", subtype: ["products", "page"], lang, per_page: SEARCH_PER_PAGE },
      policy: "short",
      tags: [...listTags("products"), ...listTags("pages")],
      read: (response, tags) => {
        const results = parseWp(z.array(wpSearchResult), response.data, response.endpoint, response.status);
        tags.list("products").list("pages");
        for (const r of results) {
          if (r.subtype === "products") tags.item("products", r.id);
          else if (r.subtype === "page" || r.subtype === "pages") tags.item("pages", r.id);
        }
        return results.map((r) => mapSearchHit(r, lang)).filter((hit): hit is SearchHit => hit !== null);
      },
    });
  }

  // ——— language switch ———

  async function translate(
    kind: Translatable,
    key: string,
    from: Lang,
    to: Lang,
  ): Promise<string | null> {
    if (kind === "products") {
      const id = /^\d+$/.test(key) ? Number(key) : NaN;
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const record = await productRecord(id);
      if (!record) return null;
      if (record.product.lang === to) return String(id);
      const target = record.product.translations[to];
      // Only offer a translation the other language actually publishes.
      const translated = target ? await productRecord(target) : null;
      return translated?.product.lang === to ? String(target) : null;
    }
    if (from === to) return key;
    if (!isSlug(key)) return null;
    if (kind === "product_colors") {
      // Colours are few and listed whole (the product list's filter): pair them through the lists.
      const colour = (await listColours(from)).find((c) => c.slug === key);
      const target = colour?.translations[to];
      if (!target) return null;
      return (await listColours(to)).find((c) => c.id === target)?.slug ?? null;
    }
    if (kind === "product_categories") {
      const record = await categoryRecordBySlug(key, from);
      const target = record?.category.translations[to];
      if (!target) return null;
      return (await categoryRecords(to)).find((r) => r.category.id === target)?.category.slug ?? null;
    }
    const record = await editionRecordBySlug(kind, key, from);
    const target = record?.edition.translations[to];
    if (!target) return null;
    return (await editionRecords(kind, to)).find((r) => r.edition.id === target)?.edition.slug ?? null;
  }

  // ——— old slugs and previews (the fc-headless plugin) ———

  /**
   * The current slug of an item renamed in WordPress: the plugin keeps `_wp_old_slug` and answers
   * `?old_slug=`. Exactly one match counts (a WordPress without the plugin ignores the parameter
   * and answers the whole list, which then redirects nowhere).
   */
  function resolveOldSlug(kind: "product_categories" | "collections" | "exclusives", slug: string, lang: Lang): Promise<string | null> {
    if (!isSlug(slug)) return Promise.resolve(null);
    return load({
      resource: kind,
      id: "list",
      route: `wp/v2/${kind}`,
      params: { old_slug: slug, lang, _fields: "id,slug" },
      policy: "notFound",
      tags: listTags(kind),
      read: (response) => {
        const items = z.array(z.object({ id: z.number(), slug: z.string() })).safeParse(response.data);
        return items.success && items.data.length === 1 && items.data[0]!.slug !== slug ? items.data[0]!.slug : null;
      },
      recover: notFoundAsNull,
    });
  }

  /**
   * A draft (or the latest autosave) on a link signed by WordPress; never cached. Null when
   * WordPress has no such item; a WordPressError (401/403) when the signature is refused.
   */
  async function getPreview(type: PreviewType, id: number, signature: { exp: string; sig: string }): Promise<PreviewItem | null> {
    try {
      const response = await options.client.get(`fc-headless/v1/preview/${type}/${id}`, { exp: signature.exp, sig: signature.sig, _embed: true }, { requestId: options.requestId?.() });
      // A draft has no slug until it is published; the site's schemas want one.
      const raw = response.data as { slug?: unknown };
      if (raw && typeof raw === "object" && !raw.slug) raw.slug = `preview-${id}`;
      if (type === "products") {
        const product = parseWp(wpProduct, response.data, response.endpoint, response.status);
        const record = mapProductRecord(product, ctx);
        return { kind: "product", product: await completeProduct(record, record.product.lang) };
      }
      const post = parseWp(wpPage.passthrough(), response.data, response.endpoint, response.status);
      return { kind: "page", type, page: mapPage(post, ctx) };
    } catch (error) {
      if (isWordPressError(error) && error.status === 404) return null;
      throw error;
    }
  }

  return {
    resolveOldSlug,
    getPreview,
    getFrontPage,
    getMenu,
    getCompany,
    getProduct,
    listProducts,
    listCategories,
    getCategory,
    listColours,
    listEditions,
    getEdition,
    listProjects,
    listDesigners,
    getPage,
    search,
    getProductsByEnglishIds: (ids, lang) => summariesByIds(ids, lang),
    translate,
  };
}
