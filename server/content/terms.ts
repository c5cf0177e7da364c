// Product categories and colours: lists and one by slug, categories with their images.
import type { Category, Colour, Lang, ProductSummary } from "../../common/content";
import { withColourHex } from "./mappers";
import { isSlug, type ContentReads } from "./content-reads";

export function createTermReads(reads: ContentReads) {
  const { listOf, bySlug, kinds, imagesByIds } = reads;

  function categoryRecords(lang: Lang) {
    return listOf(kinds.categories, lang);
  }

  async function withCategoryImages(records: { category: Category; imageId: number }[]): Promise<Category[]> {
    const images = await imagesByIds(records.map((r) => r.imageId));
    return records.map((r) => ({ ...r.category, image: images.get(r.imageId) ?? null }));
  }

  async function listCategories(lang: Lang): Promise<Category[]> {
    return withCategoryImages(await categoryRecords(lang));
  }

  function categoryRecordBySlug(slug: string, lang: Lang) {
    return bySlug(kinds.categories, slug, lang);
  }

  async function getCategory(slug: string, lang: Lang): Promise<Category | null> {
    if (!isSlug(slug)) return null;
    const record = await categoryRecordBySlug(slug, lang);
    return record ? ((await withCategoryImages([record]))[0] ?? null) : null;
  }

  function listColours(lang: Lang): Promise<Colour[]> {
    return listOf(kinds.colours, lang);
  }

  /** Colour hexes the embedded terms lacked, from the colour list (only read when needed). */
  async function completeColours<T extends ProductSummary>(items: T[], lang: Lang): Promise<T[]> {
    if (items.every((s) => s.colours.every((c) => c.hex))) return items;
    const colours = new Map((await listColours(lang)).map((c) => [c.id, c]));
    return items.map((s) => withColourHex(s, colours));
  }

  return { categoryRecords, listCategories, categoryRecordBySlug, getCategory, listColours, completeColours };
}

export type TermReads = ReturnType<typeof createTermReads>;
