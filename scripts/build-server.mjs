// Bundles the Node entry (server/main.ts and the modules it builds the services from) into
// build/node/main.js. Packages stay external: the runtime image installs them with npm ci.
// Split at dynamic imports: the demo catalogue (and sharp, libvips with it) is a chunk of its own
// that a site reading a real WordPress never loads (about 20 MB of resident memory).
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outdir: "build/node",
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log("server: build/node/main.js");
