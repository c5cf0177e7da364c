// Uploads this pod found it cannot serve, remembered for a short while so that asking again costs
// nothing: missing in WordPress (404, 410, a redirect), too large (bytes or pixels past the
// bounds), or not an image sharp can read. The answer says the same to the CDN (a short max-age),
// so the edge does not ask either. A purge of the upload forgets it at once.
import { LRUCache } from "lru-cache";

export type Refusal = "missing" | "too-large" | "unreadable";

/** How long a refusal is remembered, here and at the edge (seconds). */
export const REFUSAL_SECONDS = 60;
/** Upload paths remembered at most (about 200 bytes each). */
const REMEMBERED = 10_000;

export class Refusals {
  private readonly known = new LRUCache<string, Refusal>({ max: REMEMBERED, ttl: REFUSAL_SECONDS * 1000 });

  of(uploadPath: string): Refusal | undefined {
    return this.known.get(uploadPath);
  }

  remember(uploadPath: string, refusal: Refusal): void {
    this.known.set(uploadPath, refusal);
  }

  forget(uploadPath: string): void {
    this.known.delete(uploadPath);
  }
}
