// Small helpers the cache's modules share.

/** Waits `ms` (a deadline already passed waits for nothing: no negative timeout reaches Node). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** An error's message for a log line (a thrown non-Error as text). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
