// How the ContentService reads WordPress: every request goes through `cached()` with a key built
// from its route and parameters, the tags known before the answer (the item, the list) and the
// tags found in it (every item, embedded ones too), its answer checked by a schema and mapped
// inside the cached function, so the cache holds what the site uses. Errors that are answers
// (not found, a page past the end) are values, cached briefly; every other error propagates.
import { z } from "zod";
import type { Logger } from "pino";
import type { Cached, CachePolicyName } from "./cached";
import { cacheKey, listTags, TagSet, type ContentType } from "./cache-keys";
import { embeddedIds } from "./mappers";
import { parseWp } from "./schemas";
import {
  isWordPressError,
  type WordPressClient,
  type WordPressError,
  type WpParams,
  type WpResponse,
} from "./wordpress-client";

/** WordPress's largest page; lists are read page by page up to it. */
export const MAX_PER_PAGE = 100;
/** A runaway guard for "read every page": 50 × 100 items is far beyond this catalogue. */
const MAX_PAGES = 50;

export interface LoadSpec<T> {
  /** Cache key parts: the REST base or wuxt route, and the item id or "list". */
  resource: string;
  id: number | string;
  route: string;
  params?: WpParams;
  policy: CachePolicyName;
  /** Tags known before the answer (the item asked for, the list). */
  tags: string[];
  /** Check and map the answer, adding the tags of what is in it. */
  read: (response: WpResponse<unknown>, tags: TagSet) => T | Promise<T>;
  /**
   * An error that is an answer (not found, a page past the end): its value, cached under the
   * "notFound" policy. Return undefined to let the error through.
   */
  recover?: (error: WordPressError) => T | undefined;
}

/** One page of a list answer, with WordPress's paging headers. */
export interface PageOf<T> {
  items: T[];
  total: number;
  totalPages: number;
}

export type LoadAllSpec<T> = Omit<LoadSpec<PageOf<T>>, "id" | "tags" | "recover"> & { type: ContentType };

export interface WordPressReads {
  load<T>(spec: LoadSpec<T>): Promise<T>;
  /** A list read page by page (each page its own entry): the first page says how many there are. */
  loadAll<T>(spec: LoadAllSpec<T>): Promise<T[]>;
}

export function createWordPressReads(options: {
  client: WordPressClient;
  cached: Cached;
  requestId?: () => string | undefined;
  logger?: Pick<Logger, "warn">;
}): WordPressReads {
  const { client, cached, logger } = options;

  function load<T>(spec: LoadSpec<T>): Promise<T> {
    const key = cacheKey(spec.resource, spec.id, spec.params);
    return cached(key, spec.tags, spec.policy, async (entry) => {
      try {
        const response = await client.get(spec.route, spec.params, {
          requestId: options.requestId?.(),
          signal: entry.signal,
        });
        const tags = new TagSet();
        const value = await spec.read(response, tags);
        entry.tag(...tags.toArray());
        return value;
      } catch (error) {
        if (spec.recover && isWordPressError(error)) {
          const value = spec.recover(error);
          if (value !== undefined) {
            entry.policy("notFound");
            return value;
          }
        }
        throw error;
      }
    });
  }

  async function loadAll<T>(spec: LoadAllSpec<T>): Promise<T[]> {
    const pageSpec = (page: number): LoadSpec<PageOf<T>> => ({
      ...spec,
      id: "list",
      tags: listTags(spec.type),
      params: { ...spec.params, per_page: MAX_PER_PAGE, page },
    });
    const first = await load(pageSpec(1));
    const pages = Math.min(first.totalPages, MAX_PAGES);
    if (first.totalPages > MAX_PAGES) {
      logger?.warn(
        { route: spec.route, totalPages: first.totalPages },
        "WordPress list longer than the site reads; truncated",
      );
    }
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => load(pageSpec(i + 2))));
    return [first, ...rest].flatMap((p) => p.items);
  }

  return { load, loadAll };
}

/** Read a list answer: every item checked against one schema, mapped and tagged. */
export function readList<S extends z.ZodType, T>(
  schema: S,
  type: ContentType,
  map: (item: z.output<S>, tags: TagSet) => T,
): (response: WpResponse<unknown>, tags: TagSet) => PageOf<T> {
  return (response, tags) => {
    const items = parseWp(z.array(schema), response.data, response.endpoint, response.status);
    tags.list(type);
    return {
      items: items.map((item) => map(item, tags)),
      total: response.total ?? items.length,
      totalPages: response.totalPages ?? 1,
    };
  };
}

/** A post's own tag and those of what WordPress embedded in it (featured image, terms). */
export function tagPost(
  tags: TagSet,
  type: ContentType,
  post: Parameters<typeof embeddedIds>[0] & { id: number },
): void {
  tags.item(type, post.id);
  const embedded = embeddedIds(post);
  for (const id of embedded.media) tags.item("media", id);
  for (const term of embedded.terms) {
    if (term.taxonomy === "product_categories" || term.taxonomy === "product_colors") tags.item(term.taxonomy, term.id);
  }
}

/** A `recover` for single items: not found (404, unpublished) is the answer null. */
export const notFoundAsNull = (error: WordPressError): null | undefined => (error.notFound ? null : undefined);

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Positive integer ids, each once, in the order first given. */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
}
