// The ContentService: the one way in for content (docs/architecture.md, "Layout"). Loaders ask for the catalogue
// in the product's words; this module decides which WordPress requests answer that, sends each of
// them through `cached()` with its key, tags and policy, checks the answer's shape and maps it.
//
// Split by content kind: terms.ts, editions.ts, products.ts, projects.ts, page-reads.ts, menus.ts, over
// the shared reads of content-reads.ts (one list reader and one by-slug reader for every kind in
// list-kinds.ts); search.ts, language-switch.ts and plugin-reads.ts (old slugs, previews) answer
// across kinds. This module joins them.
//
// One cache entry is one WordPress request, mapped (sanitised HTML included, so a hit costs no
// parsing). Answers that only hold ids of other things (a product's designer, gallery, related
// products) are joined after the cache from other entries; so purging `designers:7` refreshes the
// designer everywhere without knowing which products show it.
import type { ContentService } from "../../common/content";
import { createContentReads, type ContentServiceOptions } from "./content-reads";
import { createTermReads } from "./terms";
import { createEditionReads } from "./editions";
import { createProductReads } from "./products";
import { createProjectReads } from "./projects";
import { createPageReads } from "./page-reads";
import { createMenuReads } from "./menus";
import { createSavedProducts } from "./saved-products";
import { createSearch } from "./search";
import { createLanguageSwitch } from "./language-switch";
import { createPluginReads } from "./plugin-reads";

export function createContentService(options: ContentServiceOptions): ContentService {
  const reads = createContentReads(options);
  const terms = createTermReads(reads);
  const editions = createEditionReads(reads);
  const products = createProductReads(reads, terms, editions);
  const projects = createProjectReads(reads, products);
  const pages = createPageReads(reads, editions, products, projects);
  const { resolveOldSlug, getPreview } = createPluginReads(options, reads, products);
  return {
    resolveOldSlug,
    getPreview,
    getFrontPage: pages.getFrontPage,
    getMenu: createMenuReads(reads).getMenu,
    getCompany: pages.getCompany,
    getProduct: products.getProduct,
    listProducts: products.listProducts,
    listCategories: terms.listCategories,
    getCategory: terms.getCategory,
    listColours: terms.listColours,
    listEditions: editions.listEditions,
    getEdition: editions.getEdition,
    listProjects: projects.listProjects,
    listDesigners: editions.listDesigners,
    getPage: pages.getPage,
    search: createSearch(reads),
    getProductsByEnglishIds: createSavedProducts(reads, products, terms).savedProducts,
    translate: createLanguageSwitch(terms, editions, products),
  };
}
