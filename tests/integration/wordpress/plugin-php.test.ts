// The plugins' and the fixture's PHP on its own: every file passes `php -l` (PHP 8.2), the
// plain-PHP checks (wordpress/tests: fc-headless's signing, batching, retry scheduling, links and
// "live" states; fc-catalogue's field registry, sanitizing and validation) pass, each plugin
// carries WordPress's headers and an uninstall.php, and the translation files are what the
// sources make, every string translated (scripts/wordpress-i18n.mjs --check).
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
    const { stdout } = await run("php", [path.join(ROOT, "wordpress/tests/run.php")]).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
    );
    expect(stdout).toMatch(/^\d+ passed, 0 failed$/m);
  });
});

describe.skipIf(!enabled)("the plugins as WordPress ships plugins", () => {
  it.each(["fc-catalogue", "fc-headless"])(
    "%s has the full plugin headers, its languages and an uninstall.php",
    (plugin) => {
      const dir = path.join(ROOT, "wordpress", plugin);
      const main = readFileSync(path.join(dir, `${plugin}.php`), "utf8");
      const header = (name: string) => new RegExp(`^ \\* ${name}:\\s*(.+)$`, "m").exec(main)?.[1]?.trim();
      expect(header("Plugin Name")).toMatch(/^FC /);
      for (const name of ["Version", "Requires at least", "Requires PHP", "Author", "License", "License URI"])
        expect(header(name), name).toBeTruthy();
      expect(header("Text Domain")).toBe(plugin);
      expect(header("Domain Path")).toBe("/languages");
      expect(existsSync(path.join(dir, "languages", `${plugin}-it_IT.mo`))).toBe(true);
      expect(readFileSync(path.join(dir, "uninstall.php"), "utf8")).toContain("WP_UNINSTALL_PLUGIN");
    },
  );
});

const gettext = requirePart(
  "GNU gettext (xgettext, msgfmt)",
  have("xgettext") && have("msgfmt"),
  "apt-get install gettext",
);

describe.skipIf(!gettext)("the plugins' translations", () => {
  it("are what the sources make, with every string translated into Italian", async () => {
    const { stdout } = await run(process.execPath, [path.join(ROOT, "scripts/wordpress-i18n.mjs"), "--check"], {
      cwd: ROOT,
      timeout: 600_000,
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: `${error.stdout ?? ""}${error.stderr ?? String(error)}`,
    }));
    expect(stdout.trim()).toBe("translations: up to date");
  }, 600_000);
});

const zipTools = requirePart("zip and unzip", have("zip") && have("zipinfo"), "apt-get install zip unzip");

describe.skipIf(!zipTools)("npm run wordpress:zip", () => {
  it("writes installable zips to dist/wordpress, with the translations and without the sources, and leaves the site's build/ alone", async () => {
    // A file of the site's build (build/ is React Router's, which `npm run build` empties): the zips must not touch it.
    const probe = path.join(ROOT, "build/.wordpress-zip-probe");
    mkdirSync(path.dirname(probe), { recursive: true });
    writeFileSync(probe, "the site's build");
    try {
      await run(process.execPath, [path.join(ROOT, "scripts/wordpress-plugins.mjs"), "--zip"], {
        cwd: ROOT,
        timeout: 600_000,
      });
      expect(readFileSync(probe, "utf8")).toBe("the site's build");
      const list = async (zip: string) =>
        (await run("zipinfo", ["-1", path.join(ROOT, "dist/wordpress", zip)])).stdout.split("\n").filter(Boolean);
      const catalogue = await list("fc-catalogue.zip");
      for (const file of [
        "fc-catalogue/fc-catalogue.php",
        "fc-catalogue/uninstall.php",
        "fc-catalogue/build/index.js",
        "fc-catalogue/languages/fc-catalogue-it_IT.mo",
        "fc-catalogue/languages/fc-catalogue-it_IT-fc-catalogue-editor.json",
      ])
        expect(catalogue).toContain(file);
      expect(catalogue.filter((f) => f.startsWith("fc-catalogue/src/"))).toEqual([]);
      const headless = await list("fc-headless.zip");
      for (const file of [
        "fc-headless/fc-headless.php",
        "fc-headless/assets/live.js",
        "fc-headless/languages/fc-headless-it_IT.mo",
        "fc-headless/languages/fc-headless-it_IT-fc-headless-live.json",
      ])
        expect(headless).toContain(file);
    } finally {
      rmSync(probe, { force: true });
    }
  }, 600_000);
});
