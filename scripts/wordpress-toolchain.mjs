// The WordPress side's own npm project (wordpress/package.json: @wordpress/scripts for the editor
// screens, gettext-parser for the translations), installed on first use so that the site's own
// install stays light.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WORDPRESS = path.join(ROOT, "wordpress");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** `npm ci` in wordpress/ unless its packages are there. */
export function ensureToolchain() {
  if (
    !existsSync(path.join(WORDPRESS, "node_modules/@wordpress/scripts")) ||
    !existsSync(path.join(WORDPRESS, "node_modules/gettext-parser"))
  ) {
    execFileSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: WORDPRESS, stdio: "inherit" });
  }
}

/** `npm run <script>` in wordpress/. */
export function runScript(script) {
  execFileSync(npm, ["run", script], { cwd: WORDPRESS, stdio: "inherit" });
}
