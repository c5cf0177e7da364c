// The sitemaps (an index and one sitemap per language, with hreflang alternates): the
// routes the route table marks for the sitemap — list pages always, one URL per published item of
// a keyed route (products by id, categories, collections and exclusives by slug), company pages
// when WordPress publishes them — each with its alternates in the other language (paired through
// WordPress's translations) and its last-modified date where WordPress has one.
import type { ContentService } from "../../common/content";
import {
  COMPANY_PAGES,
  FLAT_ROUTES,
  LANGS,
  pathOf,
  type FlatRoute,
  type Lang,
  type Translatable,
} from "../../common/route-table";
import { absoluteUrl } from "./seo";

export interface SitemapUrl {
  /** The page's path in each language it exists in. */
  paths: Partial<Record<Lang, string>>;
  lastmod?: string;
}

/** A published item as the sitemap needs it: its key in URLs, its translations, its date. */
interface Listed {
  id: number;
  key: string;
  translations: Partial<Record<Lang, number>>;
  modified?: string;
}

async function allProducts(content: ContentService, lang: Lang) {
  const first = await content.listProducts({ lang, perPage: 100, page: 1, sort: "newest" });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
      content.listProducts({ lang, perPage: 100, page: i + 2, sort: "newest" }),
    ),
  );
  return [first, ...rest].flatMap((p) => p.items);
}

async function published(content: ContentService, kind: Translatable, lang: Lang): Promise<Listed[]> {
  switch (kind) {
    case "products":
      return (await allProducts(content, lang)).map((p) => ({
        id: p.id,
        key: String(p.id),
        translations: p.translations,
        modified: p.modified,
      }));
    case "product_categories":
      return (await content.listCategories(lang)).map((c) => ({ id: c.id, key: c.slug, translations: c.translations }));
    case "product_colors":
      return [];
    case "collections":
    case "exclusives":
      return (await content.listEditions(kind, lang)).map((e) => ({
        id: e.id,
        key: e.slug,
        translations: e.translations,
        modified: e.modified,
      }));
  }
}

/** One URL per item, the languages of a translation paired into one entry. */
async function itemUrls(
  content: ContentService,
  route: FlatRoute,
  kind: Translatable,
  served: readonly Lang[],
): Promise<SitemapUrl[]> {
  const [first, ...others] = served;
  const lists = await Promise.all(served.map((lang) => published(content, kind, lang)));
  const byLang = new Map(served.map((lang, i) => [lang, new Map((lists[i] ?? []).map((item) => [item.id, item]))]));
  const paired = new Set<string>();
  const urls: SitemapUrl[] = [];
  for (const lang of first ? [first, ...others] : []) {
    for (const item of byLang.get(lang)?.values() ?? []) {
      if (paired.has(`${lang}:${item.id}`)) continue;
      const url: SitemapUrl = { paths: { [lang]: pathOf(route, lang, [item.key]) }, lastmod: item.modified };
      for (const other of served) {
        const twinId = other === lang ? undefined : item.translations[other];
        const twin = twinId === undefined ? undefined : byLang.get(other)?.get(twinId);
        if (!twin || paired.has(`${other}:${twin.id}`)) continue;
        url.paths[other] = pathOf(route, other, [twin.key]);
        paired.add(`${other}:${twin.id}`);
      }
      urls.push(url);
    }
  }
  return urls;
}

async function pageUrls(content: ContentService, route: FlatRoute, served: readonly Lang[]): Promise<SitemapUrl[]> {
  const [section] = route.path;
  const page = COMPANY_PAGES.find((p) => p === section);
  if (!page) return [];
  const found = await Promise.all(served.map((lang) => content.getPage(page, lang).catch(() => null)));
  const url: SitemapUrl = { paths: {} };
  served.forEach((lang, i) => {
    if (found[i]) url.paths[lang] = pathOf(route, lang, []);
  });
  url.lastmod = found
    .map((p) => p?.modified)
    .filter(Boolean)
    .sort()
    .at(-1);
  return Object.keys(url.paths).length > 0 ? [url] : [];
}

/** Every page of the languages served (`served`: WordPress is asked about no other). */
export async function sitemapUrls(content: ContentService, served: readonly Lang[] = LANGS): Promise<SitemapUrl[]> {
  const groups = await Promise.all(
    FLAT_ROUTES.map(async (route): Promise<SitemapUrl[]> => {
      const keys = route.path.filter((part) => typeof part !== "string");
      if (route.entry.sitemap === "always" && keys.length === 0) {
        return [{ paths: Object.fromEntries(served.map((lang) => [lang, pathOf(route, lang, [])])) }];
      }
      if (route.entry.sitemap !== "published") return [];
      const [key] = keys;
      if (keys.length === 1 && key) return itemUrls(content, route, key.content, served);
      return keys.length === 0 ? pageUrls(content, route, served) : [];
    }),
  );
  return groups.flat();
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function sitemapXml(siteUrl: string, lang: Lang, urls: SitemapUrl[]): string {
  const body = urls
    .filter((u) => u.paths[lang])
    .map((u) => {
      const alternates = LANGS.filter((l) => u.paths[l])
        .map(
          (l) =>
            `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(absoluteUrl(siteUrl, u.paths[l]!))}"/>`,
        )
        .concat(
          u.paths.en
            ? [
                `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(siteUrl, u.paths.en))}"/>`,
              ]
            : [],
        );
      const lastmod = isoDate(u.lastmod);
      return [
        `  <url>`,
        `    <loc>${escapeXml(absoluteUrl(siteUrl, u.paths[lang]!))}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
        ...alternates,
        `  </url>`,
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(siteUrl: string, served: readonly Lang[] = LANGS): string {
  const items = served
    .map((l) => `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemap-${l}.xml`)}</loc></sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/** Previews are private in every language: robots stay out of them. */
const PREVIEW = FLAT_ROUTES.filter((route) => route.entry.name === "preview");

/** `served`: the languages the site serves; robots name no path of another one. */
export function robotsTxt(siteUrl: string, served: readonly Lang[] = LANGS): string {
  const previews = PREVIEW.flatMap((route) => served.map((lang) => `Disallow: ${pathOf(route, lang, [])}\n`)).join("");
  return `User-agent: *\nAllow: /\nDisallow: /api/\n${previews}\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
