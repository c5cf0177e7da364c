// The lists the site reads per language, as one table: for each kind its REST base, schema, cache
// policy and how one item is tagged and mapped. The ContentService reads any of them with one list
// reader (every page, `lang`) and one by-slug reader (`slug` and `lang`, the item whose slug and
// language match), instead of a reader of the same shape per kind.
import { type z } from "zod";
import type { CachePolicyName } from "./cached";
import type { ContentType, TagSet } from "./cache-keys";
import { mapCategory, mapColour, type MapContext } from "./mappers";
import {
  mapDesigner,
  mapEditionRecord,
  mapPage,
  mapProjectRecord,
  type EditionRecord,
  type ProjectRecord,
} from "./editorial-mappers";
import {
  wpCategory,
  wpColour,
  wpDesigner,
  wpEdition,
  wpPage,
  wpProductMembership,
  wpProject,
  type WpProductMembership,
} from "./schemas";
import type { Category, Colour, Designer, Edition, Lang, Page } from "../../common/content";
import type { WpParams } from "./wordpress-client";
import { tagPost } from "./wordpress-reads";

export interface ListKind<T> {
  /** The REST base (`wp/v2/{type}`), the cache resource and the tag type. */
  type: ContentType;
  schema: z.ZodType;
  policy: CachePolicyName;
  /** More parameters of every request (`_embed`, `_fields`). */
  params: WpParams;
  /** One checked item → what the site keeps, with its tags (its own, and what it embeds). */
  map(item: unknown, tags: TagSet): T;
  /** The slug and language of a mapped item, for the by-slug reader. */
  identity(value: T): { slug: string; lang: string | undefined };
}

/** A category with the id of its image (joined after the cache). */
export interface CategoryRecord {
  category: Category;
  imageId: number;
}

function kind<S extends z.ZodType, T>(
  spec: Omit<ListKind<T>, "schema" | "map"> & { schema: S; map(item: z.output<S>, tags: TagSet): T },
): ListKind<T> {
  return spec;
}

/** Taxonomy terms: nothing in them links anywhere, so they need no site to map. */
const termKinds = {
  categories: kind<typeof wpCategory, CategoryRecord>({
    type: "product_categories",
    schema: wpCategory,
    policy: "long",
    params: {},
    map: (term, tags) => {
      tags.item("product_categories", term.id);
      return { category: mapCategory(term, null), imageId: term.meta.image };
    },
    identity: (r) => r.category,
  }),
  colours: kind<typeof wpColour, Colour>({
    type: "product_colors",
    schema: wpColour,
    policy: "long",
    params: {},
    map: (term, tags) => {
      tags.item("product_colors", term.id);
      return mapColour(term);
    },
    identity: (c) => c,
  }),
};

/** Every product's id, slug and meta (no embeds: small pages), for membership and links. */
const productMembers = kind<typeof wpProductMembership, WpProductMembership>({
  type: "products",
  schema: wpProductMembership,
  policy: "short",
  params: { _fields: ["id", "lang", "slug", "meta"] },
  map: (product, tags) => {
    tags.item("products", product.id);
    return product;
  },
  identity: (p) => ({ slug: p.slug ?? "", lang: p.lang }),
});

/** Posts of the editorial kinds: their content links pages and images of this site. */
function editorialKinds(ctx: MapContext) {
  const edition = (type: Edition["kind"]) =>
    kind<typeof wpEdition, EditionRecord>({
      type,
      schema: wpEdition,
      policy: "long",
      params: { _embed: true },
      map: (post, tags) => {
        tagPost(tags, type, post);
        return mapEditionRecord(type, post, ctx);
      },
      identity: (r) => r.edition,
    });
  return {
    designers: kind<typeof wpDesigner, Designer>({
      type: "designers",
      schema: wpDesigner,
      policy: "long",
      params: { _embed: true },
      map: (post, tags) => {
        tagPost(tags, "designers", post);
        return mapDesigner(post, ctx);
      },
      identity: (d) => d,
    }),
    collections: edition("collections"),
    exclusives: edition("exclusives"),
    projects: kind<typeof wpProject, ProjectRecord>({
      type: "projects",
      schema: wpProject,
      policy: "long",
      params: { _embed: true },
      map: (post, tags) => {
        tagPost(tags, "projects", post);
        return mapProjectRecord(post, ctx);
      },
      identity: (r) => r.project,
    }),
    pages: kind<typeof wpPage, Page>({
      type: "pages",
      schema: wpPage,
      policy: "long",
      params: { _embed: true },
      map: (post, tags) => {
        tagPost(tags, "pages", post);
        return mapPage(post, ctx);
      },
      identity: (p) => p,
    }),
  };
}

/** The table, for one site (its URLs map links and images). */
export function listKinds(ctx: MapContext) {
  return { ...termKinds, ...editorialKinds(ctx), productMembers };
}

export type ListKinds = ReturnType<typeof listKinds>;
export type { Lang };
