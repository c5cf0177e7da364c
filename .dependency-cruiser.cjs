// Import cycles and the demo package's boundary, type-only imports included: `npm run lint` runs
// this after ESLint. ESLint's import-x/no-cycle skips `import type`, so a cycle through types alone
// would pass it, and such a cycle still ties two modules that should each be read on their own.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "Modules import each other, directly or through others (type-only imports count): move what both need to a third module.",
      from: {},
      to: { circular: true },
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
