// Named cache policies (Hydrogen's short/long idea): one name per kind of content decides how long
// an answer is fresh and how long after that it may still be served stale. The same numbers drive
// the server cache and the CDN headers of the pages built from that content, so they are derived
// here, in one place, from CACHE_FRESH_SECONDS / CACHE_STALE_SECONDS.
//
// Why these multiples: every change in WordPress purges by webhook, so freshness is only the
// safety net for a lost webhook. Lists and search (short) change whenever anything is published and
// keep the configured freshness; single items, media and taxonomies (long) change rarely; the menu
// sits on every page, so a lost menu webhook stays visible for less long than an item's. A
// not-found answer is kept briefly: long enough to absorb floods of random ids, short enough that a
// newly published item appears even if its webhook was lost.
import type { CachePolicyName } from "./types";

export interface CachePolicy {
  readonly name: CachePolicyName;
  /** Seconds an answer is served without asking WordPress. May be fractional (tests). */
  readonly freshSeconds: number;
  /** Seconds after that it may still be served while revalidating, or while WordPress fails. */
  readonly staleSeconds: number;
}

export type CachePolicies = Readonly<Record<CachePolicyName, CachePolicy>>;

export const POLICY_NAMES: readonly CachePolicyName[] = ["short", "long", "menu", "notFound"];

export const LONG_FRESH_FACTOR = 10;
export const MENU_FRESH_FACTOR = 5;
export const NOT_FOUND_MAX_FRESH_SECONDS = 30;
export const NOT_FOUND_MAX_STALE_SECONDS = 300;

export function createPolicies(base: { freshSeconds: number; staleSeconds: number }): CachePolicies {
  const { freshSeconds: fresh, staleSeconds: stale } = base;
  if (!(fresh >= 0) || !(stale >= 0)) throw new RangeError("cache policy seconds must be >= 0");
  const policy = (name: CachePolicyName, freshSeconds: number, staleSeconds: number): CachePolicy =>
    Object.freeze({ name, freshSeconds, staleSeconds });
  return Object.freeze({
    short: policy("short", fresh, stale),
    long: policy("long", fresh * LONG_FRESH_FACTOR, stale),
    menu: policy("menu", fresh * MENU_FRESH_FACTOR, stale),
    notFound: policy(
      "notFound",
      Math.min(fresh, NOT_FOUND_MAX_FRESH_SECONDS),
      Math.min(stale, NOT_FOUND_MAX_STALE_SECONDS),
    ),
  });
}

/** From the validated configuration (server/config.ts `config.cache`). */
export function policiesFromConfig(cache: { freshSeconds: number; staleSeconds: number }): CachePolicies {
  return createPolicies(cache);
}
