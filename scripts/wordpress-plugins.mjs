// FC's WordPress plugins, ready to install. `npm run wordpress:build` builds fc-catalogue's editor
// screens (wordpress/: its own npm project with @wordpress/scripts, installed on first use, so the
// site's install stays light) into wordpress/fc-catalogue/build/. `npm run wordpress:zip` also
// writes the installable zips, dist/wordpress/fc-catalogue.zip and fc-headless.zip (for
// Plugins → Add New → Upload Plugin), without sources or tests, with their translations
// (languages/, made by `npm run wordpress:i18n`). dist/, not build/: `npm run build` empties
// build/ (React Router's build directory) and must not take the zips with it.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureToolchain, ROOT, runScript, WORDPRESS } from "./wordpress-toolchain.mjs";

export const ZIPS = path.join(ROOT, "dist/wordpress");

/** What each zip leaves out besides macOS's litter: the editor screens' sources (build/ has them built). */
const EXCLUDE = { "fc-catalogue": ["fc-catalogue/src/*"], "fc-headless": [] };

function zipPlugins() {
  mkdirSync(ZIPS, { recursive: true });
  for (const [plugin, exclude] of Object.entries(EXCLUDE)) {
    const zip = path.join(ZIPS, `${plugin}.zip`);
    rmSync(zip, { force: true });
    execFileSync("zip", ["-qr", zip, plugin, "-x", ...exclude, "*.DS_Store"], { cwd: WORDPRESS, stdio: "inherit" });
    console.log(`wrote ${path.relative(ROOT, zip)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureToolchain();
  runScript("build");
  if (process.argv.includes("--zip")) zipPlugins();
}
