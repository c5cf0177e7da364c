// What every part of the ContentService shares: the cached WordPress reads (`load`, `loadAll`),
// the one list reader and the one by-slug reader over the table of list kinds (list-kinds.ts),
// images by id, and the site's URLs. Each content kind's module (terms, editions, products,
// projects, pages, menus) builds on these.
import type { Logger } from "pino";
import type { z } from "zod";
import type { Image, Lang } from "../../common/content";
import { passThroughCache, type Cached } from "./cached";
import { listTags, type ContentType, type TagSet } from "./cache-keys";
import { mapImage, type MapContext } from "./mappers";
import { wpMedia } from "./schemas";
import { createSiteUrls } from "./site-urls";
import { listKinds, type ListKind } from "./list-kinds";
import { type WordPressClient, type WpParams } from "./wordpress-client";
import { chunk, createWordPressReads, MAX_PER_PAGE, readList, uniqueIds } from "./wordpress-reads";

export interface ContentServiceOptions {
  client: WordPressClient;
  /** The cache seam (cached.ts); pass-through when not given. */
  cached?: Cached;
  config: { mediaUrl?: string; wpUrl: string; wpPublicUrl?: string };
  logger?: Pick<Logger, "warn" | "debug">;
  /** The current request's id, sent to WordPress as X-Request-Id (the server reads it from its request context). */
  requestId?: () => string | undefined;
  /**
   * Told when the site shows a fallback because WordPress's answer could not be used as it is
   * (`fallback`: readiness warns, a metric counts) and when a good answer came again
   * (`recovered`). Must not throw.
   */
  observe?: ContentObserver;
  /** Told of every attachment mapped: the media service learns which upload an id names. */
  sawImage?(id: number, sourceUrl: string): void;
}

/** The parts of the site that have a fallback of their own. */
export type FallbackKind = "front-page" | "menu";

/** `subject` names what fell back within its kind (`footer:en`), so one recovery clears only it. */
export interface ContentObserver {
  fallback(kind: FallbackKind, subject: string, reason: string): void;
  recovered(kind: FallbackKind, subject: string): void;
}

/**
 * What a WordPress slug can be (sanitize_title: letters, digits, hyphens, underscores, and
 * percent-encoded UTF-8). Slugs come from URLs; anything else is not found without asking
 * WordPress, and never becomes a cache key.
 */
export function isSlug(value: string): boolean {
  return /^[\p{L}\p{N}_%-]{1,200}$/u.test(value);
}

/** Items of a language by their own id and by the ids of their translations, so an id written in
 *  either language finds the item in this one. */
export function indexByAnyLanguageId<T extends { id: number; translations: { en?: number; it?: number } }>(
  items: T[],
): Map<number, T> {
  const index = new Map<number, T>();
  for (const item of items) index.set(item.id, item);
  for (const item of items) {
    for (const id of Object.values(item.translations)) if (id && !index.has(id)) index.set(id, item);
  }
  return index;
}

/** Longest search text sent to WordPress. */
export const SEARCH_MAX_LENGTH = 100;

export function createContentReads(options: ContentServiceOptions) {
  const { logger } = options;
  const { load, loadAll } = createWordPressReads({
    client: options.client,
    cached: options.cached ?? passThroughCache,
    requestId: options.requestId,
    logger,
  });
  const urls = createSiteUrls(options.config);
  const ctx: MapContext = { urls, sawImage: options.sawImage };
  const observe = options.observe;
  const kinds = listKinds(ctx);

  /** Every item of a kind in one language, read page by page (list-kinds.ts). */
  function listOf<T>(kind: ListKind<T>, lang: Lang): Promise<T[]> {
    return loadAll({
      type: kind.type,
      resource: kind.type,
      route: `wp/v2/${kind.type}`,
      params: { ...kind.params, lang },
      policy: kind.policy,
      read: readList(kind.schema, kind.type, kind.map),
    });
  }

  /** The item of a kind with this slug in this language; null when WordPress has none. */
  function bySlug<T>(kind: ListKind<T>, slug: string, lang: Lang): Promise<T | null> {
    return load({
      resource: kind.type,
      id: "list",
      route: `wp/v2/${kind.type}`,
      params: { ...kind.params, slug, lang },
      policy: kind.policy,
      tags: listTags(kind.type),
      read: (response, tags) => {
        const { items } = readList(kind.schema, kind.type, kind.map)(response, tags);
        return items.find((item) => kind.identity(item).slug === slug && kind.identity(item).lang === lang) ?? null;
      },
    });
  }

  /**
   * Items of one type by id, asked `include` in pages of MAX_PER_PAGE (ids sorted, so the same set
   * is the same cache key); ids WordPress does not have are left out.
   */
  async function byIds<S extends z.ZodType, T>(
    type: ContentType,
    schema: S,
    ids: readonly number[],
    map: (item: z.output<S>, tags: TagSet) => T,
    params: WpParams = {},
  ): Promise<T[]> {
    const wanted = uniqueIds(ids).sort((a, b) => a - b);
    const pages = await Promise.all(
      chunk(wanted, MAX_PER_PAGE).map((include) =>
        load({
          resource: type,
          id: "list",
          route: `wp/v2/${type}`,
          params: { include, per_page: MAX_PER_PAGE, ...params },
          policy: "long",
          tags: listTags(type),
          read: readList(schema, type, map),
        }),
      ),
    );
    return pages.flatMap((p) => p.items);
  }

  /** Images by id, in the order asked; ids WordPress does not have are left out. */
  async function imagesByIds(ids: readonly number[]): Promise<Map<number, Image>> {
    const images = await byIds("media", wpMedia, ids, (media, tags) => {
      tags.item("media", media.id);
      return mapImage(media, ctx);
    });
    return new Map(images.map((image) => [image.id, image]));
  }

  async function imageById(id: number): Promise<Image | null> {
    if (!id) return null;
    return (await imagesByIds([id])).get(id) ?? null;
  }

  return { options, logger, observe, load, loadAll, listOf, bySlug, byIds, ctx, kinds, imagesByIds, imageById };
}

export type ContentReads = ReturnType<typeof createContentReads>;
