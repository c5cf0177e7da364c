// A product record completed with what it only names by id: its gallery, designer, collection,
// exclusive and related products, each read in the product's language.
import type { Designer, Image, Lang, Product, ProductSummary } from "../../common/content";
import { indexByAnyLanguageId, type ContentReads } from "./content-reads";
import type { EditionReads } from "./editions";
import type { ProductRecord } from "./mappers";
import type { TermReads } from "./terms";

export interface ProductCompletionDeps {
  imagesByIds: ContentReads["imagesByIds"];
  listDesigners: EditionReads["listDesigners"];
  editionRecords: EditionReads["editionRecords"];
  completeColours: TermReads["completeColours"];
  summariesByIds(ids: readonly number[], lang: Lang): Promise<ProductSummary[]>;
}

export function createProductCompletion({
  imagesByIds,
  listDesigners,
  editionRecords,
  completeColours,
  summariesByIds,
}: ProductCompletionDeps) {
  const editionsById = (kind: "collections" | "exclusives", lang: Lang) =>
    editionRecords(kind, lang).then((r) => indexByAnyLanguageId(r.map((e) => e.edition)));

  /** A product record with what it only names by id: gallery, designer, editions, related. */
  return async function completeProduct(record: ProductRecord, lang: Lang): Promise<Product> {
    const { product, refs } = record;
    const [gallery, designers, collections, exclusives, related, [completed]] = await Promise.all([
      refs.gallery.length ? imagesByIds(refs.gallery) : Promise.resolve(new Map<number, Image>()),
      refs.designer ? listDesigners(lang).then(indexByAnyLanguageId) : Promise.resolve(new Map<number, Designer>()),
      refs.collection ? editionsById("collections", lang) : Promise.resolve(undefined),
      refs.exclusive ? editionsById("exclusives", lang) : Promise.resolve(undefined),
      summariesByIds(refs.related, lang),
      completeColours([product], lang),
    ]);
    const designer = refs.designer ? designers.get(refs.designer) : undefined;
    const collection = refs.collection ? collections?.get(refs.collection) : undefined;
    const exclusive = refs.exclusive ? exclusives?.get(refs.exclusive) : undefined;
    const images = refs.gallery.map((g) => gallery.get(g)).filter((i): i is Image => i !== undefined);
    return {
      ...(completed ?? product),
      gallery: images.length ? images : product.image ? [product.image] : [],
      designer: designer ? { id: designer.id, slug: designer.slug, name: designer.name, role: designer.role } : null,
      collection: collection ? { id: collection.id, slug: collection.slug, name: collection.name } : null,
      exclusive: exclusive ? { id: exclusive.id, slug: exclusive.slug, name: exclusive.name } : null,
      related: related.filter((r) => r.id !== product.id),
    };
  };
}
