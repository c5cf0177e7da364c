// Cache keys and purge tags of WordPress answers (CONTRACT "Purge semantics").
// Keys: `wp:{resource}:{id|list}:{params sorted}`, e.g. `wp:products:list:lang=en&page=2&per_page=24`,
// so one request always has one key, whatever order the code wrote its parameters in.
// Tags: `{type}:{id}` for every item in an answer (embedded ones too), `{type}:list` for a list,
// and the bare `{type}` for every entry holding that type, which purges all of it.
import { encodeParams, type WpParams } from "./wordpress-client";

/** The REST bases the site reads, as the webhook names them. */
export type ContentType =
  | "products"
  | "product_categories"
  | "product_colors"
  | "imagemap_products"
  | "collections"
  | "exclusives"
  | "designers"
  | "projects"
  | "pages"
  | "media"
  | "menu"
  | "front-page";

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
  return [`${type}:${id}`, type];
}

export function listTags(type: ContentType): string[] {
  return [`${type}:list`, type];
}

/** Collects the tags of an answer: items, and the types they belong to. */
export class TagSet {
  private readonly tags = new Set<string>();

  item(type: ContentType, id: number | null | undefined): this {
    if (typeof id === "number" && id > 0) {
      this.tags.add(`${type}:${id}`);
      this.tags.add(type);
    }
    return this;
  }

  list(type: ContentType): this {
    this.tags.add(`${type}:list`);
    this.tags.add(type);
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
