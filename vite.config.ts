// This file and the modules it imports (common/locale, common/brand, app/lib/chunk-reload and
// theirs) write their extensions: Node loads them as they are under Vite's native config loader
// (a fresh build checks that it prints no warning).
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { readFileSync } from "node:fs";
import { VitePWA } from "vite-plugin-pwa";
import { LANGS, localizePath, type Lang } from "./common/locale.ts";
import { BRAND } from "./common/brand.ts";
import { ROUTE_MODULE_FAILED_HOOK } from "./app/lib/chunk-reload.ts";

export default defineConfig(() => ({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // The server build (Vite's Environment API: one config, a build per environment): its entry is
  // the site's request handler, and it is one file, since splitting code (the footer's lazy
  // newsletter form, the consent banner) serves the browser's first load only.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts", output: { codeSplitting: false } } } } },
  plugins: [reactRouter(), routeModuleGuard(), offlineApp(), serviceWorker()],
}));

// --- The chunk reload guard inside React Router (app/lib/chunk-reload.ts) --------------
//
// React Router's loader of route modules catches a failed import itself and calls
// `window.location.reload()`: the current page, not the target, and with no guard, so a broken
// chunk reloads the page the visitor is on again and again. It has no option for it, so its
// catch block is given a first line that hands the error to the site's guard (installed by
// entry.client): reload the target at most once a minute, else the error page. The build fails if
// a React Router upgrade changes that code, so the guard can never silently drop out. (The dev
// server pre-bundles React Router with esbuild, which plugins do not transform: there React
// Router keeps its own reload.)
function routeModuleGuard(): Plugin {
  const marker = "Error loading route module";
  const catchBlock = /\} catch \((\w+)\) \{(\s*console\.error\(\s*`Error loading route module)/;
  return {
    name: "fc-route-module-guard",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/node_modules/react-router/") || !code.includes(marker)) return null;
      if (!catchBlock.test(code))
        throw new Error(
          `fc-route-module-guard: React Router's route module loader changed (${id}); update vite.config.ts`,
        );
      return {
        code: code.replace(
          catchBlock,
          (_all, error: string, rest: string) =>
            `} catch (${error}) { if (typeof window !== "undefined" && window.${ROUTE_MODULE_FAILED_HOOK}) return window.${ROUTE_MODULE_FAILED_HOOK}(${error});${rest}`,
        ),
        map: null,
      };
    },
  };
}

// --- The installable, offline app ------------------------------------------------------------
//
// The client build emits the web manifest, its PNG icons (drawn from one SVG with sharp) and the
// offline pages in both languages. The service worker (app/lib/sw.ts, workbox) is built by
// vite-plugin-pwa with injectManifest: its precache list is every file of build/client. That list
// is complete only once React Router's server build has written its `manifest-*.js` chunk and the
// server-emitted assets there, after the client build's own hooks have run: so the worker is
// generated once, from react-router.config.ts's `buildEnd`, when the whole build has finished
// (the plugin's own pass after a bundle is left out). The worker is registered by app/lib/offline.ts
// (no virtual:pwa-register) and served from /sw.js with `Cache-Control: no-cache`.

/** What the worker precaches, in build/client: the app shell, fonts, icons and offline pages. */
const SERVICE_WORKER_PRECACHE = [
  "assets/**/*.{js,css}",
  "fonts/**/*.{woff2,css}",
  "icons/*.png",
  "offline/*.html",
  "manifest.webmanifest",
  "favicon.svg",
];

