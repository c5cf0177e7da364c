// The one route table: every fact about the site's pages is written here and nowhere else.
//   - the path words of each language (English has no prefix, Italian lives under /it),
//   - each route's path, module and React Router id,
//   - the query parameters a route declares (the page cache keys on them and nothing else; the
//     language switch carries them, translating the slugs among them),
//   - the key in a path (a WordPress id or slug, and whose translations map it),
//   - its metrics label (the English pattern, never the raw path),
//   - whether the sitemap lists it.
// app/routes.ts, the page cache's keys, the metrics route label, the alternates (hreflang and the
// language switcher), the sitemap and the canonical-URL redirect all derive from it.
// Isomorphic and dependency-free: the browser bundle and the Node server both import it.

/** The languages; the first is the default and has no prefix, every other one is its own prefix. */
export const LANGS = ["en", "it"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = LANGS[0];

/** Path words per language. Keys are the product's names for each section (and the metrics words). */
export const WORDS = {
  products: { en: "products", it: "prodotti" },
  categories: { en: "categories", it: "categorie" },
  collections: { en: "collections", it: "collezioni" },
  exclusives: { en: "exclusives", it: "esclusivi" },
  projects: { en: "projects", it: "progetti" },
  contact: { en: "contact", it: "contatti" },
  funding: { en: "funding", it: "finanziamenti" },
  manufacture: { en: "manufacture", it: "manifattura" },
  about: { en: "about", it: "about" },
  newsletter: { en: "newsletter", it: "newsletter" },
  prove: { en: "prove", it: "prove" },
  wishlist: { en: "wishlist", it: "wishlist" },
  preview: { en: "preview", it: "preview" },
} as const satisfies Record<string, Record<Lang, string>>;

export type Section = keyof typeof WORDS;

/** Company pages: a WordPress page each, found by its English slug (the section's name). */
export const COMPANY_PAGES = ["about", "manufacture", "funding", "prove", "contact", "newsletter"] as const;
export type CompanyPage = (typeof COMPANY_PAGES)[number];

/**
 * Company pages whose form is the site's own: they are always there (a product's enquiry link and
 * the footer's signup lead to them), with the WordPress page's copy above the form when there is
 * one. Any other company page is 404 until WordPress publishes it.
 */
export const FORM_PAGES = ["contact", "newsletter"] as const satisfies readonly CompanyPage[];

export function hasOwnForm(page: CompanyPage): page is (typeof FORM_PAGES)[number] {
  return (FORM_PAGES as readonly string[]).includes(page);
}

/** WordPress content whose translations map a key or a query value into another language. */
export type Translatable = "products" | "product_categories" | "product_colors" | "collections" | "exclusives";

/** A key in a path: a WordPress id or slug of some content. */
export interface RouteKey {
  readonly key: "id" | "slug";
  readonly content: Translatable;
  /** The route also answers without it (an optional `{id?}` segment). */
  readonly optional?: boolean;
}

/** What a declared query parameter holds: a slug of some content (translated), else a value kept as it is. */
/**
 * What a query parameter holds: an item of a taxonomy (translated between languages), a plain
 * `value`, or a `search` (kept in its normal form, common/search-query.ts; its renders are
 * rate-limited per visitor while uncached).
 */
export type QueryValue = Translatable | "value" | "search";

export interface RouteEntry {
  /** The React Router id without its language (`products` → `products-en`, `products-it`). */
  readonly name: string;
  /** After the language prefix (and the parent's path): section words and keys. */
  readonly path: readonly (Section | RouteKey)[];
  /** The module under app/ that renders it. */
  readonly module: string;
  /** Query parameters that change what the page renders; a child route also has its parent's. */
  readonly query?: Readonly<Record<string, QueryValue>>;
  /**
   * Listed in the sitemap: `always` (a page of its own), `published` (one URL per published item
   * of its key's content, or, for a company page, when WordPress publishes the page). Unset: never.
   */
  readonly sitemap?: "always" | "published";
  /** Rendered inside this route (a product dialog over its list). */
  readonly children?: readonly RouteEntry[];
}

const id = (content: Translatable, optional = false): RouteKey => ({ key: "id", content, optional });
const slug = (content: Translatable): RouteKey => ({ key: "slug", content });

/** A product opened as a dialog over the list it sits on: `…/products/{id?}`. */
const productDialog = (list: string): RouteEntry => ({
  name: `${list}-product`,
  path: ["products", id("products", true)],
  module: "routes/product.tsx",
});

/** The product list's filters, sort, search and page (app/routes/products.tsx). */
const PRODUCT_LIST_QUERY = {
  category: "product_categories",
  colour: "product_colors",
  sort: "value",
  q: "search",
  page: "value",
} as const;

/** The pages of one language, in their nesting (the same for every language). */
export const ROUTES: readonly RouteEntry[] = [
  { name: "home", path: [], module: "routes/home.tsx", sitemap: "always" },
  {
    name: "products",
    path: ["products"],
    module: "routes/products.tsx",
    query: PRODUCT_LIST_QUERY,
    sitemap: "always",
    children: [
      { name: "products-product", path: [id("products")], module: "routes/product.tsx", sitemap: "published" },
    ],
  },
  { name: "categories", path: ["categories"], module: "routes/categories.tsx", sitemap: "always" },
  {
    name: "category",
    path: ["categories", slug("product_categories")],
    module: "routes/category.tsx",
    sitemap: "published",
    children: [productDialog("category")],
  },
  { name: "collections", path: ["collections"], module: "routes/editions.tsx", sitemap: "always" },
  {
    name: "collection",
    path: ["collections", slug("collections")],
    module: "routes/edition.tsx",
    sitemap: "published",
    children: [productDialog("collection")],
  },
  { name: "exclusives", path: ["exclusives"], module: "routes/editions.tsx", sitemap: "always" },
  {
    name: "exclusive",
    path: ["exclusives", slug("exclusives")],
    module: "routes/edition.tsx",
    sitemap: "published",
    children: [productDialog("exclusive")],
  },
  {
    name: "projects",
    path: ["projects"],
    module: "routes/projects.tsx",
    sitemap: "always",
    children: [productDialog("projects")],
  },
  { name: "about", path: ["about"], module: "routes/company-page.tsx", sitemap: "published" },
  { name: "manufacture", path: ["manufacture"], module: "routes/company-page.tsx", sitemap: "published" },
  { name: "funding", path: ["funding"], module: "routes/company-page.tsx", sitemap: "published" },
  { name: "prove", path: ["prove"], module: "routes/company-page.tsx", sitemap: "published" },
  // The contact page shows the objects of ?wishlist= and ?product= (app/routes/contact.tsx).
  // Both form pages are there with or without their WordPress page (FORM_PAGES).
  {
    name: "contact",
    path: ["contact"],
    module: "routes/contact.tsx",
    query: { wishlist: "value", product: "value" },
    sitemap: "always",
  },
  { name: "newsletter", path: ["newsletter"], module: "routes/newsletter.tsx", sitemap: "always" },
  // A shared wishlist: ?items=1,2,3 (app/routes/wishlist.tsx).
  { name: "wishlist", path: ["wishlist"], module: "routes/wishlist.tsx", query: { items: "value" } },
  // WordPress's Preview, on a link the plugin signed: private, never cached, never listed.
  {
    name: "preview",
    path: ["preview"],
    module: "routes/preview.tsx",
    query: { type: "value", id: "value", exp: "value", sig: "value" },
  },
];

/** Every path no other route claims: 404. */
export const NOT_FOUND_ROUTE = { name: "not-found", module: "routes/not-found.tsx" } as const;
/** The layout of one language (header, footer, menus per language). */
export const LANGUAGE_LAYOUT = { name: "locale", module: "routes/locale-layout.tsx" } as const;

/** Routes outside the languages: files at the root (a sitemap per language). */
export const FILE_ROUTES: readonly { name: string; path: string; module: string }[] = [
  { name: "sitemap-index", path: "sitemap.xml", module: "routes/sitemap-index.tsx" },
  ...LANGS.map((lang) => ({ name: `sitemap-${lang}`, path: `sitemap-${lang}.xml`, module: "routes/sitemap.tsx" })),
  { name: "robots", path: "robots.txt", module: "routes/robots.tsx" },
];

/** The paths of the file routes (`/sitemap.xml`, `/sitemap-en.xml` …, `/robots.txt`). */
export const FILE_PATHS: ReadonlySet<string> = new Set(FILE_ROUTES.map((file) => `/${file.path}`));

/** React Router's single-fetch parameter naming the routes a data request loads. */
export const DATA_QUERY = ["_routes"] as const;

/**
 * The page a path loads: the path itself, or the page of a React Router data request, read as
 * React Router reads it (future.v8_trailingSlashAwareDataRequests): `/products.data` → `/products`,
 * `/_.data` → `/`, `/products/_.data` → `/products/`.
 */
export function pagePathOf(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return pathname;
}

// ——— matching a path against the table ———

/** One route of the table with its full path (its parents' path first) and its parents' query. */
export interface FlatRoute {
  readonly entry: RouteEntry;
  readonly path: readonly (Section | RouteKey)[];
  readonly query: Readonly<Record<string, QueryValue>>;
  /** The metrics label: English words and `:id` / `:slug` (`/categories/:slug/products/:id`). */
  readonly label: string;
}

function flatten(entries: readonly RouteEntry[], parent?: FlatRoute): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = [...(parent?.path ?? []), ...entry.path];
    const flat: FlatRoute = { entry, path, query: { ...parent?.query, ...entry.query }, label: labelOf(path) };
    return [flat, ...flatten(entry.children ?? [], flat)];
  });
}

