// The head of every page: the title pattern "<page> – FC" (en dash), one description,
// canonical and hreflang alternates from SITE_URL (never the request's Host), Open Graph.
import type { MetaDescriptor } from "react-router";
import { LANGS, DEFAULT_LANG, type Lang } from "../../common/locale";
import { i18nFor } from "./i18n";
import type { PublicConfig } from "../../common/public-config";

export const BRAND = "FC";
export const TITLE_SEPARATOR = " – ";

export function pageTitle(title: string | undefined): string {
  return title ? `${title}${TITLE_SEPARATOR}${BRAND}` : BRAND;
}

/** The site's own description, for a page that has none of its own. */
export function siteDescription(lang: Lang): string {
  return i18nFor(lang).t("description");
}

export interface PageMetaInput {
  title?: string;
  description?: string;
  lang: Lang;
  /** The page's path in each language. */
  alternates: Record<Lang, string>;
  siteUrl: string;
  image?: { url: string; width?: number; height?: number; alt?: string } | null;
  noindex?: boolean;
  type?: "website" | "product" | "article";
  /** The languages the site serves (root loader): hreflang names no other. */
  languages?: readonly Lang[];
}

export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl}${path === "/" ? "" : path}` || "/";
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const canonical = absoluteUrl(input.siteUrl, input.alternates[input.lang]);
  const meta: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }];
  // One description: the page's own, else the site's (React Router's <Meta> shows the deepest
  // route's meta alone, so this is the only one in the head).
  const description = input.description || siteDescription(input.lang);
  meta.push({ name: "description", content: description }, { property: "og:description", content: description });
  if (input.noindex) {
    meta.push({ name: "robots", content: "noindex" });
  } else {
    meta.push({ tagName: "link", rel: "canonical", href: canonical });
    for (const lang of input.languages ?? LANGS) {
      meta.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: lang,
        href: absoluteUrl(input.siteUrl, input.alternates[lang]),
      });
    }
    meta.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(input.siteUrl, input.alternates[DEFAULT_LANG]),
    });
  }
  meta.push(
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: BRAND },
    { property: "og:locale", content: input.lang === "it" ? "it_IT" : "en_GB" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  );
  if (input.image) {
    const image = absoluteUrl(input.siteUrl, input.image.url);
    meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (input.image.width) meta.push({ property: "og:image:width", content: String(input.image.width) });
    if (input.image.height) meta.push({ property: "og:image:height", content: String(input.image.height) });
    if (input.image.alt) meta.push({ property: "og:image:alt", content: input.image.alt });
  }
  return meta;
}

/** Root loader data, as route `meta` functions find it in `matches`. */
/** The languages the site serves, from the root loader (all of them before it has answered). */
export function servedLanguages(
  matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[],
): readonly Lang[] {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { languages?: Lang[] } | undefined;
  return data?.languages ?? LANGS;
}

export function rootConfig(
  matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[],
): PublicConfig | undefined {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { config?: PublicConfig } | undefined;
  return data?.config;
}
