// WordPress shapes (checked by schemas.ts) → the catalogue in the product's words (types.ts).
// Pure functions: no I/O, no clock. What one WordPress answer cannot tell (a product's designer is
// an id, its gallery a list of media ids) comes out as a record with those ids beside the mapped
// part; the ContentService resolves them with further (cached) calls and joins the pieces.
import type {
  Category,
  Colour,
  Company,
  Designer,
  Edition,
  Image,
  ImageSize,
  Lang,
  MenuItem,
  Page,
  Product,
  ProductSummary,
  Project,
  SearchHit,
  Translations,
} from "./types";
import { localizePath } from "../../common/locale";
import { decodeEntities, htmlToText } from "./html-text";
import { sanitizeContent } from "./sanitize";
import { companyPageOfSlug, type ProductLookup, type SiteUrls } from "./site-urls";
import type {
  WpCategory,
  WpColour,
  WpCompany,
  WpDesigner,
  WpEdition,
  WpEmbeddedTerm,
  WpImagemap,
  WpMedia,
  WpMenuItem,
  WpPage,
  WpProduct,
  WpProject,
  WpSearchResult,
} from "./schemas";

export interface MapContext {
  urls: SiteUrls;
  productLookup?: ProductLookup;
}

interface EmbeddingPost {
  featured_media: number;
  _embedded?: {
    "wp:featuredmedia"?: (WpMedia | { code: string })[];
    "wp:term"?: (WpEmbeddedTerm | { code: string })[][];
  };
}

function html(value: string, ctx: MapContext): string {
  return sanitizeContent(value, { urls: ctx.urls, productLookup: ctx.productLookup });
}