function labelOf(path: readonly (Section | RouteKey)[]): string {
  return `/${path.map((part) => (typeof part === "string" ? part : `:${part.key}`)).join("/")}`;
}

/** Every route of one language, parents before children. */
export const FLAT_ROUTES: readonly FlatRoute[] = flatten(ROUTES);

/** The most segments a page's path has (after the prefix): a longer path is no page. */
const DEEPEST = Math.max(...FLAT_ROUTES.map((route) => route.path.length));

export interface RouteMatch {
  lang: Lang;
  route: FlatRoute;
  /** The path's segments after the prefix, as requested (still percent-encoded). */
  segments: string[];
  /** Each key of the path with its segment index and its raw (encoded) value. */
  keys: { index: number; key: RouteKey; value: string }[];
  /** The metrics label, without an optional key the path leaves out. */
  label: string;
  /** The same path with the canonical prefix, lowercase path words and slugs; ids kept as requested. */
  canonical: string;
}

function decodeWord(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The route a path names, matched as React Router matches (path words and the language prefix in
 * any letter case or percent-encoding), or undefined for a path no page claims. `langs` are the
 * languages the site serves; the first one is the default (no prefix).
 */
export function matchRoute(pathname: string, langs: readonly Lang[] = LANGS): RouteMatch | undefined {
  // A request asks for its path's match up to eight times (guards, canonical URL, page-cache key,
  // metrics label, log lines, content reads…): the answer depends on the path and the languages
  // alone, so it is kept, for a bounded number of paths. Callers read a match, never change it.
  const key = `${langs.join(",")} ${pathname}`;
  const known = recentMatches.get(key);
  if (known !== undefined) return known ?? undefined;
  const match = matchRouteOnce(pathname, langs);
  if (recentMatches.size >= RECENT_MATCHES) recentMatches.clear();
  recentMatches.set(key, match ?? null);
  return match;
}

const RECENT_MATCHES = 2048;
const recentMatches = new Map<string, RouteMatch | null>();

function matchRouteOnce(pathname: string, langs: readonly Lang[]): RouteMatch | undefined {
  if (!pathname.startsWith("/")) return undefined;
  const all = pathname === "/" ? [] : pathname.slice(1).split("/");
  // An empty segment (`//`, a trailing slash) is never a page: the trailing-slash redirect or 404.
  if (all.some((s) => s === "")) return undefined;
  const [defaultLang, ...prefixed] = langs;
  if (defaultLang === undefined) return undefined;
  const first = all[0] === undefined ? undefined : decodeWord(all[0]);
  const lang = prefixed.find((l) => l === first) ?? defaultLang;
  const segments = lang === defaultLang ? all : all.slice(1);
  if (segments.length > DEEPEST) return undefined;
  const words = segments.map(decodeWord);
  for (const route of FLAT_ROUTES) {
    const match = matchPath(route, segments, words, lang);
    if (match) {
      const prefix = lang === defaultLang ? [] : [lang];
      const canonical = `/${[...prefix, ...match.canonical].join("/")}`;
      return { lang, route, segments, keys: match.keys, label: match.label, canonical };
    }
  }
  return undefined;
}

/** React Router's id of the page at a path, its language included (`products-product-it`), for log lines. */
export function routeIdOf(pathname: string): string {
  const match = matchRoute(pagePathOf(pathname));
  return match ? `${match.route.entry.name}-${match.lang}` : "not-found";
}

/**
 * WordPress keeps slugs in lowercase (sanitize_title): a slug asked for with capitals
 * (/categories/VASI) names the lowercase one, and its canonical URL is that. Anything else in the
 * segment stays as requested.
 */
function lowercaseSlug(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return segment;
  }
  const lower = decoded.toLowerCase();
  return lower === decoded ? segment : encodeURIComponent(lower);
}

