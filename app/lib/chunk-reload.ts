// A deployment replaces hashed chunks; a visitor on an old page then fails to load one ('Loading
// chunk N failed'). The page they were going to is loaded as a new document — the
// *target*, not the page they were on — at most once per RELOAD_GUARD_MS across the tab's pages
// (sessionStorage), so a chunk that is really broken cannot put the page in a reload loop: a
// second failure within the window shows the error page with its link home instead.
//
// The failures, and where they are caught:
// - a route module (React Router's own loader of route modules, which would reload the current
//   page unguarded: the build routes its failure here, see routeModuleGuard in vite.config.ts);
// - a split chunk or its stylesheet behind a lazy component (Vite's `vite:preloadError`);
// - a stylesheet of the page that fails to load (an `error` event on its <link>);
// - a navigation whose code or data has not arrived after CHUNK_TIMEOUT_MS (use-chunk-timeout.ts).
import { reportClientError } from "./client-error-reporter.ts";

export const RELOAD_GUARD_MS = 60_000;
export const CHUNK_TIMEOUT_MS = 120_000;
const KEY = "fc:last-chunk-reload";

/** The global React Router's route-module loader calls on a failed import (vite.config.ts). */
export const ROUTE_MODULE_FAILED_HOOK = "__fcRouteModuleFailed";

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/** Whether a reload may happen now; if so, it is recorded. Without storage, never (no loop). */
export function claimReload(now = Date.now(), storage: GuardStorage = sessionStorage): boolean {
  try {
    const last = Number(storage.getItem(KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads `target` (default: this page) as a new document, unless the guard refuses.
 * Returns whether it did.
 */
export function reloadAfterChunkFailure(
  target: string = window.location.href,
  now = Date.now(),
  storage: GuardStorage = sessionStorage,
): boolean {
  if (!claimReload(now, storage)) return false;
  if (target === window.location.href) window.location.reload();
  else window.location.assign(target);
  return true;
}

interface RouterLike {
  state: { navigation: { state: string; location?: { pathname: string; search: string; hash: string } } };
}

function router(): RouterLike | undefined {
  return (window as unknown as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
}

/** Whether a navigation is under way (its modules and data loading). */
function navigating(): boolean {
  return (router()?.state.navigation.state ?? "idle") !== "idle";
}

/** Where the visitor is going: the URL of the navigation under way, else the current page. */
export function navigationTarget(): string {
  const next = router()?.state.navigation.location;
  return next ? new URL(next.pathname + next.search + next.hash, window.location.href).href : window.location.href;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Loading chunk .* failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * A route module failed to load. During a navigation: go to the target as a new document (the
 * promise never settles, so nothing renders meanwhile), or — the guard refusing — stand in a
 * module whose component throws the failure, so the nearest error boundary shows the error page
 * with its link home. (Throwing here would not do: React Router drops a failed lazy component and
 * renders nothing.) With no navigation under way the load was a prefetch (React Router loads the
 * modules of a prefetched page for their links): an empty module, no reload, no claim on the
 * guard — the navigation, if the visitor makes it, loads the module again and decides.
 */
function routeModuleFailed(error: unknown): Promise<Record<string, unknown>> {
  if (!navigating()) return Promise.resolve({});
  reportClientError(error);
  if (reloadAfterChunkFailure(navigationTarget())) return new Promise(() => undefined);
  return Promise.resolve({
    default: function RouteModuleFailed(): never {
      throw error;
    },
  });
}

export function installChunkReloadGuard(): void {
  (window as unknown as Record<string, unknown>)[ROUTE_MODULE_FAILED_HOOK] = routeModuleFailed;
  window.addEventListener("vite:preloadError", (event) => {
    // Refused by the guard, the error goes on to the lazy component's error boundary.
    if (reloadAfterChunkFailure(navigationTarget())) event.preventDefault();
  });
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkFailure(navigationTarget());
  });
  document.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (
        target instanceof HTMLLinkElement &&
        target.rel === "stylesheet" &&
        new URL(target.href).origin === window.location.origin
      ) {
        reloadAfterChunkFailure(navigationTarget());
      }
    },
    true,
  );
}
