// Import cycles, type-only imports included: `npm run lint` runs this after ESLint. ESLint's
// import-x/no-cycle skips `import type`, so a cycle through types alone would pass it, and such a
// cycle still ties two modules that should each be read on their own.
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
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router|public|test-results|bench/reports|helm|wordpress|docker)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