/** `words`: the segments decoded and in lowercase, as path words are compared. */
function matchPath(route: FlatRoute, segments: string[], words: string[], lang: Lang) {
  const keys: RouteMatch["keys"] = [];
  const canonical: string[] = [];
  const label: string[] = [];
  let i = 0;
  for (const part of route.path) {
    const segment = segments[i];
    if (typeof part === "string") {
      if (segment === undefined || words[i] !== WORDS[part][lang]) return undefined;
      canonical.push(WORDS[part][lang]);
      label.push(part);
    } else {
      if (segment === undefined) {
        if (part.optional) continue;
        return undefined;
      }
      keys.push({ index: i, key: part, value: segment });
      canonical.push(part.key === "slug" ? lowercaseSlug(segment) : segment);
      label.push(`:${part.key}`);
    }
    i++;
  }
  if (i !== segments.length) return undefined;
  return { keys, canonical, label: `/${label.join("/")}` };
}

/** A route's path in a language, with these key values (encoded here): the inverse of matchRoute. */
export function pathOf(route: FlatRoute, lang: Lang, keys: readonly (string | number)[]): string {
  const values = [...keys];
  const parts: string[] = lang === DEFAULT_LANG ? [] : [lang];
  for (const part of route.path) {
    if (typeof part === "string") parts.push(WORDS[part][lang]);
    else if (values.length > 0) parts.push(encodeURIComponent(String(values.shift())));
    else if (!part.optional) throw new Error(`pathOf: ${route.label} needs a value for :${part.key}`);
  }
  return `/${parts.join("/")}`;
}

/** The React Router path of a route (`categorie/:slug/prodotti/:id?`), relative to its parent. */
export function routerPath(entry: RouteEntry, lang: Lang): string {
  return entry.path
    .map((part) => (typeof part === "string" ? WORDS[part][lang] : `:${part.key}${part.optional ? "?" : ""}`))
    .join("/");
}
