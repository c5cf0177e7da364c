// JSON-LD (schema.org) for search engines: Organization and WebSite on the home page, Product and
// BreadcrumbList on product pages, CollectionPage with an ItemList on lists. Absolute URLs come
// from SITE_URL (never the request), like canonical links.
import type { Company, Product } from "../../common/content";
import { absoluteUrl } from "./seo";

type Thing = Record<string, unknown>;

export function organizationLd(siteUrl: string, company: Company | null, logo?: string): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: company?.name || "FC",
    legalName: company?.legalName || undefined,
    url: absoluteUrl(siteUrl, "/"),
    logo: logo ? absoluteUrl(siteUrl, logo) : undefined,
    email: company?.email || undefined,
    telephone: company?.phone || undefined,
    vatID: company?.vat || undefined,
    address: company
      ? {
          "@type": "PostalAddress",
          streetAddress: company.address,
          addressLocality: company.city,
          addressCountry: company.country,
        }
      : undefined,
    sameAs: company?.social.map((s) => s.url),
  };
}

export function websiteLd(siteUrl: string, lang: string, name: string, homePath: string, searchPath: string): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${siteUrl}/#website-${lang}`,
    name,
    url: absoluteUrl(siteUrl, homePath),
    inLanguage: lang,
    publisher: { "@id": `${siteUrl}/#organization` },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(siteUrl, searchPath)}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** A product's pictures are read for their files only: a page's view of them (ProductView) will do. */
export function productLd(
  siteUrl: string,
  product: Omit<Product, "related" | "gallery" | "image"> & {
    gallery: { url: string }[];
    image: { url: string } | null;
  },
  path: string,
): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": absoluteUrl(siteUrl, path),
    name: product.name,
    sku: product.code || undefined,
    description: product.excerpt || undefined,
    url: absoluteUrl(siteUrl, path),
    image: (product.gallery.length > 0 ? product.gallery : product.image ? [product.image] : []).map((i) =>
      absoluteUrl(siteUrl, i.url),
    ),
    brand: { "@type": "Brand", name: "FC" },
    manufacturer: { "@id": `${siteUrl}/#organization` },
    category: product.categories[0]?.name,
    color: product.colours.map((c) => c.name).join(", ") || undefined,
    material: product.materials || undefined,
    size: product.dimensions || undefined,
    inLanguage: product.lang,
  };
}

export function breadcrumbLd(siteUrl: string, trail: { name: string; path: string }[]): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: absoluteUrl(siteUrl, step.path),
    })),
  };
}

export function collectionPageLd(
  siteUrl: string,
  name: string,
  path: string,
  lang: string,
  items: { name: string; path: string }[],
): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name,
    url: absoluteUrl(siteUrl, path),
    inLanguage: lang,
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: items.length,
      itemListElement: items.map((item, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: item.name,
        url: absoluteUrl(siteUrl, item.path),
      })),
    },
  };
}

export function productItems<P extends { name: string }>(products: readonly P[], hrefOf: (p: P) => string) {
  return products.map((p) => ({ name: p.name, path: hrefOf(p) }));
}
