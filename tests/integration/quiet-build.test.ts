// A fresh build says nothing a newcomer must wonder about: `npm run build` (what `npm start` runs
// first on a fresh clone) and `react-router typegen` (what `npm run typecheck` and `npm run lint`
// run first) print no warning: not Vite's native config loader's, not a deprecated option, not
// React Router's future flags, not a bundler's. They run on a copy of the sources (installed
// modules linked), so the shared build/ that other tests start stays as it is.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** What a build does not read (and what would only make the copy slow). */
const NOT_COPIED = new Set([
  ".git",
  "node_modules",
  "build",
  ".cache",
  ".react-router",
  "tests",
  "wordpress",
  "helm",
  "docker",
  "docs",
  "bench",
  "test-results",
  "dist",
]);

/**
 * The warning lines of a command's output. Rolldown's PLUGIN_TIMINGS is not one: a profile of how
 * long plugins took, which comes and goes with the machine's load (docs/decisions/0017-a-quiet-build.md).
 */
function warningLines(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /warn|deprecat|^\(!\)|\[[A-Z][A-Z_]{5,}\]/i.test(line))
    .filter((line) => !line.includes("[PLUGIN_TIMINGS]"));
}

describe("a fresh build", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "fc-quiet-build-"));
    for (const entry of readdirSync(ROOT)) {
      if (!NOT_COPIED.has(entry)) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
    }
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const run = (command: string, args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // As a newcomer's shell runs it: no option that hides Node's own warnings.
    delete env.NODE_OPTIONS;
    const result = spawnSync(command, args, { cwd: dir, env, encoding: "utf8", timeout: 400_000 });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it("`react-router typegen` (the first step of typecheck and lint) prints no warning", () => {
    const typegen = run("npx", ["react-router", "typegen"]);
    expect(typegen.status, typegen.output).toBe(0);
    expect(warningLines(typegen.output)).toEqual([]);
  }, 120_000);

  it("`npm run build` prints no warning", () => {
    const build = run("npm", ["run", "build"]);
    expect(build.status, build.output.slice(-3000)).toBe(0);
    expect(warningLines(build.output)).toEqual([]);
  }, 420_000);

  it("sends the browser the release, not package.json (its dependencies, its scripts)", () => {
    const assets = path.join(dir, "build/client/assets");
    const shipped = readdirSync(assets).filter(
      (file) =>
        file.endsWith(".js") && /devDependencies|"?allowScripts"?:/.test(readFileSync(path.join(assets, file), "utf8")),
    );
    expect(shipped).toEqual([]);
  });
});
