import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LANGS, localizePath, type Lang } from "./common/locale";
import { BRAND } from "./common/brand";
import { ROUTE_MODULE_FAILED_HOOK } from "./app/lib/chunk-reload";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [reactRouter(), routeModuleGuard(), offlineApp({ ssrBuild: !!isSsrBuild })],
}));

// --- The chunk reload guard inside React Router (spec §8, app/lib/chunk-reload.ts) --------------
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
      if (!catchBlock.test(code)) throw new Error(`fc-route-module-guard: React Router's route module loader changed (${id}); update vite.config.ts`);
      return {
        code: code.replace(catchBlock, (_all, error: string, rest: string) =>
          `} catch (${error}) { if (typeof window !== "undefined" && window.${ROUTE_MODULE_FAILED_HOOK}) return window.${ROUTE_MODULE_FAILED_HOOK}(${error});${rest}`),
        map: null,
      };
    },
  };
}

// --- The installable, offline app (spec §1: an offline service worker) -------------------------
//
// The client build emits the web manifest and its PNG icons (drawn from one SVG with sharp).
// The service worker is built last, after React Router's server build, because only then is
// build/client complete: React Router writes its `manifest-*.js` chunk and moves server-emitted
// assets there during the server build, after vite-plugin-pwa's own hook would have run, which
// would leave them out of the precache. So: compile app/lib/service-worker.ts with esbuild, then
// let workbox-build inject the precache list of every file in build/client, and write the offline
// pages in both languages next to it. The worker is registered by app/lib/offline.ts (no
// virtual:pwa-register) and served from /sw.js with `Cache-Control: no-cache`.

const CLIENT_DIR = "build/client"; // react-router.config.ts: buildDirectory "build"

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
  return JSON.stringify({
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
  }, null, 2);
}

async function renderIcon(size: number, maskable: boolean): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(iconSvg(maskable))).resize(size, size).png({ compressionLevel: 9, palette: true }).toBuffer();
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** A static page the worker answers for a page it never kept, in the visitor's language. */
function offlineHtml(lang: Lang, stylesheet: string | undefined): string {
  const messages = JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8")) as { tagline: string; offline: Record<string, string> };
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

function offlineApp({ ssrBuild }: { ssrBuild: boolean }): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "serve";
  const devIcons = new Map<string, Promise<Buffer>>();
  return {
    name: "fc-offline-app",
    configResolved(config) {
      root = config.root;
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
    async generateBundle() {
      if (command !== "build" || ssrBuild) return;
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: webManifest() });
      for (const icon of ICONS) this.emitFile({ type: "asset", fileName: icon.file, source: await renderIcon(icon.size, icon.maskable) });
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (command !== "build" || !ssrBuild) return;
        const clientDir = path.resolve(root, CLIENT_DIR);
        if (!existsSync(path.join(clientDir, "assets"))) throw new Error(`${CLIENT_DIR}/assets is missing: the client build must run first`);
        // The offline pages use the site's own stylesheet (the root route's app-*.css).
        const css = readdirSync(path.join(clientDir, "assets")).find((f) => /^app-[\w-]+\.css$/.test(f));
        mkdirSync(path.join(clientDir, "offline"), { recursive: true });
        for (const lang of LANGS) {
          writeFileSync(path.join(clientDir, "offline", `${lang}.html`), offlineHtml(lang, css ? `/assets/${css}` : undefined));
        }
        await buildServiceWorker(root, clientDir);
      },
    },
  };
}

async function buildServiceWorker(root: string, clientDir: string): Promise<void> {
  const { build } = await import("esbuild");
  const { injectManifest } = await import("workbox-build");
  const compiled = await build({
    entryPoints: [path.join(root, "app/lib/service-worker.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    write: false,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const tmp = path.join(os.tmpdir(), `fc-sw-${process.pid}-${Date.now()}.js`);
  writeFileSync(tmp, compiled.outputFiles[0]!.text);
  const listed = new Set<string>();
  try {
    const result = await injectManifest({
      swSrc: tmp,
      swDest: path.join(clientDir, "sw.js"),
      globDirectory: clientDir,
      globPatterns: ["assets/**/*.{js,css}", "fonts/**/*.{woff2,css}", "icons/*.png", "offline/*.html", "manifest.webmanifest", "favicon.svg"],
      // Hashed file names are their own revision.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [
        (entries) => {
          for (const entry of entries) listed.add(entry.url);
          return Promise.resolve({ manifest: entries, warnings: [] });
        },
      ],
    });
    for (const warning of result.warnings) console.warn(`service worker: ${warning}`);
    const assets = readdirSync(path.join(clientDir, "assets")).filter((f) => /\.(js|css)$/.test(f));
    const missing = assets.filter((f) => !listed.has(`assets/${f}`));
    if (missing.length > 0) throw new Error(`service worker: precache misses ${missing.join(", ")}`);
    console.log(`service worker: ${CLIENT_DIR}/sw.js precaches ${result.count} files, ${(result.size / 1024).toFixed(0)} KiB`);
  } finally {
    rmSync(tmp, { force: true });
  }
}
