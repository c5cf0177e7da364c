// A bound on how long a promise is awaited: a Redis command on the request path (or on the way
// out) must never hold a request or a shutdown longer than its own small budget.

/** `promise`, or a rejection naming `what` once `ms` have passed; the promise's own late failure is swallowed. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
