// WordPress shapes (checked by schemas.ts) → the catalogue in the product's words (types.ts):
// images, products and their terms here; editions, designers, projects, pages, the company, the
// front page, menus and search hits in editorial-mappers.ts.
// Pure functions: no I/O, no clock. What one WordPress answer cannot tell (a product's designer is
// an id, its gallery a list of media ids) comes out as a record with those ids beside the mapped
// part; the ContentService resolves them with further (cached) calls and joins the pieces.
import type { Category, Colour, Image, ImageSize, Product, ProductSummary, Translations } from "../../common/content";
import { decodeEntities, htmlToText } from "./html-text";
import { sanitizeContent } from "./sanitize";
import type { ProductLookup, SiteUrls } from "./site-urls";
import type { WpCategory, WpColour, WpEmbeddedTerm, WpMedia, WpProduct } from "./schemas";

export interface MapContext {
  urls: SiteUrls;
  productLookup?: ProductLookup;
  /** Told of every attachment mapped (its id and WordPress's source URL). Must not throw. */
  sawImage?(id: number, sourceUrl: string): void;
}

interface EmbeddingPost {
  featured_media: number;
  _embedded?: {
    "wp:featuredmedia"?: (WpMedia | { code: string })[];
    "wp:term"?: (WpEmbeddedTerm | { code: string })[][];
  };
}

export function html(value: string, ctx: MapContext): string {
  return sanitizeContent(value, { urls: ctx.urls, productLookup: ctx.productLookup });
}

/** Year meta: 0 (unset) or nonsense means "no year". */
export function year(value: number): number | null {
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** WordPress's `modified_gmt` has no zone designator; say it is UTC so it parses as such. */
export function modifiedOf(post: { modified: string; modified_gmt?: string }): string {
  const gmt = post.modified_gmt;
  if (gmt) return /[zZ]|[+-]\d\d:?\d\d$/.test(gmt) ? gmt : `${gmt}Z`;
  return post.modified;
}

export function translationsOf(t: { en?: number; it?: number }): Translations {
  return { ...t };
}

// ——— media ———

export function mapImage(media: WpMedia, ctx: MapContext): Image {
  ctx.sawImage?.(media.id, media.source_url);
  const original = ctx.urls.media(media.source_url);
  // The site's renditions when it makes them (common/renditions.ts); WordPress's otherwise.
  const own = ctx.urls.renditions(original, media.media_details.width, media.media_details.height);
  if (own) {
    const largest = own[own.length - 1]!;
    return {
      id: media.id,
      url: largest.url,
      width: media.media_details.width,
      height: media.media_details.height,
      alt: decodeEntities(media.alt_text).trim(),
      sizes: own,
      ...(media.media_details.focal_point ? { focal: media.media_details.focal_point } : {}),
    };
  }
  const bySrc = new Map<string, ImageSize>();
  for (const size of Object.values(media.media_details.sizes)) {
    const url = ctx.urls.media(size.source_url);
    bySrc.set(url, { url, width: size.width, height: size.height });
  }
  if (!bySrc.has(original)) {
    bySrc.set(original, { url: original, width: media.media_details.width, height: media.media_details.height });
  }
  // Smallest first, as srcset lists them; unknown sizes (0, e.g. an SVG) last.
  const sizes = [...bySrc.values()].sort(
    (a, b) => (a.width || Number.MAX_SAFE_INTEGER) - (b.width || Number.MAX_SAFE_INTEGER) || a.height - b.height,
  );
  const known = sizes.filter((s) => s.width > 0);
  const largest = known[known.length - 1] ?? {
    url: original,
    width: media.media_details.width,
    height: media.media_details.height,
  };
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
  const all = (post._embedded?.["wp:term"] ?? [])
    .flat()
    .filter((t): t is WpEmbeddedTerm => "taxonomy" in t && t.taxonomy === taxonomy);
  // In the order the product lists them; a term WordPress did not embed is left out.
  return ids.map((id) => all.find((t) => t.id === id)).filter((t): t is WpEmbeddedTerm => t !== undefined);
}

// ——— products ———

const HEX = /^#[0-9a-f]{6}$/i;

function hexOf(value: string | undefined): string {
  const v = (value ?? "").trim();
  return HEX.test(v)
    ? v.toLowerCase()
    : /^#[0-9a-f]{3}$/i.test(v)
      ? `#${[...v.slice(1)].map((c) => c + c).join("")}`.toLowerCase()
      : "";
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
