// The language switch: the same item in the other language, or null when that language does not
// publish it. Products by id, colours through their lists, categories and editions by slug.
import type { Lang, Translatable } from "../../common/content";
import { isSlug } from "./content-reads";
import type { EditionReads } from "./editions";
import type { ProductReads } from "./products";
import type { TermReads } from "./terms";

export function createLanguageSwitch(terms: TermReads, editions: EditionReads, products: ProductReads) {
  const { categoryRecords, categoryRecordBySlug, listColours } = terms;
  const { editionRecords, editionRecordBySlug } = editions;
  const { productRecord } = products;

  async function translateProduct(key: string, to: Lang): Promise<string | null> {
    const id = /^\d+$/.test(key) ? Number(key) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const record = await productRecord(id);
    if (!record) return null;
    if (record.product.lang === to) return String(id);
    const target = record.product.translations[to];
    // Only offer a translation the other language actually publishes.
    const translated = target ? await productRecord(target) : null;
    return translated?.product.lang === to ? String(target) : null;
  }

  return async function translate(kind: Translatable, key: string, from: Lang, to: Lang): Promise<string | null> {
    if (kind === "products") return translateProduct(key, to);
    if (from === to) return key;
    if (!isSlug(key)) return null;
    if (kind === "product_colors") {
      // Colours are few and listed whole (the product list's filter): pair them through the lists.
      const colour = (await listColours(from)).find((c) => c.slug === key);
      const target = colour?.translations[to];
      if (!target) return null;
      return (await listColours(to)).find((c) => c.id === target)?.slug ?? null;
    }
    if (kind === "product_categories") {
      const record = await categoryRecordBySlug(key, from);
      const target = record?.category.translations[to];
      if (!target) return null;
      return (await categoryRecords(to)).find((r) => r.category.id === target)?.category.slug ?? null;
    }
    const record = await editionRecordBySlug(kind, key, from);
    const target = record?.edition.translations[to];
    if (!target) return null;
    return (await editionRecords(kind, to)).find((r) => r.edition.id === target)?.edition.slug ?? null;
  };
}
