// Whether the app has hydrated: what mounts before (the page the server sent) is already on
// screen and must not animate in; what mounts after came from a client navigation and may.
//
// Entrance animations on the server's page hide it on its first paint, and the browser does not
// count the largest paint until it is visible (LCP: a 300 ms fade on the product dialog holds the
// product photo back by 300 ms, and Lighthouse's simulation by 2.5 s).
let hydrated = false;

/** Also marks the document (`data-hydrated`), for the early-click recorder and for tests. */
export function markHydrated(): void {
  hydrated = true;
  document.documentElement.dataset.hydrated = "true";
}

/** False on the server and in the hydration render, so the markup always matches. */
export function isHydrated(): boolean {
  return hydrated;
}