/** The monogram: F and C drawn as strokes (no font needed), a gold rule under them. */
function iconSvg(maskable: boolean): string {
  // A maskable icon keeps its drawing inside the central safe circle (80 %).
  const scale = maskable ? 0.62 : 0.86;
  const offset = (512 - 512 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<rect width="512" height="512" fill="${BRAND.background}"/>
<g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="${BRAND.ink}" stroke-width="26">
<path d="M122 352V160h104M122 252h84"/>
<path d="M404 190a98 98 0 1 0 0 124"/>
<path d="M122 398h270" stroke="${BRAND.theme}" stroke-width="8"/>
</g>
</svg>`;
}

const ICONS = [
  { file: "icons/icon-192.png", size: 192, maskable: false },
  { file: "icons/icon-512.png", size: 512, maskable: false },
  { file: "icons/icon-maskable-512.png", size: 512, maskable: true },
  { file: "icons/apple-touch-icon.png", size: 180, maskable: false },
];

function webManifest(): string {
  return JSON.stringify(
    {
      name: BRAND.name,
      short_name: BRAND.shortName,
      description: BRAND.description,
      lang: "en",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: BRAND.theme,
      background_color: BRAND.background,
      icons: ICONS.filter((i) => i.file !== "icons/apple-touch-icon.png").map((i) => ({
        src: `/${i.file}`,
        sizes: `${i.size}x${i.size}`,
        type: "image/png",
        purpose: i.maskable ? "maskable" : "any",
      })),
    },
    null,
    2,
  );
}

async function renderIcon(size: number, maskable: boolean): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(iconSvg(maskable)))
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A static page the worker answers for a page it never kept, in the visitor's language. */
function offlineHtml(lang: Lang, stylesheet: string | undefined): string {
  const messages = JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8")) as {
    tagline: string;
    offline: Record<string, string>;
  };
  const m = messages.offline;
  const home = localizePath(lang);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${BRAND.theme}">
<title>${escapeHtml(m.title!)} – FC</title>
${stylesheet ? `<link rel="stylesheet" href="${stylesheet}">\n` : ""}<link rel="stylesheet" href="/fonts/fonts.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
</head>
<body data-theme="original" data-offline-page="${lang}">
<div class="page page--standalone">
<header class="site-header site-header--minimal"><div class="site-header__inner"><a href="${home}" class="wordmark" aria-label="FC"><span class="wordmark__letters">FC</span><span class="wordmark__tagline">${escapeHtml(messages.tagline)}</span></a></div></header>
<main id="main" class="error-page">
<h1 class="error-page__title">${escapeHtml(m.heading!)}</h1>
<p class="error-page__text">${escapeHtml(m.text!)}</p>
<p class="error-page__actions"><a class="button" href="${home}">${escapeHtml(m.home!)}</a></p>
</main>
</div>
</body>
</html>
`;
}

function offlineApp(): Plugin {
  let command: "build" | "serve" = "serve";
  const devIcons = new Map<string, Promise<Buffer>>();
  return {
    name: "fc-offline-app",
    configResolved(config) {
      command = config.command;
    },
    // Development: the manifest and icons from memory (the worker is not registered in dev).
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? "").split("?")[0]!;
        if (url === "/manifest.webmanifest") {
          res.setHeader("Content-Type", "application/manifest+json");
          return res.end(webManifest());
        }
        const icon = ICONS.find((i) => `/${i.file}` === url);
        if (!icon) return next();
        if (!devIcons.has(icon.file)) devIcons.set(icon.file, renderIcon(icon.size, icon.maskable));
        devIcons.get(icon.file)!.then((png) => {
          res.setHeader("Content-Type", "image/png");
          res.end(png);
        }, next);
      });
    },
    async generateBundle(_options, bundle) {
      if (command !== "build" || this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: webManifest() });
      for (const icon of ICONS)
        this.emitFile({ type: "asset", fileName: icon.file, source: await renderIcon(icon.size, icon.maskable) });
      // The offline pages use the site's own stylesheet (the root route's app-*.css).
      const css = Object.keys(bundle).find((file) => /^assets\/app-[\w-]+\.css$/.test(file));
      for (const lang of LANGS)
        this.emitFile({
          type: "asset",
          fileName: `offline/${lang}.html`,
          source: offlineHtml(lang, css ? `/${css}` : undefined),
        });
    },
  };
}

/**
 * The service worker: app/lib/sw.ts bundled on its own (a classic script: registered without
 * `type: "module"`), with the precache list injected at `self.__WB_MANIFEST`. Generated for real
 * from react-router.config.ts's `buildEnd` (see above), which also checks the list is complete.
 */
function serviceWorker(): Plugin[] {
  const plugins = VitePWA({
    strategies: "injectManifest",
    srcDir: "app/lib",
    filename: "sw.ts",
    // The client environment's folder: the plugin reads the top-level config, whose outDir
    // (dist/) no environment writes to.
    outDir: "build/client",
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: SERVICE_WORKER_PRECACHE,
      // Hashed file names are their own revision.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      rollupFormat: "iife",
      minify: true,
    },
  });
  // Built once, from buildEnd: the plugin's own pass after each environment's bundle would build a
  // worker that buildEnd overwrites (and, after the server build, one that lists nothing new).
  return plugins.map((plugin) =>
    plugin.name === "vite-plugin-pwa:build" ? { ...plugin, closeBundle: undefined } : plugin,
  );
}
