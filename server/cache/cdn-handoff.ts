// Purges handed to the CDN. At receipt, to a purger that keeps them (the outbox), due after the
// bus deadline, so a pod killed before then does not lose them; otherwise sent after the bus
// deadline, when every instance has applied the purge and the CDN cannot re-fetch an old page.
import type { CacheLogger, CdnPurger, PendingPurge } from "./types";
import { errorMessage } from "./support";

export interface CdnHandoff {
  /** Hands the purge to a purger that keeps it; resolves false when there is none. */
  schedule(purge: PendingPurge): Promise<boolean>;
  /** Sends the purge now (after the bus deadline). */
  send(purge: PendingPurge): Promise<void>;
}

export function createCdnHandoff(
  cdnPurger: CdnPurger | undefined,
  busDeadlineMs: number,
  logger: CacheLogger,
): CdnHandoff {
  const failed = (error: unknown, purge: PendingPurge) =>
    logger.error({ err: errorMessage(error), tags: purge.tags.slice(0, 20), all: purge.all }, "CDN purge failed");
  return {
    async schedule(purge) {
      if (!cdnPurger?.schedule || (purge.all && !cdnPurger.purgeAll)) return false;
      try {
        await cdnPurger.schedule({
          tags: purge.tags,
          all: purge.all,
          soft: purge.mode === "soft",
          notBefore: purge.at + busDeadlineMs,
        });
      } catch (error) {
        failed(error, purge);
      }
      return true;
    },
    async send(purge) {
      if (!cdnPurger) return;
      try {
        const soft = purge.mode === "soft";
        if (purge.all) await cdnPurger.purgeAll?.({ soft });
        else await cdnPurger.purge(purge.tags, { soft });
      } catch (error) {
        failed(error, purge);
      }
    },
  };
}
