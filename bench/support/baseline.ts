// Another commit's build, for a side-by-side run (`npm run bench -- --only=render-profile
// --baseline=<commit>`): the commit's files exported into a folder outside the repository
// (git archive), the repository's node_modules linked in when its package-lock.json is the same
// (npm ci there otherwise), and built there once. The folder is kept (named by the commit) so a
// second run reuses the build.
//
// The dependencies are the commit's own, patches included: when the two commits patch packages
// differently (patches/, patch-package), the baseline gets a copy of node_modules made of hard
// links, this checkout's patches taken off it and the commit's put on with GNU patch, which
// writes each file it changes anew (the link breaks, this checkout's file stays as it is).
import { execFileSync, execSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
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
  if (existsSync(path.join(root, "build/node/main.js")) && existsSync(path.join(root, "build/server/index.js"))) {
    dependencies(root);
    return { commit, root };
  }
  mkdirSync(root, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(root)}`, { stdio: "inherit" });
  dependencies(root);
  console.log(`Building ${commit.slice(0, 12)} in ${root} for the side-by-side run…`);
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  return { commit, root };
}

/** The patch files of a checkout (patches/), by name, with their text. */
function patchesOf(dir: string): Map<string, string> {
  const folder = path.join(dir, "patches");
  if (!existsSync(folder)) return new Map();
  return new Map(
    readdirSync(folder)
      .filter((f) => f.endsWith(".patch"))
      .map((f) => [f, readFileSync(path.join(folder, f), "utf8")]),
  );
}

/** The baseline's node_modules: this checkout's, linked whole or copied as hard links and re-patched; npm ci when the lock differs. */
function dependencies(root: string): void {
  const modules = path.join(root, "node_modules");
  if (readFileSync(path.join(root, "package-lock.json"), "utf8") !== readFileSync("package-lock.json", "utf8")) {
    if (!existsSync(modules)) execSync("npm ci --no-audit --no-fund", { cwd: root, stdio: "inherit" });
    return;
  }
  const ours = patchesOf(".");
  const theirs = patchesOf(root);
  const differ = (a: Map<string, string>, b: Map<string, string>) =>
    [...a].filter(([name, text]) => b.get(name) !== text).map(([name]) => name);
  const takeOff = differ(ours, theirs);
  const putOn = differ(theirs, ours);
  if (takeOff.length === 0 && putOn.length === 0) {
    if (!existsSync(modules)) symlinkSync(path.resolve("node_modules"), modules, "dir");
    return;
  }
  if (existsSync(modules) && !lstatSync(modules).isSymbolicLink()) return; // copied and patched before
  rmSync(modules, { force: true });
  execFileSync("cp", ["-al", path.resolve("node_modules"), modules]);
  for (const name of takeOff)
    execFileSync("patch", ["-R", "-p1", "-s", "-d", root, "-i", path.resolve("patches", name)]);
  for (const name of putOn) execFileSync("patch", ["-p1", "-s", "-d", root, "-i", path.join(root, "patches", name)]);
}
