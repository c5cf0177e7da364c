// A purge in this process: the memory tier, the fetches under way (later requests start their
// own), the ledger that judges answers still in flight, and the listeners (the page cache).
import type { PurgeMessage } from "./bus";
import type { PurgeLedger } from "./purge-ledger";
import type { LocalTier } from "./tier";
import type { CacheLogger, PurgeEvent, PurgeListener } from "./types";
import { errorMessage } from "./support";

export interface LocalPurgeDeps {
  memory: LocalTier;
  /** Fetches under way by key: a purge that concerns one makes later requests fetch anew. */
  inflight: Map<string, { tags: readonly string[] }>;
  ledger: PurgeLedger;
  logger: CacheLogger;
}

export interface LocalPurges {
  /** Applies a purge here. Returns how many memory entries changed. */
  apply(event: PurgeEvent): number;
  /** A purge another instance announced on the bus. */
  applyMessage(message: PurgeMessage): void;
  /** Purges were missed (Redis or the bus was away): drop the memory tier and tell the listeners. */
  resync(reason: string): void;
  onPurge(listener: PurgeListener): () => void;
  /** Forgets every listener (on close). */
  clearListeners(): void;
}

export function createLocalPurges({ memory, inflight, ledger, logger }: LocalPurgeDeps): LocalPurges {
  const listeners = new Set<PurgeListener>();

  function notify(event: PurgeEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: errorMessage(error) }, "purge listener threw");
      }
    }
  }

  function apply(event: PurgeEvent): number {
    const tagSet = event.all ? null : new Set(event.tags);
    if (event.before === undefined) {
      ledger.record(tagSet, event.mode, Date.now());
      // Fetches under way that this purge concerns: later requests start their own instead of
      // joining an answer that may predate the purge.
      for (const [key, running] of inflight) {
        if (tagSet === null || running.tags.some((tag) => tagSet.has(tag))) inflight.delete(key);
      }
    }
    const changed = event.all
      ? memory.purgeAll(event.mode, event.before)
      : memory.purgeTags(event.tags, event.mode, event.before);
    notify(event);
    return changed;
  }

  return {
    apply,
    applyMessage(message) {
      logger.debug(
        { id: message.id, from: message.from, pass: message.pass, tags: message.tags.length, all: message.all },
        "purge from the bus",
      );
      apply({
        tags: message.tags,
        all: message.all,
        mode: message.mode,
        before: message.pass === 2 ? message.at : undefined,
        at: message.at,
        source: "bus",
      });
    },
    resync(reason) {
      const dropped = memory.stats().entries;
      memory.clear();
      logger.warn({ reason, dropped }, "memory cache tier dropped");
      notify({ tags: [], all: true, mode: "hard", source: "reconnect" });
    },
    onPurge(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    clearListeners: () => listeners.clear(),
  };
}
