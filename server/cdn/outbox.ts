// Pending CDN purges that outlive the pod holding them. The webhook answers as soon as the purge is
// applied to the site's own caches; the CDN purge follows a second later and may take its retries
// (up to the 20 s budget). A pod drained or killed meanwhile would lose it silently. With Redis,
// each purge is written, when it is received and before the webhook answers, to one sorted set
// (`fc:cdn:purges`, member = the purge as JSON, score = when it may next be taken: at first the end
// of that second): every pod polls it, claims the purges that are due by moving
// their score a lease ahead, sends them, and removes them once sent or given up. A pod that dies
// mid-send leaves its claim to expire (the lease, after which another pod sends it again); a pod
// that drains hands its claims back at once. One key, so a Cluster is fine.
//
// Without Redis (or while it fails) the purge is sent from this process's memory, as before; the
// budget keeps it within the drain window, and shutdown waits for it.
//
// A purge sent twice (a claim that expired while its first sender was still trying) costs one
// more API call and changes nothing: purges are idempotent.
import { randomUUID } from "node:crypto";
import type { RedisLike } from "../cache/clients";
import type { CdnPurgeOptions, CdnPurger } from "./index";
import { within } from "../runtime/deadline";

export const OUTBOX_KEY = "fc:cdn:purges";
/** How often each pod looks for due purges. */
export const OUTBOX_POLL_MS = 1000;
/** How many due purges one pod claims at a time. */
const CLAIM_BATCH = 20;
const REDIS_TIMEOUT_MS = 500;
const redisWithin = <T>(promise: Promise<T>) => within(promise, REDIS_TIMEOUT_MS, "Redis");

