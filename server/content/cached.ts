// The seam between the ContentService and the cache: every WordPress call the service makes goes
// through one `cached(key, tags, policy, fetch)`, whose contract is written in server/cache/types.ts.
// The cache stack (server/cache/) implements it; this module adds the implementation without any
// cache, for tests and for running without the stack.
import type { CacheEntry, Cached } from "../cache/types";

export type { CacheEntry, Cached, CachePolicyName } from "../cache/types";

const ignoringEntry: CacheEntry = {
  tag() {},
  policy() {},
  signal: new AbortController().signal,
};

/** No cache at all: every call goes to WordPress. For tests and for running without the cache stack. */
export const passThroughCache: Cached = (_key, _tags, _policy, fetch) => fetch(ignoringEntry);
