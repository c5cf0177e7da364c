import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import type { VitePluginPWAAPI } from "vite-plugin-pwa";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // React Router 8's behaviour, adopted ahead of it (docs/decisions/0017-a-quiet-build.md).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  // The service worker is generated once the whole build has finished (vite.config.ts, "The
  // installable, offline app"): only then does build/client hold every file it precaches.
  async buildEnd({ viteConfig }) {
    const pwa = viteConfig.plugins.find((plugin) => plugin.name === "vite-plugin-pwa") as
      { api?: VitePluginPWAAPI } | undefined;
    if (!pwa?.api) throw new Error("service worker: vite-plugin-pwa is not in vite.config.ts's plugins");
    await pwa.api.generateSW();
    // Every chunk and stylesheet must be in the precache list, or the app breaks offline.
    const clientDir = path.resolve(viteConfig.root, "build/client");
    const worker = readFileSync(path.join(clientDir, "sw.js"), "utf8");
    const assets = readdirSync(path.join(clientDir, "assets")).filter((file) => /\.(js|css)$/.test(file));
    const missing = assets.filter((file) => !worker.includes(`"assets/${file}"`));
    if (missing.length > 0) throw new Error(`service worker: precache misses ${missing.join(", ")}`);
  },
} satisfies Config;