/** Claims up to ARGV[3] members due by ARGV[1] by moving them to ARGV[2] (the lease's end). */
const CLAIM_SCRIPT = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], 'XX', ARGV[2], member) end
return due`;

interface PendingPurge {
  id: string;
  tags: string[];
  all: boolean;
  soft: boolean;
  /** When the site asked (ms). */
  at: number;
}

export interface PurgeOutboxLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface PurgeOutboxOptions {
  /** The provider's purger (its calls retry within the budget). */
  purger: CdnPurger;
  redis?: RedisLike;
  logger: PurgeOutboxLogger;
  /** How long a claim holds: the purger's budget and a margin. */
  leaseMs: number;
  pollMs?: number;
}

export interface PurgeOutbox extends CdnPurger {
  /** Keeps the purge at once (Redis, or memory without it) and sends it no earlier than `notBefore` (ms). */
  schedule(purge: { tags: string[]; all: boolean; soft: boolean; notBefore: number }): Promise<void>;
  /** Stops taking purges; with Redis hands back those under way, else waits for them (bounded by the budget). */
  close(): Promise<void>;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A purge as kept in Redis; undefined for a member that is not one (it is dropped). */
function parseMember(member: string): PendingPurge | undefined {
  try {
    return JSON.parse(member) as PendingPurge;
  } catch {
    return undefined;
  }
}

/**
 * Purges this pod claimed and had not sent when it stops, made due now: another instance takes
 * them at its next poll, instead of after the lease.
 */
async function handBack(redis: RedisLike, members: string[], logger: PurgeOutboxLogger): Promise<void> {
  if (members.length === 0) return;
  const now = String(Date.now());
  await redisWithin(redis.zadd(OUTBOX_KEY, "XX", ...members.flatMap((member) => [now, member])))
    .then(() => logger.info({ purges: members.length }, "pending CDN purges handed to the other instances"))
    .catch((error: unknown) =>
      logger.warn(
        { err: errorText(error), purges: members.length },
        "pending CDN purges could not be handed back; another instance takes them when their lease ends",
      ),
    );
}

/** A new purge as the site asked it (`all` carries no tags). */
function newPurge(tags: readonly string[], all: boolean, soft: boolean): PendingPurge {
  return { id: randomUUID(), tags: all ? [] : [...tags], all, soft, at: Date.now() };
}

/** What a log line says of a purge: its first tags, whether it was all, and how long since the site asked. */
const purgeFields = (purge: PendingPurge) => ({
  tags: purge.tags.slice(0, 20),
  all: purge.all,
  ageMs: Date.now() - purge.at,
});

/** Removes a member from the outbox; a failure leaves it to be claimed (and sent, idempotently) again. */
const dropMember = (redis: RedisLike, member: string) =>
  redisWithin(redis.zrem(OUTBOX_KEY, member)).catch(() => undefined);

/** Claims the purges due now by moving their score a lease ahead: no other pod takes them meanwhile. */
async function claimDue(redis: RedisLike, leaseMs: number): Promise<string[]> {
  const now = Date.now();
  return (await redisWithin(
    redis.eval(CLAIM_SCRIPT, 1, OUTBOX_KEY, String(now), String(now + leaseMs), String(CLAIM_BATCH)),
  )) as string[];
}

/**
 * What a stopping pod does with the purges under way: those claimed in Redis are handed back to the
 * other instances; those only this process knows of are waited for (the purger's budget bounds it).
 */
async function letGo(
  underway: { member: string | undefined; done: Promise<void> }[],
  redis: RedisLike | undefined,
  logger: PurgeOutboxLogger,
): Promise<void> {
  if (redis)
    await handBack(
      redis,
      underway.flatMap((u) => (u.member !== undefined ? [u.member] : [])),
      logger,
    );
  await Promise.all(underway.filter((u) => u.member === undefined).map((u) => u.done));
}

export function createPurgeOutbox(options: PurgeOutboxOptions): PurgeOutbox {
  const { purger, redis, logger, leaseMs } = options;
  /** Purges this pod is sending: the member it claimed (Redis) or undefined (memory), by id. */
  const underway = new Map<string, { member: string | undefined; done: Promise<void> }>();
  /** Ids of the purges this pod put in Redis and has not sent yet (any other it sends it took over). */
  const own = new Set<string>();
  let closed = false;
  let polling = false;
  let timer: NodeJS.Timeout | undefined;

  /** Sends one purge (not before `notBefore`); logs and forgets it when given up (the purger counted the failed call). */
  function send(purge: PendingPurge, member: string | undefined, notBefore = 0): Promise<void> {
    const opts: CdnPurgeOptions = { soft: purge.soft };
    const done = sleep(notBefore - Date.now())
      .then(() => (purge.all ? purger.purgeAll(opts) : purger.purge(purge.tags, opts)))
      .catch((error: unknown) => {
        logger.error({ err: errorText(error), ...purgeFields(purge) }, "CDN purge given up");
      })
      .then(async () => {
        if (member !== undefined && redis && !closed) await dropMember(redis, member);
      })
      .finally(() => {
        underway.delete(purge.id);
        own.delete(purge.id);
      });
    underway.set(purge.id, { member, done });
    return done;
  }

  /** Claims what is due (this pod's own new purges included) and sends it. */
  async function poll(): Promise<void> {
    if (!redis || closed || polling) return;
    polling = true;
    try {
      for (const member of await claimDue(redis, leaseMs)) {
        const purge = parseMember(member);
        if (!purge) {
          await dropMember(redis, member);
          continue;
        }
        if (underway.has(purge.id)) continue; // ours, still being sent: the lease was renewed above
        if (!own.has(purge.id)) logger.info(purgeFields(purge), "CDN purge taken over from another instance");
        void send(purge, member);
      }
    } catch (error) {
      logger.warn({ err: errorText(error) }, "pending CDN purges could not be read from Redis; retrying");
    } finally {
      polling = false;
    }
  }

  if (redis) {
    timer = setInterval(() => void poll(), options.pollMs ?? OUTBOX_POLL_MS);
    timer.unref();
  }

  /** Keeps the purge (in Redis, due at `notBefore`, or else in memory) and resolves; it is sent once due. */
  async function enqueue(purge: PendingPurge, notBefore: number): Promise<void> {
    if (closed) return;
    if (redis) {
      try {
        // Its score is when it is due: no pod claims it earlier.
        await redisWithin(redis.zadd(OUTBOX_KEY, String(notBefore), JSON.stringify(purge)));
        own.add(purge.id);
        const wait = notBefore - Date.now();
        if (wait <= 0) void poll();
        else setTimeout(() => void poll(), wait).unref();
        return;
      } catch (error) {
        logger.warn(
          { err: errorText(error), tags: purge.tags.slice(0, 20) },
          "CDN purge kept in this process only: Redis unavailable",
        );
      }
    }
    void send(purge, undefined, notBefore);
  }

  return {
    purge: (tags, opts) => enqueue(newPurge(tags, false, opts?.soft === true), Date.now()),
    purgeAll: (opts) => enqueue(newPurge([], true, opts?.soft === true), Date.now()),
    schedule: ({ tags, all, soft, notBefore }) => enqueue(newPurge(tags, all, soft), notBefore),
    async close() {
      closed = true;
      clearInterval(timer);
      await letGo([...underway.values()], redis, logger);
    },
  };
}
