// The plugin's and the fixture's PHP on its own: every file passes `php -l` (PHP 8.2), and the
// plugin's plain-PHP checks (wordpress/tests: signing, batching, retry scheduling, links) pass.
import { execFile } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { have, requirePart } from "../../support/requirements";
import { ROOT } from "../../support/wordpress-site";

const run = promisify(execFile);
const enabled = requirePart("php-cli", have("php"), "apt-get install php-cli");

function phpFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === "node_modules") return []; // the editor screens' build tools (wordpress/package.json)
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return phpFiles(file);
    return name.endsWith(".php") ? [file] : [];
  });
}

describe.skipIf(!enabled)("PHP", () => {
  it("lints every file of the plugin and the fixture", async () => {
    const files = [...phpFiles(path.join(ROOT, "wordpress")), ...phpFiles(path.join(ROOT, "docker/wordpress"))];
    expect(files.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const file of files) {
      try {
        await run("php", ["-l", file]);
      } catch (error) {
        failures.push(`${path.relative(ROOT, file)}: ${(error as { stdout?: string }).stdout ?? error}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("passes the plugin's plain-PHP checks", async () => {
    const { stdout } = await run("php", [path.join(ROOT, "wordpress/tests/run.php")]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    expect(stdout).toMatch(/^\d+ passed, 0 failed$/m);
  });
});
