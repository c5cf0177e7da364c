// A soft-purged copy (stale because content changed): the request revalidates synchronously, up to
// the soft timeout, so the very next view shows the new content; the stale copy only if WordPress
// fails or is slower than that (then the revalidation goes on in the background).
import type { CacheRecord } from "./entry";
import { errorMessage } from "./support";
import type { CacheLogger, Read } from "./types";

export async function revalidateWithin<T>(
  refresh: (read: Read<T>, basis: CacheRecord) => Promise<CacheRecord>,
  read: Read<T>,
  stale: CacheRecord,
  softTimeoutMs: number,
  logger: CacheLogger,
): Promise<CacheRecord> {
  const { key } = read;
  const revalidation = refresh(read, stale);
  let timer: NodeJS.Timeout | undefined;
  const soft = new Promise<"soft">((resolve) => {
    timer = setTimeout(() => resolve("soft"), softTimeoutMs);
  });
  try {
    const outcome = await Promise.race([revalidation, soft]);
    if (outcome !== "soft") return outcome;
    revalidation.catch((error: unknown) =>
      logger.warn({ key, err: errorMessage(error) }, "revalidation after soft timeout failed"),
    );
    logger.info(
      { key, softTimeoutMs },
      "revalidation slower than the soft timeout; serving stale, updating in background",
    );
    return stale;
  } catch (error) {
    logger.warn({ key, err: errorMessage(error) }, "revalidation failed; serving stale (stale-if-error)");
    return stale;
  } finally {
    clearTimeout(timer);
  }
}
