// After the build: the first-load JavaScript and CSS of each page type, gzip, as a visitor's
// browser downloads them (React Router's manifest: the entry, root, the language layout and the
// page's route module with everything they import). Printed as a table and written to
// build/weight.json. The target: ≤ 150 KB gzip of JavaScript on the home page.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";

const dir = "build/client";
const manifestFile = readdirSync(path.join(dir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("no React Router manifest in build/client/assets");
const source = readFileSync(path.join(dir, "assets", manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, ""));

const gz = new Map();
const size = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dir, file))).length);
  return gz.get(file);
};

const pages = {
  home: "home-en",
  "products list": "products-en",
  "product (dialog over list)": "products-product-en",
  category: "category-en",
  collection: "collection-en",
  projects: "projects-en",
  "company page": "about-en",
  contact: "contact-en",
  wishlist: "wishlist-en",
};

// The site stylesheet is linked from root.tsx (`?url`), so the manifest does not list it.
const stylesheets = readdirSync(path.join(dir, "assets"))
  .filter((f) => /^app-.*\.css$/.test(f))
  .map((f) => `/assets/${f}`);

const rows = [];
for (const [name, id] of Object.entries(pages)) {
  const chain = ["root", "locale-en"];
  if (id === "products-product-en") chain.push("products-en");
  chain.push(id);
  const js = new Set([manifest.entry.module, ...manifest.entry.imports, `/${manifestFile.replace(/^/, "assets/")}`]);
  const css = new Set([...(manifest.entry.css ?? []), ...stylesheets]);
  for (const routeId of chain) {
    const route = manifest.routes[routeId];
    if (!route) continue;
    js.add(route.module);
    for (const f of route.imports ?? []) js.add(f);
    // A stylesheet of a lazily imported module is listed with a trailing "#" (React Router still
    // links it with the route, so it counts).
    for (const f of route.css ?? []) css.add(f.replace(/#$/, ""));
  }
  const jsBytes = [...js].reduce((n, f) => n + size(f), 0);
  const cssBytes = [...css].reduce((n, f) => n + size(f), 0);
  rows.push({
    page: name,
    jsKB: +(jsBytes / 1024).toFixed(1),
    cssKB: +(cssBytes / 1024).toFixed(1),
    files: js.size + css.size,
  });
}

writeFileSync("build/weight.json", JSON.stringify({ at: new Date().toISOString(), gzip: true, pages: rows }, null, 2));
const w = Math.max(...rows.map((r) => r.page.length));
console.log(`\nFirst-load weight per page type (gzip; React Router manifest included):`);
console.log(`${"page".padEnd(w)}  JS KB   CSS KB`);
for (const r of rows) console.log(`${r.page.padEnd(w)}  ${String(r.jsKB).padStart(5)}  ${String(r.cssKB).padStart(6)}`);
