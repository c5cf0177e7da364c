// Products by id, shown in a language, in the order asked: related products, saved lists, a
// project's products. An id in the other language is followed to its translation.
import type { Lang, ProductSummary } from "../../common/content";
import type { WpParams } from "./wordpress-client";
import { chunk, MAX_PER_PAGE, uniqueIds, type PageOf } from "./wordpress-reads";

export interface ProductSummaryDeps {
  productPage(params: WpParams): Promise<PageOf<ProductSummary>>;
  completeColours(items: ProductSummary[], lang: Lang): Promise<ProductSummary[]>;
}

/** Each wanted id's summary in `lang` (itself, or its translation), once each, in the order asked. */
function inOrder(wanted: readonly number[], found: ReadonlyMap<number, ProductSummary>, lang: Lang): ProductSummary[] {
  const seen = new Set<number>();
  const out: ProductSummary[] = [];
  for (const id of wanted) {
    const asked = found.get(id);
    const shown =
      asked?.lang === lang ? asked : asked?.translations[lang] ? found.get(asked.translations[lang]) : undefined;
    if (shown && shown.lang === lang && !seen.has(shown.id)) {
      seen.add(shown.id);
      out.push(shown);
    }
  }
  return out;
}

export function createProductSummaries({ productPage, completeColours }: ProductSummaryDeps) {
  /**
   * Products by id, shown in `lang`, in the order asked. An id in the other language is followed
   * to its translation; ids WordPress does not publish are left out. The include lists are sorted
   * so that the same set of ids is the same cache entry.
   */
  return async function summariesByIds(ids: readonly number[], lang: Lang): Promise<ProductSummary[]> {
    const wanted = uniqueIds(ids);
    if (wanted.length === 0) return [];
    const fetchAll = async (list: number[]) => {
      const pages = await Promise.all(
        chunk(
          [...list].sort((a, b) => a - b),
          MAX_PER_PAGE,
        ).map((include) => productPage({ include, per_page: MAX_PER_PAGE })),
      );
      return new Map(pages.flatMap((p) => p.items).map((s) => [s.id, s]));
    };
    const found = await fetchAll(wanted);
    const translatedIds = wanted
      .map((id) => found.get(id))
      .filter((s): s is ProductSummary => s !== undefined && s.lang !== lang)
      .map((s) => s.translations[lang])
      .filter((id): id is number => id !== undefined && !found.has(id));
    if (translatedIds.length) for (const [id, s] of await fetchAll(translatedIds)) found.set(id, s);
    return completeColours(inOrder(wanted, found, lang), lang);
  };
}
