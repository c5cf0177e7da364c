// The two Redis connections of the cache, for each way Redis may be reached (a single
// Redis URL, Sentinel, Cluster). Two, because a connection that subscribes to the purge channel can
// run no other command. Their options are about failing fast: nothing is queued while
// disconnected (the offline queue would hold requests until a reconnect), a command is retried at
// most once, and none lives longer than `commandTimeoutMs`. The request path's own, tighter bound
// (50 ms) is the RedisTier's, which can tell a slow Redis from a busy process (redis-tier.ts).
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from "ioredis";
import { errorMessage } from "./support";

export type RedisLike = Redis | Cluster;

export interface RedisClients {
  /** Commands: reads, writes, locks, purges, publishing. */
  command: RedisLike;
  /** Subscribed to the purge channel; nothing else. */
  subscriber: RedisLike;
}

/** What the connections report to the operator: errors (at warn, with their cause) and whether the last one was a refused login. */
export interface RedisConnectionWatcher {
  warn(details: { role: string; cause: string; auth: boolean }, message: string): void;
  /** True after an authentication failure (NOAUTH, WRONGPASS), false once a connection is ready again. */
  authFailed?(failed: boolean): void;
}

/** Redis's and Sentinel's answers to missing or wrong credentials. */
export const AUTH_FAILURE = /NOAUTH|WRONGPASS|invalid password|invalid username-password|ERR AUTH/i;

/** How often the same error of one connection is logged again while it persists. */
const REPEAT_WARNING_MS = 60_000;

export interface RedisClientOptions {
  /** Backstop of every command (ioredis `commandTimeout`); the request path bounds its own calls tighter. */
  commandTimeoutMs?: number;
  /** Longest pause between reconnection attempts. */
  maxReconnectDelayMs?: number;
  connectionName?: string;
  /** Without it, connection errors are only the RedisTier's debug lines. */
  watcher?: RedisConnectionWatcher;
}

/**
 * ioredis's own timer cannot tell a slow Redis from a busy process (a burst of renders can hold
 * the event loop for seconds, and its timer then fires before the waiting reply is read), so it is
 * only the backstop that drops commands their callers gave up on.
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RECONNECT_DELAY_MS = 2000;
const CONNECT_TIMEOUT_MS = 2000;

function redisOptions(options: RedisClientOptions, role: "command" | "subscriber"): RedisOptions {
  const maxDelay = options.maxReconnectDelayMs ?? DEFAULT_MAX_RECONNECT_DELAY_MS;
  const base: RedisOptions = {
    connectionName: `${options.connectionName ?? "fc-cache"}-${role}`,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Keep trying for ever, backing off: the memory tier serves meanwhile.
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
    enableReadyCheck: true,
  };
  if (role === "command") {
    return {
      ...base,
      commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    };
  }
  // The subscriber's only commands are SUBSCRIBE on (re)connect: queueing them until the
  // connection is up is what we want, and ioredis resubscribes by itself after a reconnect.
  return { ...base, enableOfflineQueue: true, autoResubscribe: true, maxRetriesPerRequest: null };
}

/**
 * Every connection error at warn with its cause (once, then again after a minute while it lasts),
 * instead of ioredis's "Unhandled error event" on stderr; Sentinel's per-node failures
 * ("sentinelError") too, since with all Sentinels refusing the cause is only in those.
 */
function watch(client: RedisLike, role: string, watcher: RedisConnectionWatcher | undefined): void {
  if (!watcher) return;
  // When each cause was last logged: three Sentinels refusing in turn are three causes, each
  // logged once a minute, not a line per retry. Bounded: causes name hosts and ports only.
  const logged = new Map<string, number>();
  const report = (error: unknown) => {
    const cause = errorMessage(error);
    const auth = AUTH_FAILURE.test(cause);
    if (auth) watcher.authFailed?.(true);
    const now = Date.now();
    if (now - (logged.get(cause) ?? -Infinity) < REPEAT_WARNING_MS) return;
    if (logged.size >= 100) logged.clear();
    logged.set(cause, now);
    watcher.warn({ role, cause, auth }, auth ? "Redis refused the credentials" : "Redis connection error");
  };
  client.on("error", report);
  // Sentinel: each Sentinel that failed a lookup; Cluster: each node's own connection.
  client.on("sentinelError", report);
  client.on("node error", report);
  client.on("ready", () => {
    logged.clear();
    watcher.authFailed?.(false);
  });
}

/** How long a connection that gave up waits before it starts over. */
const RESTART_AFTER_MS = 500;

