// The ledger of purges seen: a fetch that was under way when a purge arrived may bring back an
// answer the purge concerns. Its answer is judged against the purges received since it started.
import type { CacheRecord } from "./entry";
import type { PurgeMode } from "./types";

/** A purge as this instance saw it arrive. */
interface SeenPurge {
  receivedAt: number;
  tags: ReadonlySet<string> | null;
  mode: PurgeMode;
}

export interface PurgeLedger {
  /** A purge received now (`tags` null: every entry). */
  record(tags: ReadonlySet<string> | null, mode: PurgeMode, now: number): void;
  /** What the purges seen since an answer was fetched make of it. */
  judge(record: CacheRecord): "keep" | "stale" | "drop";
}

/** Purges older than `horizonMs` are forgotten: no fetch outlives that long, so they judge nothing. */
export function createPurgeLedger(horizonMs: number): PurgeLedger {
  const seenPurges: SeenPurge[] = [];
  return {
    record(tags, mode, now) {
      seenPurges.push({ receivedAt: now, tags, mode });
      while (seenPurges.length > 0 && seenPurges[0]!.receivedAt < now - horizonMs) seenPurges.shift();
    },
    judge(record) {
      let verdict: "keep" | "stale" = "keep";
      for (const seen of seenPurges) {
        if (seen.receivedAt < record.fetchedAt) continue;
        if (seen.tags !== null && !record.tags.some((tag) => seen.tags!.has(tag))) continue;
        if (seen.mode === "hard") return "drop";
        verdict = "stale";
      }
      return verdict;
    },
  };
}
