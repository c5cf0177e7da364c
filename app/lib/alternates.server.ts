// The same page in every language, for the language switcher and hreflang: path words come from
// the locale table, and every id or slug in the path is mapped through the content's translations
// (Italian items have ids and slugs of their own). A segment with no translation keeps its value.
import type { ContentService } from "../../server/content/types";
import { LANGS, SEGMENTS, parsePath, prefixOf, sectionOf, type Lang, type Section } from "./locale";

type Translatable = "products" | "product_categories" | "collections" | "exclusives";

const keyKindOf: Partial<Record<Section, Translatable>> = {
  products: "products",
  categories: "product_categories",
  collections: "collections",
  exclusives: "exclusives",
};

export async function alternatesFor(content: ContentService, pathname: string): Promise<Record<Lang, string>> {
  const { lang: from, words } = parsePath(pathname);
  const result = {} as Record<Lang, string>;
  await Promise.all(
    LANGS.map(async (to) => {
      if (to === from) {
        result[to] = pathname;
        return;
      }
      const out: string[] = [];
      let kind: Translatable | undefined;
      for (const word of words) {
        const section = sectionOf(word, from);
        if (section) {
          out.push(SEGMENTS[section][to]);
          kind = keyKindOf[section];
          continue;
        }
        const decoded = safeDecode(word);
        const mapped = kind ? await content.translate(kind, decoded, from, to).catch(() => null) : null;
        out.push(encodeURIComponent(mapped ?? decoded));
        kind = undefined;
      }
      result[to] = [prefixOf(to), ...out].join("/") || "/";
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
