// The ContentService: the one way in for content (docs/architecture.md, "Layout"). Loaders ask for the catalogue
// in the product's words; this module decides which WordPress requests answer that, sends each of
// them through `cached()` with its key, tags and policy, checks the answer's shape and maps it.
//
// Split by content kind: terms.ts, editions.ts, products.ts, projects.ts, page-reads.ts, menus.ts, over
// the shared reads of content-reads.ts (one list reader and one by-slug reader for every kind in
// list-kinds.ts); this module joins them and answers search, language switches, old slugs and
// previews.
//
// One cache entry is one WordPress request, mapped (sanitised HTML included, so a hit costs no
// parsing). Answers that only hold ids of other things (a product's designer, gallery, related
// products) are joined after the cache from other entries; so purging `designers:7` refreshes the
// designer everywhere without knowing which products show it.
import { z } from "zod";
import type { ContentService, Lang, PreviewItem, PreviewType, SearchHit, Translatable } from "../../common/content";
import { listTags } from "./cache-keys";
import { mapProductRecord } from "./mappers";
import { mapPage, mapSearchHit } from "./editorial-mappers";
import { parseWp, wpPage, wpProduct, wpSearchResult } from "./schemas";
import { isWordPressError } from "./wordpress-client";
import { notFoundAsNull } from "./wordpress-reads";
import { createContentReads, isSlug, SEARCH_MAX_LENGTH, type ContentServiceOptions } from "./content-reads";
import { createTermReads } from "./terms";
import { createEditionReads } from "./editions";
import { createProductReads } from "./products";
import { createProjectReads } from "./projects";
import { createPageReads } from "./page-reads";
import { createMenuReads } from "./menus";
import { createSavedProducts } from "./saved-products";


const SEARCH_PER_PAGE = 20;

export function createContentService(options: ContentServiceOptions): ContentService {
  const reads = createContentReads(options);
  const { load, ctx } = reads;
  const terms = createTermReads(reads);
  const editions = createEditionReads(reads);
  const products = createProductReads(reads, terms, editions);
  const projects = createProjectReads(reads, products);
  const pages = createPageReads(reads, editions, products, projects);
  const menus = createMenuReads(reads);
  const { savedProducts } = createSavedProducts(reads, products, terms);
  const { categoryRecords, listCategories, categoryRecordBySlug, getCategory, listColours } = terms;
  const { listDesigners, editionRecords, listEditions, editionRecordBySlug, getEdition } = editions;
  const { productRecord, listProducts, getProduct, completeProduct } = products;
  const { listProjects } = projects;
  const { getPage, getCompany, getFrontPage } = pages;
  const { getMenu } = menus;

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
    getProductsByEnglishIds: savedProducts,
    translate,
  };
}
