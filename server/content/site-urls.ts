// URLs WordPress writes, turned into URLs of the site. Two kinds:
//
// Media: `$WP_URL/wp-content/uploads/YYYY/MM/file` → `/media/YYYY/MM/file` (streamed by the site) or
// `$MEDIA_URL/YYYY/MM/file` when uploads have a public home of their own (a CDN bucket). Visitors
// never load anything from the WordPress host (it is only for preconnect, feed, pingback).
//
// Links: a permalink on the WordPress host (`WP_URL` or `WP_PUBLIC_URL`; the scheme is ignored,
// WordPress often writes http behind a TLS proxy) becomes the site's route for the same thing:
//
//   WordPress permalink                         site path (English / Italian)
//   /  and  /it/                                /  and  /it
//   /products/  /products/{slug}/               /products, or /products/{id} when a product lookup
//                                                knows the slug (permalinks carry no id); /it/prodotti…
//   /product-categories/{slug}/                 /categories/{slug}            /it/categorie/{slug}
//     (also product_categories, categorie-prodotto)
//   /product-colors/{slug}/                     /products (colours have no page of their own)
//   /collections/{slug}/  /exclusives/{slug}/   /collections/{slug}           /it/collezioni/{slug} …
//   /projects/…                                 /projects                     /it/progetti
//   /{page-slug}/ (English or Italian slug)     the company page: /about, /it/about, /it/manifattura …
//   /home/ /home-it/                            /  /it
//   /wp-content/uploads/…                       the media rule above
//   anything else on the WordPress host         the same path on the site, host dropped: a link to
//                                                something the site has no page for then answers the
//                                                site's 404 (visible, fixable), never the WP host.
//
// Italian permalinks live under `/it/` (Polylang's directory mode), with the post type bases in
// Italian as the site's own path words (`/it/prodotti/…`, `/it/collezioni/…`); Italian page slugs are known
// from the content model, so `/chi-siamo/` is Italian even without the prefix.
import { localizePath, sectionOf, type CompanyPage } from "../../common/locale";
import type { ImageSize, Lang } from "../../common/content";
import { RESIZABLE, renditionUrl, widthsFor } from "../../common/renditions";

export interface SiteUrlConfig {
  /** WordPress as the server reaches it. */
  wpUrl: string;
  /** WordPress as the public (and the editors' links) name it. */
  wpPublicUrl?: string;
  /** Public base of uploads; unset: `/media`. */
  mediaUrl?: string;
}

/** A product's id by its slug in a language, when the caller knows it. Permalinks carry slugs only. */
export type ProductLookup = (slug: string, lang: Lang) => number | undefined;

/** Page slugs of the content model (docs/content-model.md), both languages, to the site's page. */
const PAGE_SLUGS: Record<string, { page: CompanyPage | "home"; lang: Lang }> = {
  home: { page: "home", lang: "en" },
  "home-it": { page: "home", lang: "it" },
  about: { page: "about", lang: "en" },
  "chi-siamo": { page: "about", lang: "it" },
  manufacture: { page: "manufacture", lang: "en" },
  manifattura: { page: "manufacture", lang: "it" },
  funding: { page: "funding", lang: "en" },
  finanziamenti: { page: "funding", lang: "it" },
  prove: { page: "prove", lang: "en" },
  "prove-it": { page: "prove", lang: "it" },
  contact: { page: "contact", lang: "en" },
  contatti: { page: "contact", lang: "it" },
  newsletter: { page: "newsletter", lang: "en" },
  "newsletter-it": { page: "newsletter", lang: "it" },
};

/** The English slug of a company page, from either language's slug (`chi-siamo` → `about`). */
export function companyPageOfSlug(slug: string): { page: CompanyPage | "home"; lang: Lang } | undefined {
  return Object.hasOwn(PAGE_SLUGS, slug) ? PAGE_SLUGS[slug] : undefined;
}

export interface SiteUrls {
  /** An upload URL → its public URL; anything else unchanged. */
  media(url: string): string;
  /**
   * A link as WordPress wrote it → the site's link. `external` is true for links that leave the
   * site (another host, mailto:, tel:). Relative paths are site paths already (menu items typed
   * by editors, `/it/collezioni`).
   */
  link(url: string, lookup?: ProductLookup): { href: string; external: boolean };
  /** True for a URL on the WordPress host (either name of it). */
  isWordPress(url: string): boolean;
  /**
   * The site's own renditions of an upload (its public URL, as `media` made it) for srcset, when
   * the site serves media itself (MEDIA_URL unset) and the image is one it resizes; undefined
   * otherwise (the caller lists WordPress's renditions).
   */
  renditions(mediaUrl: string, width: number, height: number): ImageSize[] | undefined;
}

const UPLOADS = "/wp-content/uploads/";

