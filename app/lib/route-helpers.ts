// Small helpers shared by loaders: the page language, strict parameters, and the 404 answer
// ('This page could not be found', rendered by the error boundary).
import { data, redirect, type MetaArgs } from "react-router";
import type { ContentService } from "../../common/content";
import { collectionPageLd, productItems } from "./structured-data";
import { LANGS, langFromPath, listPathOf, productPath, type Lang } from "../../common/locale";
import { matchRoute, pathOf, type Translatable } from "../../common/route-table";
import { pageMeta, rootConfig, servedLanguages, type PageMetaInput } from "./seo";

/** The language of the page a loader or action serves: its normalized `url` (no `.data` suffix). */
export function langOf(url: URL): Lang {
  return langFromPath(url.pathname);
}

export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/**
 * A slug renamed in WordPress answers 301 to the current one (the plugin keeps old slugs), with
 * the rest of the path (a product open over the list) and the query kept.
 */
export async function redirectFromOldSlug(
  content: ContentService,
  kind: "product_categories" | "collections" | "exclusives",
  slug: string,
  lang: Lang,
  url: URL,
): Promise<void> {
  const current = await content.resolveOldSlug(kind, slug, lang).catch(() => null);
  if (!current) return;
  const encoded = encodeURIComponent(slug);
  const at = url.pathname.indexOf(`/${encoded}`);
  if (at < 0) return;
  const path =
    url.pathname.slice(0, at) + `/${encodeURIComponent(current)}` + url.pathname.slice(at + encoded.length + 1);
  throw redirect(path + url.search, 301);
}

/**
 * An id or slug of another language under this language's path answers 301 to its translation
 * (/it/prodotti/12, an English product → /it/prodotti/1012); without a translation the caller
 * answers 404. Only the key the caller could not find is mapped; the rest of the path and the
 * (declared) query are kept.
 */
export async function redirectToTranslation(
  content: ContentService,
  kind: Translatable,
  key: string,
  lang: Lang,
  url: URL,
): Promise<void> {
  const match = matchRoute(url.pathname);
  const at = match?.keys.find((k) => k.key.content === kind && safeDecode(k.value) === key);
  if (!match || !at) return;
  for (const from of LANGS) {
    if (from === lang) continue;
    const translated = await content.translate(kind, key, from, lang).catch(() => null);
    if (!translated || translated === key) continue;
    const keys = match.keys.map((k) => (k === at ? translated : safeDecode(k.value)));
    throw redirect(pathOf(match.route, match.lang, keys) + url.search, 301);
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * `headers` of a page with a form: the action's Allow (a switched-off form) and Retry-After (rate
 * limited) reach the visitor; React Router passes only an action's cookies on by itself.
 */
export function formPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const name of ["Allow", "Retry-After"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/** A WordPress id from a path: digits only, else the page does not exist. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) notFound();
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) notFound();
  return id;
}

/** A slug from a path: what WordPress could have made (lowercase letters, digits, dashes, %xx). */
export function slugParam(value: string | undefined): string {
  if (!value || value.length > 200 || !/^[\p{Ll}\p{Lo}\p{N}_-]+$/u.test(value)) notFound();
  return value;
}

/** `meta` for a page whose loader returned `alternates`, `title`, `description` and maybe an image. */
export function metaFrom(
  args: { matches: readonly unknown[]; location: MetaArgs["location"]; error?: unknown; loaderData?: unknown },
  extra: Partial<PageMetaInput> & { jsonLd?: (siteUrl: string) => Record<string, unknown>[] } = {},
) {
  if (args.error) return [];
  const config = rootConfig(args.matches as Parameters<typeof rootConfig>[0]);
  const { jsonLd, ...input } = extra;
  const data = (args.loaderData ?? {}) as {
    alternates?: PageMetaInput["alternates"];
    title?: string;
    description?: string;
    image?: PageMetaInput["image"];
  };
  const lang = langFromPath(args.location.pathname);
  const siteUrl = config?.siteUrl ?? "";
  return [
    ...pageMeta({
      lang,
      alternates: data.alternates ?? { en: args.location.pathname, it: args.location.pathname },
      siteUrl,
      title: data.title,
      description: data.description,
      image: data.image,
      languages: servedLanguages(args.matches as Parameters<typeof servedLanguages>[0]),
      ...input,
    }),
    ...contentHostLinks(config?.wpPublicUrl),
    ...(jsonLd ? jsonLd(siteUrl).map((thing) => ({ "script:ld+json": thing })) : []),
  ];
}

/** `meta` of a page listing products (a category, a collection, an exclusive): CollectionPage + ItemList. */
export function productListMeta(
  args: Parameters<typeof metaFrom>[0] & { loaderData?: { title?: string } },
  products: readonly { id: number; name: string }[],
) {
  const lang = langFromPath(args.location.pathname);
  const listPath = listPathOf(args.location.pathname);
  return metaFrom(args, {
    jsonLd: (siteUrl) => [
      collectionPageLd(
        siteUrl,
        args.loaderData?.title ?? "",
        listPath,
        lang,
        productItems(products, (p) => productPath(listPath, lang, p.id)),
      ),
    ],
  });
}

/** The content host appears only in preconnect, feed and pingback links. */
export function contentHostLinks(wpPublicUrl: string | undefined) {
  if (!wpPublicUrl) return [];
  return [
    { tagName: "link", rel: "preconnect", href: wpPublicUrl },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "FC", href: `${wpPublicUrl}/feed/` },
    { tagName: "link", rel: "pingback", href: `${wpPublicUrl}/xmlrpc.php` },
  ];
}
