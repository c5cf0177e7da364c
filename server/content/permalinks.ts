// WordPress permalinks → the site's paths. A permalink on the WordPress host (its install
// directory removed) becomes the site's route for the same thing:
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
//   /wp-content/uploads/…                       the media rule (site-urls.ts)
//   anything else on the WordPress host         the same path on the site, host dropped: a link to
//                                                something the site has no page for then answers the
//                                                site's 404 (visible, fixable), never the WP host.
//
// Italian permalinks live under `/it/` (Polylang's directory mode), with the post type bases in
// Italian as the site's own path words (`/it/prodotti/…`, `/it/collezioni/…`); Italian page slugs are known
// from the content model, so `/chi-siamo/` is Italian even without the prefix.
import { localizePath, sectionOf, type CompanyPage } from "../../common/locale";
import type { Lang } from "../../common/content";

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

/** A path on the WordPress host → the site's path for the same thing. */
export function sitePath(path: string, lookup?: ProductLookup): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((w) => {
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