export function createSiteUrls(config: SiteUrlConfig): SiteUrls {
  const wpHosts = new Set<string>();
  const wpBasePaths: string[] = [];
  for (const raw of [config.wpUrl, config.wpPublicUrl]) {
    if (!raw) continue;
    const url = new URL(raw);
    wpHosts.add(url.host.toLowerCase());
    wpBasePaths.push(url.pathname.replace(/\/+$/, ""));
  }
  const mediaBase = (config.mediaUrl ?? "/media").replace(/\/+$/, "");

  function parse(url: string): URL | undefined {
    try {
      return new URL(url, "http://relative.invalid");
    } catch {
      return undefined;
    }
  }

  function isWordPress(url: string): boolean {
    const parsed = /^https?:\/\//i.test(url) || url.startsWith("//") ? parse(url) : undefined;
    return parsed !== undefined && wpHosts.has(parsed.host.toLowerCase());
  }

  /** The path inside WordPress (its install directory removed), or undefined for other hosts. */
  function wordpressPath(url: string): URL | undefined {
    if (!isWordPress(url)) return undefined;
    const parsed = parse(url)!;
    for (const base of wpBasePaths) {
      if (base && (parsed.pathname === base || parsed.pathname.startsWith(`${base}/`))) {
        parsed.pathname = parsed.pathname.slice(base.length) || "/";
        break;
      }
    }
    return parsed;
  }

  function media(url: string): string {
    if (!url) return url;
    const local = url.startsWith("/") && !url.startsWith("//");
    const parsed = local ? parse(url) : wordpressPath(url);
    if (!parsed) return url;
    const at = parsed.pathname.indexOf(UPLOADS);
    if (at < 0) return url;
    return `${mediaBase}/${parsed.pathname.slice(at + UPLOADS.length)}${parsed.search}`;
  }

  function renditions(url: string, width: number, height: number): ImageSize[] | undefined {
    if (config.mediaUrl || !url.startsWith(`${mediaBase}/`) || !RESIZABLE.test(url.split("?")[0]!) || width <= 0 || height <= 0) return undefined;
    const widths = widthsFor(width);
    if (widths.length === 0) return undefined;
    return widths.map((w) => ({ url: renditionUrl(url, w), width: w, height: Math.round((height * w) / width) }));
  }

  function sitePath(path: string, lookup?: ProductLookup): string {
    const words = path.split("/").filter(Boolean).map((w) => {
      try {
        return decodeURIComponent(w);
      } catch {
        return w;
      }
    });
    let lang: Lang = "en";
    if (words[0] === "it") {
      lang = "it";
      words.shift();
    }
    const [first, second] = words;
    if (first === undefined) return localizePath(lang);
    // Post type bases as registered (`products`, `product_categories`) or translated by Polylang
    // into the site's own Italian words (`prodotti`, `collezioni`).
    const section = sectionOf(first, "it") ?? sectionOf(first, "en") ?? first;
    switch (section) {
      case "products": {
        const id = second !== undefined ? lookup?.(second, lang) : undefined;
        return id !== undefined ? localizePath(lang, "products", id) : localizePath(lang, "products");
      }
      case "product_categories":
      case "product-categories":
      case "categorie-prodotto":
      case "categories":
        return second !== undefined ? localizePath(lang, "categories", second) : localizePath(lang, "categories");
      case "collections":
      case "exclusives":
        return second !== undefined ? localizePath(lang, section, second) : localizePath(lang, section);
      case "projects":
        return localizePath(lang, "projects");
      // Colours have no page of their own: the product list is where they filter.
      case "product_colors":
      case "product-colors":
      case "colori-prodotto":
        return localizePath(lang, "products");
    }
    // Pages: WordPress nests child pages (/company/about/); the last word is the slug.
    const page = companyPageOfSlug(words[words.length - 1]!);
    if (page) {
      const pageLang = page.lang === "it" ? "it" : lang;
      return page.page === "home" ? localizePath(pageLang) : localizePath(pageLang, page.page);
    }
    return localizePath(lang, ...words);
  }

  function link(url: string, lookup?: ProductLookup): { href: string; external: boolean } {
    const trimmed = url.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return { href: trimmed || "#", external: false };
    const wp = wordpressPath(trimmed);
    if (wp) {
      if (wp.pathname.includes(UPLOADS)) return { href: media(trimmed), external: false };
      return { href: `${sitePath(wp.pathname, lookup)}${wp.hash}`, external: false };
    }
    if (trimmed.startsWith("/") && !trimmed.startsWith("//")) {
      if (trimmed.includes(UPLOADS)) return { href: media(trimmed), external: false };
      return { href: trimmed, external: false };
    }
    return { href: trimmed, external: /^(https?:)?\/\/|^(mailto|tel):/i.test(trimmed) };
  }

  return { media, link, isWordPress, renditions };
}
