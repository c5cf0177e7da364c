// A deployment replaces hashed chunks; a visitor on an old page then fails to load one
// ('Loading chunk N failed'). Reload to get the new build — at most once a minute, so a chunk
// that is really broken cannot put the page in a reload loop (spec §8, §9).
export const RELOAD_GUARD_MS = 60_000;
export const CHUNK_TIMEOUT_MS = 120_000;
const KEY = "fc:last-chunk-reload";

export function reloadAfterChunkFailure(now = Date.now(), storage: Pick<Storage, "getItem" | "setItem"> = sessionStorage): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Loading chunk .* failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(message);
}

export function installChunkReloadGuard(): void {
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    reloadAfterChunkFailure();
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkFailure();
  });
}
