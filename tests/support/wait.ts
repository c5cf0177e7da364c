// Waiting in tests: for a while, or until something holds (polled every 5 ms, bounded).

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition()` holds; throws naming `what` after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 2000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
