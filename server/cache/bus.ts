// The purge bus: purges travel on one Redis pub/sub channel (`<prefix>:purge`) so that every
// instance sharing the Redis applies them to its memory tier (and page cache) within a second. It
// carries invalidations only, never values (bentocache's bus). Each message names its sender, and
// an instance ignores its own: it applied the purge before publishing it.
//
// Pub/sub does not replay: a subscriber that was disconnected has missed purges for sure. So when
// the subscription comes back after a loss, the bus says so (`onResync`), and the stack drops what
// it holds in memory rather than serve what may have been purged meanwhile.
import type { RedisLike } from "./clients";
import type { CacheLogger, PurgeMode } from "./types";

export interface PurgeMessage {
  v: 1;
  /** The instance that received the purge (and publishes it). */
  from: string;
  /** One purge; both of its passes carry the same id. */
  id: string;
  /** Empty when `all`. */
  tags: string[];
  all: boolean;
  mode: PurgeMode;
  /** When the purge was received, on the sender's clock (ms since epoch). */
  at: number;
  /**
   * 1: apply now. 2: the repeat after the bus deadline, limited to entries whose fetch started at
   * or before `at`: it catches answers that were on their way from WordPress while pass 1 ran.
   */
  pass: 1 | 2;
}

export function encodePurgeMessage(message: PurgeMessage): string {
  return JSON.stringify(message);
}

/** A message of ours, or undefined for anything else on the channel (never thrown: it is input). */
export function decodePurgeMessage(text: string): PurgeMessage | undefined {
  let m: Partial<PurgeMessage>;
  try {
    m = JSON.parse(text) as Partial<PurgeMessage>;
  } catch {
    return undefined;
  }
  if (!m || m.v !== 1 || typeof m.from !== "string" || typeof m.id !== "string") return undefined;
  if (!Array.isArray(m.tags) || !m.tags.every((t) => typeof t === "string")) return undefined;
  if (typeof m.all !== "boolean" || (m.mode !== "soft" && m.mode !== "hard")) return undefined;
  if (typeof m.at !== "number" || !Number.isFinite(m.at) || (m.pass !== 1 && m.pass !== 2)) return undefined;
  if (!m.all && m.tags.length === 0) return undefined;
  return m as PurgeMessage;
}

export interface PurgeBusOptions {
  subscriber: RedisLike;
  channel: string;
  instanceId: string;
  onMessage: (message: PurgeMessage) => void;
  /** The subscription is back after a loss: purges may have been missed. */
  onResync: () => void;
  logger: CacheLogger;
}

export class PurgeBus {
  private subscribed = false;
  /** A loss since the last subscription (or a failed first attempt): resync once subscribed. */
  private lost = false;
  private closed = false;
  private readonly listeners: [string, (...args: unknown[]) => void][] = [];

  constructor(private readonly options: PurgeBusOptions) {}

  get connected(): boolean {
    return this.subscribed && this.options.subscriber.status === "ready";
  }

  start(): void {
    const { subscriber, channel, instanceId, logger } = this.options;
    const on = (event: string, handler: (...args: unknown[]) => void) => {
      subscriber.on(event, handler);
      this.listeners.push([event, handler]);
    };
    on("message", (ch, text) => {
      if (ch !== channel || typeof text !== "string") return;
      const message = decodePurgeMessage(text);
      if (!message) {
        logger.warn({ channel }, "ignored a malformed purge message");
        return;
      }
      if (message.from === instanceId) return;
      this.options.onMessage(message);
    });
    // ioredis resubscribes by itself after a reconnect; subscribing on every "ready" as well makes
    // a client built without an offline queue work too, and tells us when we are listening again.
    on("ready", () => void this.subscribe());
    on("close", () => this.markLost());
    // An error while connected (a bad reply) loses nothing; one while (re)connecting is a loss.
    on("error", () => {
      if (subscriber.status !== "ready") this.markLost();
    });
    if (
      subscriber.status === "ready" ||
      subscriber.status === "wait" ||
      subscriber.status === "connecting" ||
      subscriber.status === "connect"
    ) {
      void this.subscribe();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [event, handler] of this.listeners) this.options.subscriber.off(event, handler);
    if (this.options.subscriber.status === "ready")
      await this.options.subscriber.unsubscribe(this.options.channel).catch(() => undefined);
  }

  private markLost(): void {
    if (this.closed) return;
    this.subscribed = false;
    this.lost = true;
  }

  private async subscribe(): Promise<void> {
    if (this.closed) return;
    try {
      await this.options.subscriber.subscribe(this.options.channel);
    } catch (error) {
      this.options.logger.debug({ err: (error as Error)?.message }, "purge bus subscribe failed; retried on reconnect");
      return;
    }
    if (this.closed) return;
    this.subscribed = true;
    if (this.lost) {
      this.lost = false;
      this.options.logger.warn(
        { channel: this.options.channel },
        "purge bus back after a loss: dropping the memory tier (missed purges)",
      );
      this.options.onResync();
    }
  }
}
