// The catalogue in the product's words: what loaders receive from the ContentService and what the
// routes and components render. WordPress shapes stay inside server/content (schemas + mappers),
// which builds these; the browser and the server share them from here (types only).

import type { Lang } from "./locale";
export type { Lang } from "./locale";

/** Content whose ids or slugs appear in site URLs and are mapped through translations (the route table's key kinds). */
export type { Translatable } from "./route-table";
import type { Translatable } from "./route-table";

/** Ids of the same item in each language (Polylang `translations`). */
export type Translations = Partial<Record<Lang, number>>;

export interface ImageSize {
  url: string;
  width: number;
  height: number;
}

export interface Image {
  id: number;
  /** The largest rendition. */
  url: string;
  width: number;
  height: number;
  alt: string;
  /** Every rendition WordPress made, smallest first, for srcset. */
  sizes: ImageSize[];
  /** Where the subject is, as fractions of width and height; absent: the centre. Crops keep it in frame. */
  focal?: { x: number; y: number };
}

export interface Term {
  id: number;
  slug: string;
  name: string;
  description: string;
  lang: Lang;
  translations: Translations;
  count: number;
}

export interface Category extends Term {
  image: Image | null;
}

export interface Colour extends Term {
  hex: string;
}

export interface Designer {
  id: number;
  slug: string;
  name: string;
  role: string;
  city: string;
  bioHtml: string;
  image: Image | null;
  lang: Lang;
  translations: Translations;
}

export interface ProductSummary {
  id: number;
  slug: string;
  name: string;
  code: string;
  image: Image | null;
  categories: Pick<Category, "id" | "slug" | "name">[];
  colours: Pick<Colour, "id" | "slug" | "name" | "hex">[];
  lang: Lang;
  translations: Translations;
  modified: string;
}

export interface Product extends ProductSummary {
  descriptionHtml: string;
  excerpt: string;
  dimensions: string;
  materials: string;
  year: number | null;
  gallery: Image[];
  designer: Pick<Designer, "id" | "slug" | "name" | "role"> | null;
  collection: { id: number; slug: string; name: string } | null;
  exclusive: { id: number; slug: string; name: string } | null;
  related: ProductSummary[];
}

/** A collection or an exclusive: an editorial opening, then its products. */
export interface Edition {
  kind: "collections" | "exclusives";
  id: number;
  slug: string;
  name: string;
  subtitle: string;
  /** The hotel, gallery or retailer an exclusive was made for. */
  partner: string;
  year: number | null;
  excerpt: string;
  introHtml: string;
  image: Image | null;
  designer: Pick<Designer, "id" | "slug" | "name"> | null;
  lang: Lang;
  translations: Translations;
  modified: string;
}

export interface Hotspot {
  x: number;
  y: number;
  product: ProductSummary;
}

export interface Imagemap {
  id: number;
  title: string;
  image: Image | null;
  hotspots: Hotspot[];
}

export interface Project {
  id: number;
  slug: string;
  name: string;
  location: string;
  year: number | null;
  descriptionHtml: string;
  image: Image | null;
  imagemap: Imagemap | null;
  products: ProductSummary[];
  lang: Lang;
  translations: Translations;
}

export interface Page {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  contentHtml: string;
  image: Image | null;
  lang: Lang;
  translations: Translations;
  modified: string;
}

export interface MenuItem {
  id: number;
  label: string;
  /** A site path (already localized and rewritten from the WordPress host) or an external URL. */
  href: string;
  external: boolean;
  children: MenuItem[];
}

export interface Company {
  name: string;
  legalName: string;
  address: string;
  city: string;
  country: string;
  vat: string;
  email: string;
  phone: string;
  social: { network: string; url: string }[];
}

export interface FrontPage {
  page: Page;
  tagline: string;
  hero: Image | null;
  featuredCollections: Edition[];
  featuredExclusives: Edition[];
  imagemap: Imagemap | null;
  newest: ProductSummary[];
  company: Company | null;
}

export interface Paged<T> {
  items: T[];
  total: number;
  totalPages: number;
  page: number;
}

export interface ProductQuery {
  lang: Lang;
  page?: number;
  perPage?: number;
  /** Category / colour term ids in the same language. */
  category?: number;
  colour?: number;
  collection?: number;
  exclusive?: number;
  include?: number[];
  search?: string;
  sort?: ProductSort;
}

export type ProductSort = "newest" | "name" | "name-desc" | "oldest";

export interface SearchHit {
  id: number;
  title: string;
  kind: "products" | "pages";
  href: string;
}

export type { PreviewType } from "./content-types";
import type { PreviewType } from "./content-types";

export type PreviewItem = { kind: "product"; product: Product } | { kind: "page"; type: PreviewType; page: Page };

/** The one way in for content: every loader calls this, nothing else talks to WordPress. */
export interface ContentService {
  getFrontPage(lang: Lang): Promise<FrontPage>;
  /**
   * The menu at a theme location: its items (none for an empty menu), or null when WordPress has
   * no menu there or could not be read with nothing read before: the page shows its built-in menu.
   */
  getMenu(location: "header" | "footer", lang: Lang): Promise<MenuItem[] | null>;
  getCompany(lang: Lang): Promise<Company | null>;
  /** A product by id; null when WordPress has none (or it is not published) in that language. */
  getProduct(id: number, lang: Lang): Promise<Product | null>;
  listProducts(query: ProductQuery): Promise<Paged<ProductSummary>>;
  listCategories(lang: Lang): Promise<Category[]>;
  getCategory(slug: string, lang: Lang): Promise<Category | null>;
  listColours(lang: Lang): Promise<Colour[]>;
  listEditions(kind: Edition["kind"], lang: Lang): Promise<Edition[]>;
  getEdition(kind: Edition["kind"], slug: string, lang: Lang): Promise<Edition | null>;
  listProjects(lang: Lang): Promise<Project[]>;
  listDesigners(lang: Lang): Promise<Designer[]>;
  /** A company page by its English slug (about, manufacture, funding, prove, contact, newsletter). */
  getPage(englishSlug: string, lang: Lang): Promise<Page | null>;
  search(text: string, lang: Lang): Promise<SearchHit[]>;
  /** Products by English id, shown in `lang` (the wishlist keeps English ids). */
  getProductsByEnglishIds(ids: number[], lang: Lang): Promise<ProductSummary[]>;
  /** Slug or id of the same item in the other language, for the language switcher. */
  translate(kind: Translatable, key: string, from: Lang, to: Lang): Promise<string | null>;
  /** The current slug of a renamed item (301 from the old one), or null. */
  resolveOldSlug(
    kind: "product_categories" | "collections" | "exclusives",
    slug: string,
    lang: Lang,
  ): Promise<string | null>;
  /** An unpublished item on a link WordPress signed; never cached. */
  getPreview(type: PreviewType, id: number, signature: { exp: string; sig: string }): Promise<PreviewItem | null>;
}
