// FC's WordPress plugins, ready to install. `npm run wordpress:build` builds fc-catalogue's editor
// screens (wordpress/: its own npm project with @wordpress/scripts, installed on first use, so the
// site's install stays light) into wordpress/fc-catalogue/build/. `npm run wordpress:zip` also
// writes the installable zips, build/wordpress/fc-catalogue.zip and fc-headless.zip (for
// Plugins → Add New → Upload Plugin), without sources or tests.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const project = path.join(root, "wordpress");
const out = path.join(root, "build/wordpress");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

if (!existsSync(path.join(project, "node_modules/@wordpress/scripts"))) {
  execFileSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: project, stdio: "inherit" });
}
execFileSync(npm, ["run", "build"], { cwd: project, stdio: "inherit" });

if (process.argv.includes("--zip")) {
  mkdirSync(out, { recursive: true });
  for (const [plugin, exclude] of [
    ["fc-catalogue", ["fc-catalogue/src/*"]],
    ["fc-headless", []],
  ]) {
    const zip = path.join(out, `${plugin}.zip`);
    rmSync(zip, { force: true });
    execFileSync("zip", ["-qr", zip, plugin, "-x", ...exclude, "*.DS_Store"], { cwd: project, stdio: "inherit" });
    console.log(`wrote ${path.relative(root, zip)}`);
  }
}
