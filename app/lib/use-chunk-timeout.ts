// A navigation whose code or data has not arrived after 120 s is a failed chunk load:
// the target is loaded as a new document, under the same once-a-minute guard as a chunk that
// failed outright; the guard refusing, the error page shows (thrown to the root's boundary).
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { CHUNK_TIMEOUT_MS, navigationTarget, reloadAfterChunkFailure } from "./chunk-reload";

export class ChunkTimeoutError extends Error {
  constructor(target: string) {
    super(`The page ${new URL(target).pathname} did not load within ${CHUNK_TIMEOUT_MS / 1000} s`);
    this.name = "ChunkTimeoutError";
  }
}

export function useChunkTimeoutGuard() {
  const navigation = useNavigation();
  const [failed, setFailed] = useState<Error | null>(null);
  useEffect(() => {
    if (navigation.state !== "loading") return;
    const timer = window.setTimeout(() => {
      const target = navigationTarget();
      if (!reloadAfterChunkFailure(target)) setFailed(new ChunkTimeoutError(target));
    }, CHUNK_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [navigation.state, navigation.location?.key]);
  if (failed) throw failed;
}
