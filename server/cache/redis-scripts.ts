// The Lua scripts of the Redis tier, each single-key (or entry + lock, which share a hash tag) so
// they run unchanged on a Cluster, and the client type that has them defined. Named with a
// version: a changed script gets a new name, so pods of two releases never run each other's.
import type { RedisLike } from "./clients";

/** Replace an entry atomically, unless Redis holds a newer answer (a later fetch start) already. */
const STORE = `
local a = redis.call('HGET', KEYS[1], 'a')
if a and tonumber(a) > tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`;

/** Add an entry to a tag set; the set lives at least as long as the entry. Returns the set's size. */
const TAG = `
redis.call('SADD', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return redis.call('SCARD', KEYS[1])`;

/**
 * Purge one entry. ARGV: mode, and "before" (a fetch-start bound, or "inf").
 * Returns -1 gone, 0 kept (fetched after the purge), 1 purged, 2 already soft-purged.
 */
const MARK = `
local a = redis.call('HGET', KEYS[1], 'a')
if not a then return -1 end
if ARGV[2] ~= 'inf' and tonumber(a) > tonumber(ARGV[2]) then return 0 end
if ARGV[1] == 'hard' then redis.call('DEL', KEYS[1]) return 1 end
if redis.call('HGET', KEYS[1], 'f') == '0' then return 2 end
redis.call('HSET', KEYS[1], 'f', '0')
return 1`;

const EXTEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export const SCRIPTS = {
  fcCacheStoreV1: STORE,
  fcCacheTagV1: TAG,
  fcCacheMarkV1: MARK,
  fcCacheExtendV1: EXTEND,
  fcCacheReleaseV1: RELEASE,
} as const;

export type ScriptArg = string | number | Buffer;
export type Scripted = RedisLike & {
  [name in keyof typeof SCRIPTS]: (key: string, ...args: ScriptArg[]) => Promise<number>;
};
