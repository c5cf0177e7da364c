// The content vocabulary of the cache: the content types, and the keys and purge tags of
// WordPress answers. The webhook's event types and the tags an event purges derive from here
// (server/http/webhook.ts), so what is tagged and what is purged cannot drift apart.
// Keys: `wp:{resource}:{id|list}:{params sorted}`, e.g. `wp:products:list:lang=en&page=2&per_page=24`,
// so one request always has one key, whatever order the code wrote its parameters in.
// Tags: `{type}:{id}` for every item in an answer (embedded ones too), `{type}:list` for a list,
// and the bare `{type}` for every entry holding that type, which purges all of it.
import { encodeParams, type WpParams } from "./wordpress-client";

/** The REST bases the site reads, as the webhook names them (docs/content-model.md). */
export const CONTENT_TYPES = [
  "products",
  "product_categories",
  "product_colors",
  "imagemap_products",
  "collections",
  "exclusives",
  "designers",
  "projects",
  "pages",
  "media",
  "menu",
  "front-page",
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The tag of one item. */
export const itemTag = (type: ContentType, id: number): string => `${type}:${id}`;
/** The tag of every list of a type. */
export const listTag = (type: ContentType): string => `${type}:list`;

/**
 * Bumped when what the service stores under a key changes shape (mappers, domain types): entries
 * written by an older release in a shared Redis are then simply not found, instead of read wrong
 * during a rolling deploy.
 */
export const CACHE_SHAPE_VERSION = 1;

export function cacheKey(resource: string, idOrList: number | string, params?: WpParams): string {
  const query = encodeParams(params);
  return `wp:v${CACHE_SHAPE_VERSION}:${resource}:${idOrList}${query ? `:${query}` : ""}`;
}

export function itemTags(type: ContentType, id: number): string[] {
  return [itemTag(type, id), type];
}

export function listTags(type: ContentType): string[] {
  return [listTag(type), type];
}

/** Collects the tags of an answer: items, and the types they belong to. */
export class TagSet {
  private readonly tags = new Set<string>();

  item(type: ContentType, id: number | null | undefined): this {
    if (typeof id === "number" && id > 0) {
      for (const tag of itemTags(type, id)) this.tags.add(tag);
    }
    return this;
  }

  list(type: ContentType): this {
    for (const tag of listTags(type)) this.tags.add(tag);
    return this;
  }

  add(tags: Iterable<string>): this {
    for (const tag of tags) this.tags.add(tag);
    return this;
  }

  toArray(): string[] {
    return [...this.tags];
  }
}
