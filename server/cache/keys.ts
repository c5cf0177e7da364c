// Redis key layout of the cache, laid out for Redis Cluster from the start (docs/interfaces.md "Purge
// semantics"): every key carries its own hash tag, so entries and tag sets spread over all slots
// instead of piling onto one node, and the only multi-key operations are between an entry and its
// lock, which share the entry's hash tag (same slot by construction).
//
//   <prefix>:e:{<hash of key>}   an entry (a Redis hash)
//   <prefix>:l:{<hash of key>}   the short "I am fetching this" lock of that entry
//   <prefix>:t:{<tag>}           the set of entry keys carrying a tag
//   <prefix>:purge               the pub/sub channel of purges
//
// Cache keys are hashed because they are long and may contain `{` or `}` (query strings), which
// would change the hash tag; 128 bits of SHA-256 make collisions a non-issue.
import { createHash } from "node:crypto";

export const DEFAULT_KEY_PREFIX = "fc";

export interface Keyspace {
  readonly prefix: string;
  entry(key: string): string;
  lock(key: string): string;
  tag(tag: string): string;
  readonly channel: string;
  /** SCAN patterns, for purging everything. */
  readonly entryPattern: string;
  readonly tagPattern: string;
}

export function keyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 32);
}

/** A tag as a hash tag: as is when it is safe, hashed when it holds braces (they would end the hash tag early). */
function tagSlot(tag: string): string {
  return /[{}]/.test(tag) || tag.length === 0 ? `#${keyHash(tag)}` : tag;
}

/**
 * The shared page tier's keys (server/http/page-cache/shared.ts), beside the data cache's under the
 * same prefix (so the bundled Redis's ACL pattern `<prefix>:*` covers them), in the site's own
 * space (`site`: a short hash of its public URL and its WordPress, see siteIdentity): two sites on
 * one Redis never read, lock or purge each other's pages.
 *
 *   <prefix>:p:<site>:e:{<hash of build + page key>}   a rendered page (a Redis hash, compressed bodies)
 *   <prefix>:p:<site>:l:{<hash of build + page key>}   the short "I am rendering this" lock of that page
 *   <prefix>:p:<site>:t:{<tag>}                        the set of page entries carrying a tag
 *
 * The build is hashed into the entry (the caller passes `<build>\n<key>`), not into the tag sets:
 * a purge received by a pod of one build reaches the pages of every build of the site still running.
 */
export function createPageKeyspace(prefix: string = DEFAULT_KEY_PREFIX, site?: string): Keyspace {
  if (site !== undefined && !/^[a-z0-9]+$/.test(site)) throw new TypeError(`site identity must be plain: ${site}`);
  const data = createKeyspace(prefix);
  const space = site === undefined ? `${prefix}:p` : `${prefix}:p:${site}`;
  return {
    prefix,
    entry: (key) => `${space}:e:{${keyHash(key)}}`,
    lock: (key) => `${space}:l:{${keyHash(key)}}`,
    tag: (tag) => data.tag(tag).replace(`${prefix}:t:`, `${space}:t:`),
    channel: data.channel,
    entryPattern: `${space}:e:*`,
    tagPattern: `${space}:t:*`,
  };
}

/** A site's identity in the shared page tier: a short hash of its public URL and its WordPress (none: the demo catalogue). */
export function siteIdentity(siteUrl: string, wpUrl: string | undefined): string {
  return keyHash(`${siteUrl}\n${wpUrl ?? "demo"}`).slice(0, 12);
}

export function createKeyspace(prefix: string = DEFAULT_KEY_PREFIX): Keyspace {
  if (!/^[A-Za-z0-9_.-]+$/.test(prefix))
    throw new TypeError(`cache key prefix must be plain letters, digits, _ . -: ${prefix}`);
  return {
    prefix,
    entry: (key) => `${prefix}:e:{${keyHash(key)}}`,
    lock: (key) => `${prefix}:l:{${keyHash(key)}}`,
    tag: (tag) => `${prefix}:t:{${tagSlot(tag)}}`,
    channel: `${prefix}:purge`,
    entryPattern: `${prefix}:e:*`,
    tagPattern: `${prefix}:t:*`,
  };
}
