// The products a visitor saved (the wishlist, a shared wishlist link, the contact form's list), by
// id, shown in a language. The ids come from the visitor's URL, so they cost nothing until known:
// an id is first looked up in the index of every product (the cached list the catalogue pages
// read too), and only an id WordPress publishes is read — one cached read per product
// (`wp/v2/products/<id>`, shared with its product page), never one per combination of ids. An id
// WordPress does not have costs no WordPress read at all.
import type { Lang, ProductSummary } from "../../common/content";
import type { ContentReads } from "./content-reads";
import type { ProductReads } from "./products";
import type { ProductRecord } from "./mappers";
import type { TermReads } from "./terms";
import { uniqueIds } from "./wordpress-reads";

/** Product reads at once for one list (a cold list of a hundred must not fill WP_MAX_CONCURRENCY's queue). */
const READS_AT_ONCE = 8;

function summaryOf(product: ProductRecord["product"]): ProductSummary {
  const { id, slug, name, code, image, categories, colours, lang, translations, modified } = product;
  return { id, slug, name, code, image, categories, colours, lang, translations, modified };
}

/** `read` over `items`, at most `atOnce` at a time, results in order. */
async function inTurns<T, R>(items: readonly T[], atOnce: number, read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await read(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

export function createSavedProducts(reads: ContentReads, products: ProductReads, terms: TermReads) {
  /** Ids WordPress publishes in English (the ids the wishlist keeps) or in `lang`. */
  async function publishedIds(lang: Lang): Promise<Set<number>> {
    const langs: Lang[] = lang === "en" ? ["en"] : ["en", lang];
    const lists = await Promise.all(langs.map((l) => reads.listOf(reads.kinds.productMembers, l)));
    return new Set(lists.flat().map((p) => p.id));
  }

  /** The record shown in `lang`: the one asked for, or its translation. */
  async function inLanguage(record: ProductRecord | null, lang: Lang): Promise<ProductRecord | null> {
    if (!record || record.product.lang === lang) return record;
    const translation = record.product.translations[lang];
    const translated = translation ? await products.productRecord(translation) : null;
    return translated?.product.lang === lang ? translated : null;
  }

  /** Products by id (in either language), shown in `lang`, in the order asked; unknown ids left out. */
  async function savedProducts(ids: readonly number[], lang: Lang): Promise<ProductSummary[]> {
    const wanted = uniqueIds(ids);
    if (wanted.length === 0) return [];
    const published = await publishedIds(lang);
    const known = wanted.filter((id) => published.has(id));
    const shown = await inTurns(known, READS_AT_ONCE, async (id) => inLanguage(await products.productRecord(id), lang));
    const seen = new Set<number>();
    const out: ProductSummary[] = [];
    for (const record of shown) {
      if (!record || seen.has(record.product.id)) continue;
      seen.add(record.product.id);
      out.push(summaryOf(record.product));
    }
    return terms.completeColours(out, lang);
  }

  return { savedProducts };
}
