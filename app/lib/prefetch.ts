// Prefetch on visibility: a link's page (its route modules and data) is fetched
// once the link has been on screen and the browser is idle (at most PREFETCH_IDLE_TIMEOUT_MS
// later), and never when the visitor saves data or the connection is slow-2g / 2g.

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !["slow-2g", "2g"].includes(connection.effectiveType ?? "");
}

/** A path of the site that React Router renders (not a file such as /media/… or /sitemap.xml). */
export function isPagePath(href: string): boolean {
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  const path = href.split(/[?#]/)[0]!;
  return !path.startsWith("/media/") && !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Calls `prefetch` once, after `element` has become visible and the browser is idle. Returns the
 * cleanup. Does nothing where prefetching is not allowed or IntersectionObserver is missing.
 */
export function prefetchWhenVisible(element: Element, prefetch: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") return () => undefined;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!prefetchAllowed(connection)) return () => undefined;
  let idleHandle: number | undefined;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    const schedule = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
    idleHandle = schedule(prefetch, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    if (idleHandle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle);
  };
}
