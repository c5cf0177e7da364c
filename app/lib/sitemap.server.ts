// The sitemaps (CONTRACT: an index and one sitemap per language, with hreflang alternates): every
// published product, category, collection, exclusive and company page, and the list pages, each
// with its alternates in the other language and its last-modified date where WordPress has one.
import type { ContentService, Lang as ContentLang } from "../../server/content/types";
import { COMPANY_PAGES, LANGS, localizePath, type Lang, type Section } from "./locale";
import { absoluteUrl } from "./seo";

export interface SitemapUrl {
  /** The page's path in each language it exists in. */
  paths: Partial<Record<Lang, string>>;
  lastmod?: string;
}

async function allProducts(content: ContentService, lang: ContentLang) {
  const first = await content.listProducts({ lang, perPage: 100, page: 1, sort: "newest" });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => content.listProducts({ lang, perPage: 100, page: i + 2, sort: "newest" })),
  );
  return [first, ...rest].flatMap((p) => p.items);
}

/** Every page of the languages served (`served`: WordPress asked for no other). */
export async function sitemapUrls(content: ContentService, served: readonly Lang[] = LANGS): Promise<SitemapUrl[]> {
  const each = <T>(read: (lang: Lang) => Promise<T>, none: T) => Promise.all(LANGS.map((l) => (served.includes(l) ? read(l) : Promise.resolve(none))));
  const [[productsEn = [], productsIt = []], categories, collections, exclusives, pages] = await Promise.all([
    each((l) => allProducts(content, l), []),
    each((l) => content.listCategories(l), []),
    each((l) => content.listEditions("collections", l), []),
    each((l) => content.listEditions("exclusives", l), []),
    Promise.all(COMPANY_PAGES.map((key) => each((l) => content.getPage(key, l).catch(() => null), null))),
  ]);
  const urls: SitemapUrl[] = [];
  const both = (...parts: (Section | string | number)[]) =>
    Object.fromEntries(served.map((l) => [l, localizePath(l, ...parts)])) as SitemapUrl["paths"];

  urls.push({ paths: both() });
  for (const section of ["products", "categories", "collections", "exclusives", "projects", "wishlist"] as const) {
    if (section !== "wishlist") urls.push({ paths: both(section) });
  }

  const itProductIds = new Set(productsIt.map((p) => p.id));
  const seenIt = new Set<number>();
  for (const p of productsEn) {
    const itId = p.translations.it;
    const paths: SitemapUrl["paths"] = { en: localizePath("en", "products", p.id) };
    if (itId && itProductIds.has(itId)) {
      paths.it = localizePath("it", "products", itId);
      seenIt.add(itId);
    }
    urls.push({ paths, lastmod: p.modified });
  }
  for (const p of productsIt) if (!seenIt.has(p.id)) urls.push({ paths: { it: localizePath("it", "products", p.id) }, lastmod: p.modified });

  // Terms and editions: pair the two languages through translations (ids), address them by slug.
  const pair = <T extends { id: number; slug: string; translations: Partial<Record<Lang, number>>; modified?: string }>(section: Section, [en, it]: T[][]) => {
    const itById = new Map((it ?? []).map((x) => [x.id, x]));
    const paired = new Set<number>();
    for (const item of en ?? []) {
      const twin = item.translations.it !== undefined ? itById.get(item.translations.it) : undefined;
      if (twin) paired.add(twin.id);
      urls.push({ paths: { en: localizePath("en", section, item.slug), ...(twin ? { it: localizePath("it", section, twin.slug) } : {}) }, lastmod: item.modified });
    }
    for (const item of it ?? []) if (!paired.has(item.id)) urls.push({ paths: { it: localizePath("it", section, item.slug) }, lastmod: item.modified });
  };
  pair("categories", categories);
  pair("collections", collections);
  pair("exclusives", exclusives);

  COMPANY_PAGES.forEach((key, i) => {
    const [en, it] = pages[i] ?? [];
    const paths: SitemapUrl["paths"] = {};
    if (en) paths.en = localizePath("en", key);
    if (it) paths.it = localizePath("it", key);
    if (paths.en || paths.it) urls.push({ paths, lastmod: [en?.modified, it?.modified].filter(Boolean).sort().at(-1) });
  });
  return urls;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function sitemapXml(siteUrl: string, lang: Lang, urls: SitemapUrl[], served: readonly Lang[] = LANGS): string {
  const body = urls
    .filter((u) => u.paths[lang])
    .map((u) => {
      const alternates = served.filter((l) => u.paths[l])
        .map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(absoluteUrl(siteUrl, u.paths[l]!))}"/>`)
        .concat(u.paths.en ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(siteUrl, u.paths.en))}"/>`] : []);
      const lastmod = isoDate(u.lastmod);
      return [`  <url>`, `    <loc>${escapeXml(absoluteUrl(siteUrl, u.paths[lang]!))}</loc>`, ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []), ...alternates, `  </url>`].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(siteUrl: string, served: readonly Lang[] = LANGS): string {
  const items = served.map((l) => `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemap-${l}.xml`)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /preview\nDisallow: /it/preview\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
