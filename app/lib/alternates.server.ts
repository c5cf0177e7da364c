// The same page in every language, for the language switcher, canonical and hreflang. Everything
// comes from the route table: the path words are translated, every id or slug in the path is
// mapped through its content's translations (Italian items have ids and slugs of their own), and
// the query parameters the route declares are carried: slugs among them (a category or colour
// filter) through their translations, other values (sort, search, page) as they are.
// A key with no translation keeps its value (that page then answers 404 in the other language);
// a filter with no translation is dropped, and the page number with it (its count changed).
import type { ContentService } from "../../common/content";
import { LANGS, WORDS, matchRoute, type Lang } from "../../common/route-table";
import { alternatePath, prefixOf } from "../../common/locale";

/** The page at `where` (a path, or a URL with the query its route declares) in every language. */
export async function alternatesFor(content: ContentService, where: string | URL): Promise<Record<Lang, string>> {
  const url = typeof where === "string" ? new URL(where, "http://site.invalid") : where;
  const match = matchRoute(url.pathname);
  const result = {} as Record<Lang, string>;
  if (!match) {
    for (const lang of LANGS) result[lang] = alternatePath(url.pathname, lang);
    return result;
  }
  const { lang: from, route, keys, segments } = match;
  const translate = (kind: Parameters<ContentService["translate"]>[0], value: string, to: Lang) =>
    content.translate(kind, value, from, to).catch(() => null);
  await Promise.all(
    LANGS.map(async (to) => {
      const out = [...segments];
      let i = 0;
      for (const part of route.path) {
        if (i >= out.length) break;
        if (typeof part === "string") out[i] = WORDS[part][to];
        i++;
      }
      await Promise.all(
        keys.map(async ({ index, key, value }) => {
          const decoded = safeDecode(value);
          const mapped = to === from ? decoded : await translate(key.content, decoded, to);
          out[index] = encodeURIComponent(mapped ?? decoded);
        }),
      );
      const query = new URLSearchParams();
      let dropped = false;
      for (const [name, kind] of Object.entries(route.query)) {
        const value = url.searchParams.get(name);
        if (value === null || value === "") continue;
        if (kind === "value" || kind === "search" || to === from) {
          query.set(name, value);
          continue;
        }
        const mapped = await translate(kind, value, to);
        if (mapped) query.set(name, mapped);
        else dropped = true;
      }
      if (dropped) query.delete("page");
      const path = [prefixOf(to), ...out].join("/") || "/";
      const search = query.toString();
      result[to] = search ? `${path}?${search}` : path;
    }),
  );
  return result;
}

function safeDecode(word: string): string {
  try {
    return decodeURIComponent(word);
  } catch {
    return word;
  }
}
