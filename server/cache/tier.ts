// What the stack (stack.ts) asks of each tier of the data cache, the memory tier and Redis alike;
// the tiers' contract suite (tests/integration/cache-tiers.test.ts) holds every tier to it. The
// memory tier answers at once, Redis asynchronously: callers await either.
import type { CacheRecord } from "./entry";
import type { PurgeMode } from "./types";

export interface Tier {
  /** The record under `key`, fresh or stale; undefined when there is none (or it is dead). */
  get(key: string): CacheRecord | undefined | Promise<CacheRecord | undefined>;
  /** Keeps `record` unless a newer answer for its key is kept already; true when it was kept. */
  set(record: CacheRecord, json: string | undefined): boolean | Promise<boolean>;
  /**
   * Entries carrying any of `tags`: soft leaves them as stale copies, hard removes them; only
   * those fetched at or before `before`. Returns how many were concerned.
   */
  purgeTags(tags: readonly string[], mode: PurgeMode, before?: number): number | Promise<number>;
  /** Every entry, soft or hard, fetched at or before `before`. */
  purgeAll(mode: PurgeMode, before?: number): number | Promise<number>;
}
