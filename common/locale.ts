// Languages and localized paths: links, alternates and language switches built from the path
// words of the route table (common/route-table.ts), where the words and languages are written.
// English has no prefix; Italian lives under /it with Italian path words.
import { COMPANY_PAGES, DEFAULT_LANG, LANGS, WORDS, type CompanyPage, type Lang, type Section } from "./route-table.ts";

export { COMPANY_PAGES, DEFAULT_LANG, LANGS, type CompanyPage, type Lang, type Section };
/** The path words per section and language (the route table's WORDS). */
export const SEGMENTS = WORDS;

/** Labels of the language switcher. */
export const LANG_LABELS: Record<Lang, { short: string; name: string }> = {
  en: { short: "Eng", name: "English" },
  it: { short: "Ita", name: "Italiano" },
};

export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

export function prefixOf(lang: Lang): string {
  return lang === DEFAULT_LANG ? "" : `/${lang}`;
}

/** The language a path belongs to: the prefix decides. */
export function langFromPath(pathname: string): Lang {
  return (
    LANGS.find((lang) => lang !== DEFAULT_LANG && (pathname === `/${lang}` || pathname.startsWith(`/${lang}/`))) ??
    DEFAULT_LANG
  );
}

/** Build a site path: localizePath("it", "categories", "vasi", "products", 12) → /it/categorie/vasi/prodotti/12 */
export function localizePath(lang: Lang, ...parts: (string | number)[]): string {
  const words = parts.map((part) =>
    typeof part === "string" && part in SEGMENTS ? SEGMENTS[part as Section][lang] : encodeURIComponent(String(part)),
  );
  const path = [prefixOf(lang), ...words].join("/");
  return path === "" ? "/" : path.startsWith("/") ? path : `/${path}`;
}

const wordToSection = new Map<string, Section>();
for (const lang of LANGS) {
  for (const [section, words] of Object.entries(SEGMENTS) as [Section, Record<Lang, string>][]) {
    wordToSection.set(`${lang}:${words[lang]}`, section);
  }
}

/** The section a path word names in a language, if any. */
export function sectionOf(word: string | undefined, lang: Lang): Section | undefined {
  return word === undefined ? undefined : wordToSection.get(`${lang}:${word}`);
}

/** Split a path into language and words after the prefix. */
export function parsePath(pathname: string): { lang: Lang; words: string[] } {
  const lang = langFromPath(pathname);
  const rest = pathname.slice(prefixOf(lang).length);
  return { lang, words: rest.split("/").filter(Boolean) };
}

/**
 * The same page in another language, translating the path words and keeping every id and slug.
 * Content routes refine this with the content's own translations (different slugs per language).
 */
export function alternatePath(pathname: string, to: Lang): string {
  const { lang, words } = parsePath(pathname);
  const translated = words.map((word) => {
    const section = sectionOf(word, lang);
    return section ? SEGMENTS[section][to] : word;
  });
  const path = [prefixOf(to), ...translated].join("/");
  return path === "" ? "/" : path;
}

/**
 * Path of the list a product dialog sits on: /it/categorie/vasi/prodotti/12 → /it/categorie/vasi.
 * The scroll position and the page transition are keyed on it, so opening or closing a product
 * never resets the list underneath.
 */
export function listPathOf(pathname: string): string {
  const { lang, words } = parsePath(pathname);
  const at = words.findIndex((w) => sectionOf(w, lang) === "products");
  if (at <= 0) return at === 0 ? localizePath(lang, "products") : pathname;
  return [prefixOf(lang), ...words.slice(0, at)].join("/");
}

/** A product's path over a given list: /products/12, /it/collezioni/onda/prodotti/1012 … */
export function productPath(listPath: string, lang: Lang, id: number): string {
  return listPath === localizePath(lang, "products")
    ? `${listPath}/${id}`
    : `${listPath}/${SEGMENTS.products[lang]}/${id}`;
}

/** `SITE_LANGUAGES` ("en", "en,it") → the list, English first; undefined when unset. */
export function parseSiteLanguages(value: string | undefined): Lang[] | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const asked = value
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  const unknown = asked.filter((l) => !(LANGS as readonly string[]).includes(l));
  if (unknown.length) throw new Error(`unknown language(s) ${unknown.join(", ")}: use ${LANGS.join(", ")}`);
  if (!asked.includes(DEFAULT_LANG)) throw new Error(`must include ${DEFAULT_LANG} (the pages without a prefix)`);
  return LANGS.filter((l) => asked.includes(l));
}
