// The index of a language's products: every product by slug, and the members of each collection
// and exclusive. WordPress cannot filter posts by meta without a plugin, so the site reads every
// product's id, slug and meta once (`_fields`, no embeds: small pages) and filters by `include`
// with those ids; WordPress then still sorts and pages. The slugs resolve product permalinks in
// descriptions to the site's product routes.
import type { Lang } from "../../common/content";
import type { ContentReads } from "./content-reads";
import type { WpProductMembership } from "./schemas";

/** Every product of a language by slug, and the members of each collection and exclusive. */
export interface ProductIndex {
  bySlug: Map<string, number>;
  collections: Map<number, number[]>;
  exclusives: Map<number, number[]>;
}

function buildProductIndex(members: readonly WpProductMembership[], lang: Lang): ProductIndex {
  const bySlug = new Map<string, number>();
  const collections = new Map<number, number[]>();
  const exclusives = new Map<number, number[]>();
  const add = (groups: Map<number, number[]>, group: number, id: number) => {
    const ids = groups.get(group);
    if (ids) ids.push(id);
    else groups.set(group, [id]);
  };
  for (const p of members) {
    if (p.lang && p.lang !== lang) continue;
    if (p.slug) bySlug.set(p.slug, p.id);
    if (p.meta.collection) add(collections, p.meta.collection, p.id);
    if (p.meta.exclusive) add(exclusives, p.meta.exclusive, p.id);
  }
  return { bySlug, collections, exclusives };
}

/** The index of a language, rebuilt only when the pages it is read from change. */
export function createProductIndex({
  listOf,
  kinds,
}: Pick<ContentReads, "listOf" | "kinds">): (lang: Lang) => Promise<ProductIndex> {
  const productIndexes = new Map<Lang, { members: readonly WpProductMembership[]; index: ProductIndex }>();
  return async function productIndex(lang) {
    const members = await listOf(kinds.productMembers, lang);
    // Every cold product page asks for the index (its description's links), and building it walks
    // the whole catalogue: at 5,000 products a language that was 11 % of the server's CPU. The
    // pages come from the memory tier as the same objects until one is revalidated or purged, so
    // the index built from them is reused while every member is the very same object.
    const known = productIndexes.get(lang);
    if (known && known.members.length === members.length && known.members.every((m, i) => m === members[i]))
      return known.index;
    const index = buildProductIndex(members, lang);
    productIndexes.set(lang, { members, index });
    return index;
  };
}
