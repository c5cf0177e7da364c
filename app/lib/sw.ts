// The offline service worker, built on its own by vite-plugin-pwa (vite.config.ts; never imported by the app)
// into build/client/sw.js, with the precache list of every file of the build injected at
// `self.__WB_MANIFEST`: the app shell (all of build/client/assets, React Router's manifest
// chunk included), the fonts and their stylesheet, the icons, and the offline pages.
//   pages      network first (5 s), the copy kept from an earlier visit, else the offline page
//              in the page's language (build/client/offline/{en,it}.html)
//   data       React Router's .data requests: network first, then the kept copy
//   images     stale-while-revalidate, at most 150 kept for 30 days (40 from another origin)
// A new worker waits until the page asks it to take over (SKIP_WAITING, sent by app/lib/offline.ts
// on the next navigation), so an open page never loses the chunks it started with.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { langFromPath } from "../../common/locale";
import { clientsClaim } from "workbox-core";

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

interface WorkerScope {
  __WB_MANIFEST: PrecacheEntry[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

const sw = self as unknown as WorkerScope;

// `self.__WB_MANIFEST` literally: the build replaces exactly this text with the precache list.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker controls the page at once (offline works from the first visit); later ones
// wait for SKIP_WAITING, and claim the pages when they activate.
clientsClaim();

sw.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void sw.skipWaiting();
});

const sameOrigin = (url: URL) => url.origin === sw.location.origin;
const notOurs = (url: URL) =>
  url.pathname.startsWith("/api/") ||
  url.pathname === "/sw.js" ||
  url.pathname.startsWith("/healthz") ||
  url.pathname.startsWith("/readyz");

const pages = new NetworkFirst({
  cacheName: "fc-pages",
  networkTimeoutSeconds: 5,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});

function offlinePage(pathname: string): Promise<Response | undefined> {
  const lang = langFromPath(pathname);
  return matchPrecache(`/offline/${lang}.html`);
}

registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameOrigin(url) && !notOurs(url),
  async (options) => {
    try {
      const response = await pages.handle(options);
      if (response) return response;
    } catch {
      /* no network and nothing kept */
    }
    return (await offlinePage(options.url.pathname)) ?? Response.error();
  },
);

registerRoute(
  ({ request, url }) => request.method === "GET" && sameOrigin(url) && url.pathname.endsWith(".data"),
  new NetworkFirst({
    cacheName: "fc-data",
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.destination === "image" && sameOrigin(url),
  new StaleWhileRevalidate({
    cacheName: "fc-images",
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Images from MEDIA_URL (a CDN) arrive opaque (no CORS): browsers count each opaque entry as
// megabytes of quota, so fewer of them are kept.
registerRoute(
  ({ request, url }) => request.destination === "image" && !sameOrigin(url),
  new StaleWhileRevalidate({
    cacheName: "fc-media",
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The font stylesheet and fonts are precached; anything else under /fonts/ is kept as it comes.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/fonts/"),
  new StaleWhileRevalidate({
    cacheName: "fc-fonts",
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 20 })],
  }),
);