/**
 * A Redis connection that never stays given up unless it was closed on purpose. Invariant: until
 * disconnect() or quit() is called, a connection whose status reaches "end" is connected again.
 *
 * Why: when a Sentinel failover closes the connection while ioredis is still asking the
 * Sentinels for the master (its failover detector fires mid-lookup), the lookup fails with
 * "Connection is closed." and ioredis ends the connection for good, retry strategy or not
 * (redis/ioredis#1683). Seen in tests/reliability/redis-sentinel.test.ts: one pod in a few stayed
 * without Redis, and without the purge bus, after the failover, until restarted.
 */
export class PersistentRedis extends Redis {
  private stopped = false;

  /** `url`: a single Redis's URL; without it, `options` say where (Sentinel). */
  constructor(options: Omit<RedisOptions, "replyMapping">, url?: string) {
    // ioredis reads its arguments by type and skips an undefined URL.
    super(...([url, options] as [string, Omit<RedisOptions, "replyMapping">]));
    this.on("end", () => {
      if (this.stopped) return;
      const restart = setTimeout(() => {
        if (!this.stopped && this.status === "end") this.connect().catch(() => undefined);
      }, RESTART_AFTER_MS);
      restart.unref();
    });
  }

  override disconnect(reconnect = false): void {
    if (!reconnect) this.stopped = true;
    super.disconnect(reconnect);
  }

  override quit(...args: Parameters<Redis["quit"]>): ReturnType<Redis["quit"]> {
    this.stopped = true;
    return super.quit(...args);
  }
}

/**
 * Where Redis is: nowhere (the memory tier alone), one server, Sentinel or Cluster. The cache's
 * own terms for its settings; server/config.ts's RedisConfig (REDIS_*) is handed in as one.
 */
export type RedisSettings =
  | { mode: "none" }
  | { mode: "single"; url: string }
  | {
      mode: "sentinel";
      sentinels: { host: string; port: number }[];
      name: string;
      /** The data nodes' password. */
      password?: string;
      /** The Sentinels' own credentials (their `requirepass` / ACL user). */
      sentinelUsername?: string;
      sentinelPassword?: string;
      tls: boolean;
    }
  | { mode: "cluster"; nodes: { host: string; port: number }[]; password?: string; tls: boolean };

/** Undefined when Redis is not configured (memory tier only). */
export function createRedisClients(config: RedisSettings, options: RedisClientOptions = {}): RedisClients | undefined {
  const clients = connect(config, options);
  if (clients) {
    watch(clients.command, "command", options.watcher);
    watch(clients.subscriber, "subscriber", options.watcher);
  }
  return clients;
}

function connect(config: RedisSettings, options: RedisClientOptions): RedisClients | undefined {
  switch (config.mode) {
    case "none":
      return undefined;
    case "single":
      return {
        command: new PersistentRedis(redisOptions(options, "command"), config.url),
        subscriber: new PersistentRedis(redisOptions(options, "subscriber"), config.url),
      };
    case "sentinel": {
      const make = (role: "command" | "subscriber") =>
        new PersistentRedis({
          ...redisOptions(options, role),
          sentinels: config.sentinels,
          name: config.name,
          // The data nodes' credentials, and the Sentinels' own (most Sentinel deployments set a
          // `requirepass` on the Sentinels too; without it every lookup answers NOAUTH).
          password: config.password,
          sentinelUsername: config.sentinelUsername,
          sentinelPassword: config.sentinelPassword,
          // REDIS_TLS: TLS to the Sentinels and to the master they name.
          tls: config.tls ? {} : undefined,
          sentinelTLS: config.tls ? {} : undefined,
          enableTLSForSentinelMode: config.tls,
          // After a failover, reconnect to whichever node Sentinel now names master.
          failoverDetector: true,
        });
      return { command: make("command"), subscriber: make("subscriber") };
    }
    case "cluster": {
      const make = (role: "command" | "subscriber") => {
        const { enableOfflineQueue, retryStrategy: _perNodeRetry, ...perNode } = redisOptions(options, role);
        const clusterOptions: ClusterOptions = {
          enableOfflineQueue,
          enableReadyCheck: true,
          // Cluster redirections must also end within the request budget.
          maxRedirections: 4,
          retryDelayOnFailover: 50,
          retryDelayOnClusterDown: 50,
          retryDelayOnTryAgain: 50,
          slotsRefreshTimeout: 1000,
          clusterRetryStrategy: (times) =>
            Math.min(100 * 2 ** Math.min(times, 10), options.maxReconnectDelayMs ?? DEFAULT_MAX_RECONNECT_DELAY_MS),
          redisOptions: { ...perNode, password: config.password, tls: config.tls ? {} : undefined },
        };
        return new Cluster(config.nodes, clusterOptions);
      };
      return { command: make("command"), subscriber: make("subscriber") };
    }
  }
}
