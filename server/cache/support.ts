// Small helpers the cache's modules share.

/** Waits `ms` (a deadline already passed waits for nothing: no negative timeout reaches Node). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** An error's message for a log line (a thrown non-Error as text). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs an observer's call: an observer that throws is logged, never breaks a read or a purge. */
export function guardObserver(logger: { warn(fields: object, message: string): void }): (call: () => void) => void {
  return (call) => {
    try {
      call();
    } catch (error) {
      logger.warn({ err: errorMessage(error) }, "cache observer threw");
    }
  };
}
