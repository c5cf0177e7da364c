// The cache entry record, shared by both tiers, and its Redis form. One record holds either a value
// or a remembered not-found answer, its tags, the policy it was stored under and three instants:
//
// - fetchedAt: when the fetch that produced it STARTED (not ended). A purge compares against it: an
//   answer whose request left before the purge may hold the old content, whatever time it came back.
// - freshUntil: served as is until then. A soft purge sets it to 0, which also marks the record as
//   "purged" (revalidate synchronously) rather than merely old (revalidate in the background).
// - staleUntil: may be served stale until then; past it the record is dead (a miss).
//
// In Redis a record is a hash (so a soft purge is one HSET of one field, without reading the value):
//   k key · v value JSON · x not-found error JSON · g tags JSON · p policy · a/f/s the instants.
import type { CachePolicyName } from "./types";
import type { CachePolicy } from "./policies";
import type { NotFoundAnswer, OriginErrors } from "./origin-errors";

export interface CacheRecord {
  readonly key: string;
  /** The answer; undefined when `notFound` is set (or the fetch answered undefined). */
  readonly value: unknown;
  readonly notFound?: NotFoundAnswer;
  readonly tags: readonly string[];
  readonly policy: CachePolicyName;
  readonly fetchedAt: number;
  /** Mutable: a soft purge of the memory tier sets it to 0 in place. */
  freshUntil: number;
  readonly staleUntil: number;
  /** Approximate bytes in memory (UTF-16 strings plus overhead), for the memory tier's bound. */
  readonly size: number;
}

export type Freshness = "fresh" | "stale" | "dead";

export function freshness(record: CacheRecord, now: number): Freshness {
  if (now < record.freshUntil) return "fresh";
  if (now < record.staleUntil) return "stale";
  return "dead";
}

/** Stale because a soft purge said so (revalidate before answering), not because time passed. */
export function isSoftPurged(record: CacheRecord): boolean {
  return record.freshUntil === 0;
}

const POLICIES = new Set<string>(["short", "long", "menu", "notFound"]);
const RECORD_OVERHEAD_BYTES = 256;

function estimateSize(key: string, json: string, tags: readonly string[]): number {
  let chars = key.length + json.length;
  for (const tag of tags) chars += tag.length + 16;
  return chars * 2 + RECORD_OVERHEAD_BYTES;
}

export interface BuiltRecord {
  record: CacheRecord;
  /** The JSON of the value or of the not-found answer, reused for Redis (serialised once). */
  json: string | undefined;
}

export function buildRecord(init: {
  key: string;
  value?: unknown;
  notFound?: NotFoundAnswer;
  tags: Iterable<string>;
  policy: CachePolicy;
  fetchedAt: number;
  storedAt: number;
}): BuiltRecord {
  const tags = [...new Set(init.tags)];
  const json = init.notFound
    ? JSON.stringify(init.notFound)
    : init.value === undefined
      ? undefined
      : JSON.stringify(init.value);
  // Freshness counts from when the answer came (storedAt): a slow origin does not shorten it.
  const freshUntil = init.storedAt + init.policy.freshSeconds * 1000;
  return {
    json,
    record: {
      key: init.key,
      value: init.notFound ? undefined : init.value,
      notFound: init.notFound,
      tags,
      policy: init.policy.name,
      fetchedAt: init.fetchedAt,
      freshUntil,
      staleUntil: freshUntil + init.policy.staleSeconds * 1000,
      size: estimateSize(init.key, json ?? "", tags),
    },
  };
}

/** The value to hand to a caller, or the remembered not-found answer thrown. */
export function serve<T>(record: CacheRecord, errors: OriginErrors): T {
  if (record.notFound) throw errors.revive(record.notFound);
  return record.value as T;
}

/** Field/value pairs for HSET. */
export function toRedisFields(record: CacheRecord, json: string | undefined): string[] {
  const fields = [
    "k",
    record.key,
    "g",
    JSON.stringify(record.tags),
    "p",
    record.policy,
    "a",
    String(record.fetchedAt),
    "f",
    String(record.freshUntil),
    "s",
    String(record.staleUntil),
  ];
  if (json !== undefined) fields.push(record.notFound ? "x" : "v", json);
  return fields;
}

/**
 * A record from HGETALL, or undefined when the hash is missing or not one of ours (a format from
 * another release, a half-written hash): such an entry is a miss, never an error for the visitor.
 */
export function fromRedisHash(key: string, hash: Record<string, string> | null | undefined): CacheRecord | undefined {
  if (!hash || hash.k !== key) return undefined;
  const fetchedAt = Number(hash.a);
  const freshUntil = Number(hash.f);
  const staleUntil = Number(hash.s);
  if (![fetchedAt, freshUntil, staleUntil].every(Number.isFinite) || !hash.p || !POLICIES.has(hash.p)) return undefined;
  try {
    const tags = JSON.parse(hash.g ?? "[]") as unknown;
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === "string")) return undefined;
    let value: unknown;
    let notFound: NotFoundAnswer | undefined;
    const json = hash.x ?? hash.v;
    if (hash.x !== undefined) {
      const parsed = JSON.parse(hash.x) as NotFoundAnswer;
      if (typeof parsed?.code !== "string" || typeof parsed.status !== "number") return undefined;
      notFound = parsed;
    } else if (hash.v !== undefined) {
      value = JSON.parse(hash.v);
    }
    return {
      key,
      value,
      notFound,
      tags,
      policy: hash.p as CachePolicyName,
      fetchedAt,
      freshUntil,
      staleUntil,
      size: estimateSize(key, json ?? "", tags),
    };
  } catch {
    return undefined;
  }
}
