// The browser side of the offline service worker (built by vite.config.ts into /sw.js): its
// registration, the visitor's online/offline state, and the hand-over to a new deployment's
// worker. A new worker waits (the page keeps the chunks it started with); the visitor is told,
// and on the next navigation the new worker takes over and that page loads as a full document
// with the new build, so nobody is left on old chunks.
import { useSyncExternalStore } from "react";

export const SERVICE_WORKER_URL = "/sw.js";
/** How often, at most, a route change asks the browser to look for a new worker. */
const UPDATE_CHECK_MS = 10 * 60_000;

type Listener = () => void;

// --- online / offline -------------------------------------------------------------------------

function subscribeOnline(listener: Listener): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** True while the browser says it is online (always true on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

// --- the worker and its updates ---------------------------------------------------------------

let registration: ServiceWorkerRegistration | undefined;
let updateReady = false;
let lastUpdateCheck = 0;
const updateListeners = new Set<Listener>();

function setUpdateReady(): void {
  if (updateReady) return;
  updateReady = true;
  for (const listener of updateListeners) listener();
}

export function isUpdateReady(): boolean {
  return updateReady;
}

/** True once a new deployment's worker is installed and waiting for the next navigation. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      updateListeners.add(listener);
      return () => updateListeners.delete(listener);
    },
    () => updateReady,
    () => false,
  );
}

function watchForWaiting(reg: ServiceWorkerRegistration): void {
  // A worker waiting while another controls the page is an update (the very first install
  // takes control at once instead).
  const check = () => {
    if (reg.waiting && navigator.serviceWorker.controller) setUpdateReady();
  };
  check();
  reg.addEventListener("updatefound", () => {
    const installing = reg.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") check();
    });
  });
}

/** Registers /sw.js once the page has loaded. Silent when unsupported or when it fails. */
export function registerServiceWorker(): void {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || registration) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .then((reg) => {
        registration = reg;
        lastUpdateCheck = Date.now();
        watchForWaiting(reg);
      })
      .catch(() => undefined);
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** On a route change: look for a new worker now and then (a single-page app never reloads). */
export function checkForUpdate(now = Date.now()): void {
  if (!registration || now - lastUpdateCheck < UPDATE_CHECK_MS) return;
  lastUpdateCheck = now;
  registration.update().catch(() => undefined);
}

/**
 * The link a click would follow inside the site, or null (another site, a new tab, a download,
 * a modified click, an anchor on the same page).
 */
export function followedLink(event: MouseEvent, here: Location): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A navigation is starting while a new worker waits: let it take over, then load the target as
 * a full document (new HTML, new chunks). Returns false when there is nothing to hand over.
 */
export function handOverTo(href: string): boolean {
  const waiting = registration?.waiting;
  if (!updateReady || !waiting) return false;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    window.location.assign(href);
  };
  navigator.serviceWorker.addEventListener("controllerchange", go, { once: true });
  waiting.postMessage({ type: "SKIP_WAITING" });
  setTimeout(go, 1500);
  return true;
}
