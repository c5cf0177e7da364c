// Which upload each WordPress media id names, as the site learned it: from the images the content
// mappers saw (every attachment WordPress embeds or lists carries its id and source_url) and from
// the `wp/v2/media/<id>` lookups of purges. A purge of `media:<id>` is resolved here first, so an
// attachment deleted in WordPress (whose lookup answers 404) still has its cached files dropped
// and its CDN copies purged. Bounded: the least recently learned ids are forgotten first; an id
// forgotten is asked of WordPress again.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/** Ids remembered (a catalogue has a few thousand attachments; an entry is ~100 bytes). */
export const REMEMBERED_IDS = 50_000;

/** `/2024/03/a.jpg` from an upload's URL (absolute, or a site path); undefined outside the uploads. */
export function uploadPathOf(sourceUrl: string): string | undefined {
  const at = sourceUrl.indexOf("/wp-content/uploads/");
  if (at < 0) return undefined;
  return sourceUrl.slice(at + "/wp-content/uploads".length).split(/[?#]/)[0];
}

/**
 * The edge's key for every copy of one upload (original and renditions): `media-file:` and the
 * first 32 hex digits of the path's SHA-256, so no visitor input is ever written into a header
 * and the key's length is fixed.
 */
export function uploadKey(uploadPath: string): string {
  return `media-file:${createHash("sha256").update(uploadPath).digest("hex").slice(0, 32)}`;
}

export class MediaIds {
  private readonly paths = new LRUCache<number, string>({ max: REMEMBERED_IDS });
  private readonly ids = new LRUCache<string, number>({ max: REMEMBERED_IDS });

  /** Remembers an attachment seen with its source URL (ignored for URLs outside the uploads). */
  learn(id: number, sourceUrl: string): void {
    if (!Number.isSafeInteger(id) || id <= 0) return;
    const uploadPath = uploadPathOf(sourceUrl);
    if (!uploadPath) return;
    if (this.paths.get(id) === uploadPath) return;
    this.paths.set(id, uploadPath);
    this.ids.set(uploadPath, id);
  }

  pathOf(id: number): string | undefined {
    return this.paths.get(id);
  }

  idOf(uploadPath: string): number | undefined {
    return this.ids.get(uploadPath);
  }
}
