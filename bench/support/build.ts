// The bench and the audit measure the built server. A build older than the code would measure
// yesterday's server (it happened: a cache fix "regressed" in a bench run against the old build),
// so they build whenever a source file is newer than the build.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILT = "build/node/main.js";
const SOURCES = ["app", "server", "locales", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

export function ensureFreshBuild(): void {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  if (builtAt > 0 && SOURCES.every((source) => newestMtime(source) <= builtAt)) return;
  execSync("npm run build", { stdio: "inherit" });
}
