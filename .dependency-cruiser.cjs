// Import cycles (of modules and of folders), the server's layers and the demo package's boundary,
// type-only imports included: `npm run lint` runs this after ESLint. ESLint's import-x/no-cycle
// skips `import type`, so a cycle through types alone would pass it, and such a cycle still ties
// two modules that should each be read on their own.
//
// The server's layers, each importing only those below it (server/main.ts composes them all):
//   composition   server/main.ts, start/ (its steps), app.ts, page-source.ts, wordpress.ts,
//                 shutdown.ts
//   edge          server/http/, server/integrations/ (never each other both ways: http/ takes
//                 nothing from integrations/)
//   domain        server/content/, server/cdn/, server/media/ (no HTTP)
//   cache         server/cache/ (its settings arrive as arguments)
//   base          server/config.ts + environment.ts (knowing no domain), server/runtime/,
//                 logger.ts, request-scope.ts, and common/
const COMPOSITION = "^server/((main|app|page-source|wordpress|shutdown)\\.ts$|start/)";
const CONFIG = "^server/(config|environment)\\.ts$";
const RUNTIME = "^server/(runtime/|logger\\.ts$|request-scope\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment:
        "Modules import each other, directly or through others (type-only imports count): move what both need to a third module.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      severity: "error",
      comment: "Two folders import each other, directly or through others: a layer below must not know the one above.",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "layer-config-knows-no-domain",
      severity: "error",
      comment:
        "Configuration (server/config.ts, environment.ts) validates the environment and knows no domain: it imports only itself and common/.",
      from: { path: CONFIG },
      to: { path: "^(server|app|demo)/", pathNot: CONFIG },
    },
    {
      name: "layer-runtime-below-the-site",
      severity: "error",
      comment:
        "Process-level helpers (server/runtime/, logger.ts, request-scope.ts) import nothing of the site above them.",
      from: { path: RUNTIME },
      to: { path: "^(server|app|demo)/", pathNot: RUNTIME },
    },
    {
      name: "layer-cache-takes-settings-as-arguments",
      severity: "error",
      comment:
        "server/cache/ knows no origin and reads no configuration: callers hand it settings, a fetch and an error classifier.",
      from: { path: "^server/cache/" },
      to: { path: "^(server|app|demo)/", pathNot: "^server/(cache|runtime)/" },
    },
    {
      name: "only-tiers-knows-the-concrete-tiers",
      severity: "error",
      comment:
        "The cache stack knows its tiers by their interfaces and errors (server/cache/tier.ts): only server/cache/tiers.ts builds, and imports, the concrete ones (memory-tier.ts, redis-tier.ts). The tiers' own tests aside.",
      from: { pathNot: ["^server/cache/tiers\\.ts$", "^tests/"] },
      to: { path: "^server/cache/(memory|redis)-tier\\.ts$" },
    },
    {
      name: "layer-content-and-cdn-speak-no-http",
      severity: "error",
      comment: "server/content/ and server/cdn/ return domain results; server/http/ turns them into answers.",
      from: { path: "^server/(content|cdn)/" },
      to: { path: ["^server/(http|integrations)/", COMPOSITION] },
    },
    {
      name: "layer-media-speaks-no-http",
      severity: "error",
      comment: "The image service (server/media/) knows no HTTP: the /media/ handler in server/http/ depends on it.",
      from: { path: "^server/media/" },
      to: { path: ["^server/(http|integrations)/", COMPOSITION] },
    },
    {
      name: "layer-http-takes-nothing-from-integrations",
      severity: "error",
      comment:
        "server/http/ and server/integrations/ never import each other both ways: integrations may use http/rate-limits.ts; http/ reaches the integrations only through the router context.",
      from: { path: "^server/http/" },
      to: { path: "^server/integrations/" },
    },
    {
      name: "layer-composition-on-top",
      severity: "error",
      comment: "Only the composition (server/main.ts and the modules it starts the site with) imports the composition.",
      from: { path: "^server/", pathNot: COMPOSITION },
      to: { path: COMPOSITION },
    },
    {
      name: "demo-started-in-one-place",
      severity: "error",
      comment: "server/ holds the site alone: only server/main.ts starts the demo WordPress (demo/).",
      from: { path: "^server/", pathNot: "^server/main\\.ts$" },
      to: { path: "^demo/" },
    },
    {
      name: "demo-through-its-entry",
      severity: "error",
      comment: "demo/ is a package: everything outside it imports demo/index.ts, never its modules.",
      from: { pathNot: "^demo/" },
      to: { path: "^demo/", pathNot: "^demo/index\\.ts$" },
    },
    {
      name: "demo-stands-alone",
      severity: "error",
      comment: "demo/ imports nothing from the site (app/, server/) and from common/ only the locale vocabulary.",
      from: { path: "^demo/" },
      to: { path: "^(app|server|common)/", pathNot: "^common/locale\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router|public|test-results|bench/reports|helm|wordpress|docker)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
