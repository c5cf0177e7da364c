// WordPress's editorial content → the catalogue's words (types.ts): editions (collections and
// exclusives), designers, projects, image maps, pages, the company, the front page, menus and
// search hits. Pure functions like mappers.ts (images, products and their terms), whose helpers
// they share.
import type { Company, Designer, Edition, Image, Lang, MenuItem, Page, Project, SearchHit } from "../../common/content";
import type {
  WpCompany,
  WpDesigner,
  WpEdition,
  WpImagemap,
  WpMenuItem,
  WpPage,
  WpProject,
  WpSearchResult,
} from "./schemas";
import { localizePath } from "../../common/locale";
import { decodeEntities, htmlToText } from "./html-text";
import { companyPageOfSlug } from "./site-urls";
import { html, year, modifiedOf, translationsOf, featuredImage, type MapContext } from "./mappers";

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
      slug = decodeURIComponent(
        new URL(result.url, "http://relative.invalid").pathname.split("/").filter(Boolean).pop() ?? "",
      );
    } catch {
      return null;
    }
    const page = companyPageOfSlug(slug);
    if (!page || page.page === "home") return null;
    return { id: result.id, title, kind: "pages", href: localizePath(page.lang, page.page) };
  }
  return null;
}
