// Another commit's build, for a side-by-side run (`npm run bench -- --only=render-profile
// --baseline=<commit>`): the commit's files exported into a folder outside the repository
// (git archive), the repository's node_modules linked in when its package-lock.json is the same
// (npm ci there otherwise), and built there once. The folder is kept (named by the commit) so a
// second run reuses the build.
import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Baseline {
  /** The commit, in full. */
  commit: string;
  /** The folder holding its package.json and build/. */
  root: string;
}

export function baselineBuild(revision: string): Baseline {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${revision}^{commit}`], { encoding: "utf8" }).trim();
  const root = path.join(os.tmpdir(), `fc-bench-baseline-${commit.slice(0, 12)}`);
  if (existsSync(path.join(root, "build/node/main.js")) && existsSync(path.join(root, "build/server/index.js"))) return { commit, root };
  mkdirSync(root, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(root)}`, { stdio: "inherit" });
  const sameLock = readFileSync(path.join(root, "package-lock.json"), "utf8") === readFileSync("package-lock.json", "utf8");
  if (sameLock && !existsSync(path.join(root, "node_modules"))) symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"), "dir");
  else if (!sameLock) execSync("npm ci --no-audit --no-fund", { cwd: root, stdio: "inherit" });
  console.log(`Building ${commit.slice(0, 12)} in ${root} for the side-by-side run…`);
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  return { commit, root };
}