/** Year meta: 0 (unset) or nonsense means "no year". */
function year(value: number): number | null {
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** WordPress's `modified_gmt` has no zone designator; say it is UTC so it parses as such. */
function modifiedOf(post: { modified: string; modified_gmt?: string }): string {
  const gmt = post.modified_gmt;
  if (gmt) return /[zZ]|[+-]\d\d:?\d\d$/.test(gmt) ? gmt : `${gmt}Z`;
  return post.modified;
}

function translationsOf(t: { en?: number; it?: number }): Translations {
  return { ...t };
}

// ——— media ———

export function mapImage(media: WpMedia, ctx: MapContext): Image {
  const bySrc = new Map<string, ImageSize>();
  for (const size of Object.values(media.media_details.sizes)) {
    const url = ctx.urls.media(size.source_url);
    bySrc.set(url, { url, width: size.width, height: size.height });
  }
  const original = ctx.urls.media(media.source_url);
  if (!bySrc.has(original)) {
    bySrc.set(original, { url: original, width: media.media_details.width, height: media.media_details.height });
  }
  // Smallest first, as srcset lists them; unknown sizes (0, e.g. an SVG) last.
  const sizes = [...bySrc.values()].sort(
    (a, b) => (a.width || Number.MAX_SAFE_INTEGER) - (b.width || Number.MAX_SAFE_INTEGER) || a.height - b.height,
  );
  const known = sizes.filter((s) => s.width > 0);
  const largest = known[known.length - 1] ?? { url: original, width: media.media_details.width, height: media.media_details.height };
  return {
    id: media.id,
    url: largest.url,
    width: largest.width,
    height: largest.height,
    alt: decodeEntities(media.alt_text).trim(),
    sizes,
    ...(media.media_details.focal_point ? { focal: media.media_details.focal_point } : {}),
  };
}

function isMedia(item: WpMedia | { code: string } | undefined): item is WpMedia {
  return item !== undefined && "source_url" in item;
}

/** The embedded featured image, when WordPress embedded it (and the reader may see it). */
export function featuredImage(post: EmbeddingPost, ctx: MapContext): Image | null {
  if (!post.featured_media) return null;
  const media = post._embedded?.["wp:featuredmedia"]?.find((m) => isMedia(m) && m.id === post.featured_media);
  return isMedia(media) ? mapImage(media, ctx) : null;
}

/** The ids of every item embedded in a post, for purge tags. */
export function embeddedIds(post: EmbeddingPost): { media: number[]; terms: { taxonomy: string; id: number }[] } {
  const media = (post._embedded?.["wp:featuredmedia"] ?? []).filter(isMedia).map((m) => m.id);
  const terms = (post._embedded?.["wp:term"] ?? [])
    .flat()
    .filter((t): t is WpEmbeddedTerm => "taxonomy" in t)
    .map((t) => ({ taxonomy: t.taxonomy, id: t.id }));
  return { media, terms };
}

function embeddedTerms(post: EmbeddingPost, taxonomy: string, ids: number[]): WpEmbeddedTerm[] {
  const all = (post._embedded?.["wp:term"] ?? []).flat().filter((t): t is WpEmbeddedTerm => "taxonomy" in t && t.taxonomy === taxonomy);
  // In the order the product lists them; a term WordPress did not embed is left out.
  return ids.map((id) => all.find((t) => t.id === id)).filter((t): t is WpEmbeddedTerm => t !== undefined);
}

// ——— products ———

const HEX = /^#[0-9a-f]{6}$/i;

function hexOf(value: string | undefined): string {
  const v = (value ?? "").trim();
  return HEX.test(v) ? v.toLowerCase() : /^#[0-9a-f]{3}$/i.test(v) ? `#${[...v.slice(1)].map((c) => c + c).join("")}`.toLowerCase() : "";
}

export function mapProductSummary(product: WpProduct, ctx: MapContext): ProductSummary {
  return {
    id: product.id,
    slug: product.slug,
    name: htmlToText(product.title.rendered),
    code: product.meta.code.trim(),
    image: featuredImage(product, ctx),
    categories: embeddedTerms(product, "product_categories", product.product_categories).map((t) => ({
      id: t.id,
      slug: t.slug,
      name: htmlToText(t.name),
    })),
    // The embed context of a term usually has no meta: the hex comes from the colour list then
    // (withColourHex), which the service joins after the cache.
    colours: embeddedTerms(product, "product_colors", product.product_colors).map((t) => ({
      id: t.id,
      slug: t.slug,
      name: htmlToText(t.name),
      hex: hexOf(t.meta?.hex),
    })),
    lang: product.lang,
    translations: translationsOf(product.translations),
    modified: modifiedOf(product),
  };
}

/** Fill colour hexes the embed did not carry from the colour list of the same language. */
export function withColourHex<T extends ProductSummary>(summary: T, colours: ReadonlyMap<number, Colour>): T {
  if (summary.colours.every((c) => c.hex)) return summary;
  return { ...summary, colours: summary.colours.map((c) => (c.hex ? c : { ...c, hex: colours.get(c.id)?.hex ?? "" })) };
}

export type ProductCore = Omit<Product, "gallery" | "designer" | "collection" | "exclusive" | "related">;

/** A product as its own answer tells it, and the ids the service still has to resolve. */
export interface ProductRecord {
  product: ProductCore;
  refs: { gallery: number[]; designer: number; collection: number; exclusive: number; related: number[] };
}

export function mapProductRecord(product: WpProduct, ctx: MapContext): ProductRecord {
  return {
    product: {
      ...mapProductSummary(product, ctx),
      descriptionHtml: html(product.content.rendered, ctx),
      excerpt: htmlToText(product.excerpt.rendered),
      dimensions: product.meta.dimensions.trim(),
      materials: product.meta.materials.trim(),
      year: year(product.meta.year),
    },
    refs: {
      gallery: product.meta.gallery,
      designer: product.meta.designer,
      collection: product.meta.collection,
      exclusive: product.meta.exclusive,
      related: product.meta.related.filter((id) => id !== product.id),
    },
  };
}

// ——— terms ———

function termOf(term: WpCategory | WpColour) {
  return {
    id: term.id,
    slug: term.slug,
    name: htmlToText(term.name),
    description: htmlToText(term.description),
    lang: term.lang,
    translations: translationsOf(term.translations),
    count: term.count,
  };
}

export function mapCategory(term: WpCategory, image: Image | null): Category {
  return { ...termOf(term), image };
}

export function mapColour(term: WpColour): Colour {
  return { ...termOf(term), hex: hexOf(term.meta.hex) };
}

// ——— collections, exclusives, designers ———

export interface EditionRecord {
  edition: Omit<Edition, "designer">;
  designerId: number;
}

export function mapEditionRecord(kind: Edition["kind"], post: WpEdition, ctx: MapContext): EditionRecord {
  return {
    edition: {
      kind,
      id: post.id,
      slug: post.slug,
      name: htmlToText(post.title.rendered),
      subtitle: htmlToText(post.meta.subtitle),
      partner: kind === "exclusives" ? htmlToText(post.meta.partner) : "",
      year: year(post.meta.year),
      excerpt: htmlToText(post.excerpt.rendered),
      introHtml: html(post.content.rendered, ctx),
      image: featuredImage(post, ctx),
      lang: post.lang,
      translations: translationsOf(post.translations),
      modified: modifiedOf(post),
    },
    designerId: kind === "collections" ? post.meta.designer : 0,
  };
}

export function mapDesigner(post: WpDesigner, ctx: MapContext): Designer {
  return {
    id: post.id,
    slug: post.slug,
    name: htmlToText(post.title.rendered),
    role: htmlToText(post.meta.role),
    city: htmlToText(post.meta.city),
    bioHtml: html(post.content.rendered, ctx),
    image: featuredImage(post, ctx),
    lang: post.lang,
    translations: translationsOf(post.translations),
  };
}

// ——— projects and imagemaps ———

export interface ProjectRecord {
  project: Omit<Project, "imagemap" | "products">;
  imagemapId: number;
  productIds: number[];
}

export function mapProjectRecord(post: WpProject, ctx: MapContext): ProjectRecord {
  return {
    project: {
      id: post.id,
      slug: post.slug,
      name: htmlToText(post.title.rendered),
      location: htmlToText(post.meta.location),
      year: year(post.meta.year),
      descriptionHtml: html(post.content.rendered, ctx),
      image: featuredImage(post, ctx),
      lang: post.lang,
      translations: translationsOf(post.translations),
    },
    imagemapId: post.meta.imagemap,
    productIds: post.meta.products,
  };
}

export interface ImagemapRecord {
  id: number;
  title: string;
  lang: Lang;
  /** The room scene (meta.image); the featured image stands in when it is unset. */
  imageId: number;
  featured: Image | null;
  hotspots: { x: number; y: number; productId: number }[];
}

export function mapImagemapRecord(post: WpImagemap, ctx: MapContext): ImagemapRecord {
  return {
    id: post.id,
    title: htmlToText(post.title.rendered),
    lang: post.lang,
    imageId: post.meta.image,
    featured: featuredImage(post, ctx),
    hotspots: post.meta.hotspots.filter((h) => h.product > 0).map((h) => ({ x: h.x, y: h.y, productId: h.product })),
  };
}

// ——— pages ———

export function mapPage(post: WpPage, ctx: MapContext): Page {
  return {
    id: post.id,
    slug: post.slug,
    title: htmlToText(post.title.rendered),
    excerpt: htmlToText(post.excerpt.rendered),
    contentHtml: html(post.content.rendered, ctx),
    image: featuredImage(post, ctx),
    lang: post.lang,
    translations: translationsOf(post.translations),
    modified: modifiedOf(post),
  };
}

export function mapCompany(company: WpCompany): Company {
  return {
    name: decodeEntities(company.name).trim(),
    legalName: decodeEntities(company.legal_name).trim(),
    address: decodeEntities(company.address).trim(),
    city: decodeEntities(company.city).trim(),
    country: decodeEntities(company.country).trim(),
    vat: company.vat.trim(),
    email: company.email.trim(),
    phone: company.phone.trim(),
    social: company.social
      .filter((s) => /^https?:\/\//i.test(s.url.trim()))
      .map((s) => ({ network: s.network.trim(), url: s.url.trim() })),
  };
}

export interface FrontPageRecord {
  page: Page;
  tagline: string;
  heroId: number;
  featuredCollectionIds: number[];
  featuredExclusiveIds: number[];
  imagemapId: number;
  company: Company | null;
}

export function mapFrontPageRecord(post: WpPage, ctx: MapContext): FrontPageRecord {
  return {
    page: mapPage(post, ctx),
    tagline: htmlToText(post.meta.tagline),
    heroId: post.meta.hero_media,
    featuredCollectionIds: post.meta.featured_collections,
    featuredExclusiveIds: post.meta.featured_exclusives,
    imagemapId: post.meta.imagemap,
    company: post.meta.company ? mapCompany(post.meta.company) : null,
  };
}

// ——— menu ———

export function mapMenu(items: WpMenuItem[], lang: Lang, ctx: MapContext): MenuItem[] {
  return [...items]
    .sort((a, b) => a.menu_order - b.menu_order || a.ID - b.ID)
    .map((item) => {
      // A menu entry that points at a product knows its id: link the product itself.
      const product = item.object === "products" && item.type === "post_type" && item.object_id > 0;
      const { href, external } = product
        ? { href: localizePath(lang, "products", item.object_id), external: false }
        : ctx.urls.link(item.url, ctx.productLookup);
      return {
        id: item.ID,
        label: htmlToText(item.title),
        href,
        external,
        children: mapMenu(item.children, lang, ctx),
      };
    });
}

// ——— search ———

/** A search result → a hit with a site link; null for results the site has no page for. */
export function mapSearchHit(result: WpSearchResult, lang: Lang): SearchHit | null {
  const title = htmlToText(result.title);
  if (result.subtype === "products") {
    return { id: result.id, title, kind: "products", href: localizePath(lang, "products", result.id) };
  }
  if (result.subtype === "page" || result.subtype === "pages") {
    let slug = "";
    try {
      slug = decodeURIComponent(new URL(result.url, "http://relative.invalid").pathname.split("/").filter(Boolean).pop() ?? "");
    } catch {
      return null;
    }
    const page = companyPageOfSlug(slug);
    if (!page || page.page === "home") return null;
    return { id: result.id, title, kind: "pages", href: localizePath(page.lang, page.page) };
  }
  return null;
}
