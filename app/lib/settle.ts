/** Await a promise, answering `fallback` if it fails: for data a page can live without. */
export async function settle<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch {
    return fallback;
  }
}
