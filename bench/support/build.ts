// The bench and the audit measure the built server. A build older than the code would measure
// yesterday's server (it happened: a cache fix "regressed" in a bench run against the old build),
// so they build whenever a source file is newer than the build: the same check as `npm start`'s
// (scripts/ensure-build.mjs, the one list of what the build is made from).
import { execSync } from "node:child_process";

export function ensureFreshBuild(): void {
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
}
