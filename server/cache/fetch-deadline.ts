// Every fetch ends by its deadline (the cache's hard timeout): callers get the timeout error the
// fetch's owner chose, and the work nobody waits for any more hears so (and is aborted).
const noop = () => undefined;

/** `promise`, or `timedOut()`'s error at `deadline`; `onExpire` hears that nobody waits any more. */
export function withDeadline<R>(
  promise: Promise<R>,
  deadline: number,
  timedOut: () => Error,
  onExpire?: (reason: Error) => void,
): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const reason = timedOut();
        onExpire?.(reason);
        reject(reason);
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  // The abandoned work may still fail later: that must not become an unhandled rejection.
  promise.catch(noop);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
