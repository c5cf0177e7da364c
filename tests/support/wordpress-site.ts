// A real WordPress for integration tests: Debian's `wordpress` files (the installed package, or
// the .deb fetched with `apt-get download` and unpacked with dpkg-deb into .cache/wordpress/),
// php-cli with mysqli, PHP's built-in server with the fixture's router, and a throwaway MariaDB
// database (`fc_wp_test_<random>` on 127.0.0.1:3306, dropped on stop). docker/wordpress/wp.php
// installs it without network and seeds the demo catalogue (docker/wordpress/export-demo.ts) with
// the demo's own ids; the production plugin wordpress/fc-catalogue gives it FC's content model,
// the fixture's mu-plugin stands in for Polylang's API and stock wuxt's routes; wordpress/fc-headless
// is the plugin under test.
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { DemoCatalogue } from "../../demo";
import { exportCatalogue, inOneLanguage, renderUploads } from "../../docker/wordpress/export-demo";
import { have, requirePart } from "./requirements";
import { freePort } from "./site";

const run = promisify(execFile);

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIXTURE = path.join(ROOT, "docker/wordpress");
const PLUGIN = path.join(ROOT, "wordpress/fc-headless");
const CATALOGUE = path.join(ROOT, "wordpress/fc-catalogue");
const CACHE = path.join(ROOT, ".cache/wordpress");

export const DB_HOST = process.env.FC_TEST_DB_HOST ?? "127.0.0.1";
export const DB_PORT = Number(process.env.FC_TEST_DB_PORT ?? 3306);
export const DB_USER = process.env.FC_TEST_DB_USER ?? "root";
export const DB_PASSWORD = process.env.FC_TEST_DB_PASSWORD ?? "";

const INSTALL =
  "apt-get install php-cli php-mysql php-xml php-mbstring php-curl (and MariaDB on 127.0.0.1:3306, root without password)";

function phpCan(code: string): boolean {
  if (!have("php")) return false;
  const out = spawnSync("php", ["-r", code], { encoding: "utf8", timeout: 15_000 });
  return out.status === 0;
}

function databaseReachable(): boolean {
  return phpCan(
    `mysqli_report(MYSQLI_REPORT_OFF); $c = @new mysqli(${JSON.stringify(DB_HOST)}, ${JSON.stringify(DB_USER)}, ${JSON.stringify(DB_PASSWORD)}, "", ${DB_PORT}); exit($c->connect_errno ? 1 : 0);`,
  );
}

/** True when php (with mysqli, json, mbstring), MariaDB and a way to WordPress's files are there; skip (or throw on CI) otherwise. */
export function hasWordPressParts(): boolean {
  if (!requirePart("php-cli", have("php"), INSTALL)) return false;
  if (
    !requirePart(
      "PHP's mysqli, xml and mbstring extensions",
      phpCan('exit(extension_loaded("mysqli") && extension_loaded("mbstring") && extension_loaded("xml") ? 0 : 1);'),
      INSTALL,
    )
  )
    return false;
  if (!requirePart(`MariaDB on ${DB_HOST}:${DB_PORT}`, databaseReachable(), INSTALL)) return false;
  const files =
    existsSync("/usr/share/wordpress/wp-includes/version.php") ||
    existsSync(path.join(CACHE, "core/wp-includes/version.php")) ||
    (have("apt-get") && have("dpkg-deb"));
  return requirePart(
    "WordPress's files",
    files,
    "apt-get download wordpress needs apt-get and dpkg-deb (or apt-get install wordpress)",
  );
}

/** Runs SQL as the test database user (through PHP's mysqli: no MySQL client needed). */
async function sql(statement: string): Promise<void> {
  const code = `mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT); $c = new mysqli(${JSON.stringify(DB_HOST)}, ${JSON.stringify(DB_USER)}, ${JSON.stringify(DB_PASSWORD)}, "", ${DB_PORT}); $c->query(${JSON.stringify(statement)});`;
  await run("php", ["-r", code], { timeout: 30_000 });
}

/** WordPress's core files: the installed package, or Debian's .deb unpacked once into .cache/wordpress/core. */
export async function wordpressCore(): Promise<string> {
  if (process.env.FC_WORDPRESS_DIR) return process.env.FC_WORDPRESS_DIR;
  if (existsSync("/usr/share/wordpress/wp-includes/version.php")) return "/usr/share/wordpress";
  const core = path.join(CACHE, "core");
  if (existsSync(path.join(core, "wp-includes/version.php"))) return core;
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, "deb-"));
  try {
    await run("apt-get", ["download", "wordpress"], { cwd: work, timeout: 180_000 });
    const deb = readdirDeb(work);
    await run("dpkg-deb", ["-x", path.join(work, deb), path.join(work, "x")], { timeout: 120_000 });
    placeOnce(path.join(work, "x/usr/share/wordpress"), core, "wp-includes/version.php");
  } catch (error) {
    throw new Error(`could not fetch Debian's wordpress package (apt-get update first?): ${(error as Error).message}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return core;
}

/**
 * Moves an unpacked folder to its place in .cache, unless another test process (suites run side
 * by side) put one there first: then that one is used (`marker` inside it says it is complete).
 */
function placeOnce(unpacked: string, target: string, marker: string): void {
  try {
    renameSync(unpacked, target);
  } catch (error) {
    if (!existsSync(path.join(target, marker))) throw error;
  }
}

/**
 * Debian's package replaces WordPress's bundled libraries with relative links into its own
 * packages (libjs-underscore, libjs-cropper, php-getid3: `../../../javascript/underscore/…`),
 * made for /usr/share/wordpress. In a copy elsewhere they point nowhere (and wp-admin's media
 * library fails without underscore): point them at those packages' files.
 */
function relinkDebianLibraries(dir: string, relative = ""): void {
  for (const name of readdirSync(path.join(dir, relative))) {
    const rel = path.join(relative, name);
    const file = path.join(dir, rel);
    const stat = lstatSync(file);
    if (stat.isDirectory()) {
      relinkDebianLibraries(dir, rel);
    } else if (stat.isSymbolicLink() && !existsSync(file)) {
      const target = readlinkSync(file);
      const packaged = path.resolve("/usr/share/wordpress", path.dirname(rel), target);
      if (!path.isAbsolute(target) && existsSync(packaged)) {
        rmSync(file);
        symlinkSync(packaged, file);
      }
    }
  }
}

/**
 * WordPress's files as every test site starts from them: the core copied once into
 * .cache/wordpress/site-core-<key> without wp-config.php and .htaccess, Debian's library links
 * repointed (relinkDebianLibraries). Sites hard-link these files (linkTree): no site writes to a
 * core file in place (wp-config.php is its own, updates are off), so sharing them is safe.
 */
function siteCore(core: string): string {
  const key = createHash("sha256")
    .update(core)
    .update(readFileSync(path.join(core, "wp-includes/version.php")))
    .digest("hex")
    .slice(0, 16);
  const ready = path.join(CACHE, `site-core-${key}`);
  if (existsSync(path.join(ready, "wp-includes/version.php"))) return ready;
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, "site-core-"));
  // The top-level PHP files must be copies (WordPress finds itself from their location); the
  // rest is copied too, so that wp-admin's relative includes land in the site, not in the cache.
  cpSync(core, work, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => !/\/(wp-config\.php|\.htaccess)$/.test(src),
  });
  relinkDebianLibraries(work);
  placeOnce(work, ready, "wp-includes/version.php");
  rmSync(work, { recursive: true, force: true });
  return ready;
}

/**
 * `from`'s tree made again in `to`: folders made, files hard-linked (to PHP a file at its own
 * path, like a copy), symbolic links copied; copied when `to` is on another file system.
 */
function linkTree(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target);
      linkTree(source, target);
    } else if (entry.isSymbolicLink()) {
      symlinkSync(readlinkSync(source), target);
    } else {
      try {
        linkSync(source, target);
      } catch {
        cpSync(source, target);
      }
    }
  }
}

/** True when the libraries Debian's wordpress package links to are installed (wp-admin's scripts need them). */
export function hasDebianLibraries(): boolean {
  return (
    existsSync("/usr/share/javascript/underscore/underscore.min.js") && existsSync("/usr/share/javascript/cropper")
  );
}

export const DEBIAN_LIBRARIES =
  "apt-get install libjs-underscore libjs-cropper php-getid3 (the libraries Debian's wordpress package links to)";

function readdirDeb(dir: string, pkg = "wordpress"): string {
  const deb = readdirSync(dir).find((f) => f.startsWith(`${pkg}_`) && f.endsWith(".deb"));
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb`);
  return deb;
}

const L10N = "/usr/share/wordpress/wp-content/languages";
export const WORDPRESS_L10N =
  "apt-get install wordpress-l10n (Debian's translations of WordPress itself), or apt-get download needs apt-get and dpkg-deb";

/** True when WordPress's own translations (Debian's wordpress-l10n) are installed or can be fetched. */
export function hasWordPressTranslations(): boolean {
  return (
    existsSync(path.join(L10N, "it_IT.mo")) ||
    existsSync(path.join(CACHE, "l10n/it_IT.mo")) ||
    (have("apt-get") && have("dpkg-deb"))
  );
}

/** WordPress's own .mo files: Debian's wordpress-l10n installed, or its .deb unpacked once into .cache/wordpress/l10n. */
async function wordpressTranslations(): Promise<string> {
  if (existsSync(path.join(L10N, "it_IT.mo"))) return L10N;
  const dir = path.join(CACHE, "l10n");
  if (existsSync(path.join(dir, "it_IT.mo"))) return dir;
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, "deb-"));
  try {
    await run("apt-get", ["download", "wordpress-l10n"], { cwd: work, timeout: 180_000 });
    await run("dpkg-deb", ["-x", path.join(work, readdirDeb(work, "wordpress-l10n")), path.join(work, "x")], {
      timeout: 120_000,
    });
    placeOnce(path.join(work, "x/usr/share/wordpress/wp-content/languages"), dir, "it_IT.mo");
  } catch (error) {
    throw new Error(
      `could not fetch Debian's wordpress-l10n package (apt-get update first?): ${(error as Error).message}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

export interface WordPressAccount {
  id: number;
  user: string;
  /** An application password (Basic auth over plain HTTP works with WP_ENVIRONMENT_TYPE=local). */
  appPassword: string;
  /** `Basic …` for the Authorization header. */
  authorization: string;
}

export interface WordPressSiteOptions {
  /** FC_HEADLESS_SITE_URLS: where the plugin sends webhooks (none: the plugin stays unconfigured). */
  siteUrls?: string[];
  /** FC_HEADLESS_SECRET. */
  secret?: string;
  /** FC_HEADLESS_PUBLIC_URL. */
  publicUrl?: string;
  /** FC_HEADLESS_RETRY_SECONDS (default 1 here: tests wait for retries). */
  retrySeconds?: number;
  /** Activate wordpress/fc-headless (default true). */
  plugin?: boolean;
  /** Render the attachments' files into wp-content/uploads (default true; cached in .cache). */
  uploads?: boolean;
  /** More wp-config.php constants. */
  constants?: Record<string, string | number | boolean>;
  /**
   * `polylang` (default): the fixture's Polylang stand-in, both languages. `none`: no language
   * plugin at all, the English half of the catalogue (wordpress/README.md, "One language").
   */
  languages?: "polylang" | "none";
  /** WordPress's own translations to install in wp-content/languages (e.g. `it_IT`, from Debian's wordpress-l10n), for users whose profile language is one of them. */
  locales?: string[];
}

export interface WordPressSite {
  url: string;
  dir: string;
  database: string;
  admin: WordPressAccount;
  reader: WordPressAccount;
  /** What the seed reported: demo id → WordPress id (identical unless `moved` lists some). */
  seed: { posts: number; terms: number; menus: number; moved: [number, number][]; moved_terms: [number, number][] };
  /** The PHP server's output (errors, the plugin's error_log lines). */
  logs: string[];
  /** Runs PHP inside WordPress (as user 1) and returns what the code returns, through JSON. */
  php<T = unknown>(code: string): Promise<T>;
  /** GET wp-cron.php and wait for it: runs the due WP-Cron events (retries). */
  cron(): Promise<void>;
  /** A REST call as the administrator. */
  rest(method: string, route: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

function account(raw: { id: number; user: string; app_password: string }): WordPressAccount {
  return {
    id: raw.id,
    user: raw.user,
    appPassword: raw.app_password,
    authorization: `Basic ${Buffer.from(`${raw.user}:${raw.app_password.replace(/\s/g, "")}`).toString("base64")}`,
  };
}

function phpLiteral(value: string | number | boolean): string {
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  return String(value);
}

function wpConfig(database: string, url: string, constants: Record<string, string | number | boolean>): string {
  const defines: Record<string, string | number | boolean> = {
    DB_NAME: database,
    DB_USER: DB_USER,
    DB_PASSWORD: DB_PASSWORD,
    DB_HOST: `${DB_HOST}:${DB_PORT}`,
    DB_CHARSET: "utf8mb4",
    DB_COLLATE: "",
    WP_HOME: url,
    WP_SITEURL: url,
    WP_ENVIRONMENT_TYPE: "local",
    DISABLE_WP_CRON: true,
    AUTOMATIC_UPDATER_DISABLED: true,
    WP_AUTO_UPDATE_CORE: false,
    WP_DEBUG: true,
    WP_DEBUG_DISPLAY: false,
    WP_DEBUG_LOG: false,
    FS_METHOD: "direct",
    ...constants,
  };
  for (const key of [
    "AUTH_KEY",
    "SECURE_AUTH_KEY",
    "LOGGED_IN_KEY",
    "NONCE_KEY",
    "AUTH_SALT",
    "SECURE_AUTH_SALT",
    "LOGGED_IN_SALT",
    "NONCE_SALT",
  ]) {
    defines[key] = randomBytes(24).toString("hex");
  }
  const lines = Object.entries(defines).map(([k, v]) => `define( '${k}', ${phpLiteral(v)} );`);
  return `<?php\n// Written by tests/support/wordpress-site.ts for one test run.\n${lines.join("\n")}\n$table_prefix = 'wp_';\nif ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }\nrequire_once ABSPATH . 'wp-settings.php';\n`;
}

async function waitForHttp(url: string, child: ChildProcess, logs: string[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`php -S exited with ${child.exitCode}:\n${logs.slice(-20).join("\n")}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) {
        await res.arrayBuffer();
        return;
      }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline)
      throw new Error(`WordPress did not answer ${url} within ${timeoutMs} ms:\n${logs.slice(-20).join("\n")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Installed {
  admin: { id: number; user: string; app_password: string };
  reader: { id: number; user: string; app_password: string };
}

/**
 * A seeded database kept for the next WordPress of the same kind: WordPress installed, fc-catalogue
 * activated, the demo seeded (offline: no webhook, no plugin under test yet), dumped with
 * mysqldump into .cache/wordpress/templates/<key>.json with what install and seed reported. The
 * key hashes everything those steps read (WordPress's version, the fixture's wp.php and
 * mu-plugins, fc-catalogue's files, the export, the options that reach them), so a changed input
 * makes a new template. Each WordPress still gets a database of its own, loaded from the dump.
 * FC_WORDPRESS_TEMPLATES=off installs and seeds every time.
 */
interface Template {
  url: string;
  installed: Installed;
  seed: WordPressSite["seed"];
  dump: string;
}

const TEMPLATES = path.join(CACHE, "templates");

function filesUnder(entry: string): string[] {
  if (!lstatSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .filter((name) => name !== "node_modules")
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** Where the template for this WordPress is kept (null: no mysqldump/mysql, or turned off). */
function templateFile(core: string, exportFile: string, options: WordPressSiteOptions): string | null {
  if (process.env.FC_WORDPRESS_TEMPLATES === "off" || !have("mysqldump") || !have("mysql")) return null;
  const hash = createHash("sha256");
  hash.update(JSON.stringify([options.languages, options.uploads, options.locales, options.constants]));
  const inputs = [path.join(core, "wp-includes/version.php"), exportFile, path.join(FIXTURE, "wp.php")];
  for (const file of [...inputs, ...filesUnder(path.join(FIXTURE, "mu-plugins")), ...filesUnder(CATALOGUE)]) {
    hash.update(file === exportFile ? "export" : file);
    hash.update(readFileSync(file));
  }
  return path.join(TEMPLATES, `${hash.digest("hex").slice(0, 24)}.json`);
}

/** The MySQL clients' connection arguments (the password through the environment, not argv). */
function client(): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [`--host=${DB_HOST}`, `--port=${DB_PORT}`, `--user=${DB_USER}`, "--protocol=tcp"],
    env: { ...process.env, MYSQL_PWD: DB_PASSWORD },
  };
}

/**
 * Loads the template into `database`, its site address made `url`: only when both have the same
 * length, since serialized PHP strings in the dump count their bytes (free ports have 5 digits).
 */
async function loadTemplate(file: string | null, database: string, url: string): Promise<Template | null> {
  if (!file || !existsSync(file)) return null;
  const template = JSON.parse(readFileSync(file, "utf8")) as Template;
  if (template.url.length !== url.length) return null;
  const { args, env } = client();
  await new Promise<void>((resolve, reject) => {
    const mysql = spawn("mysql", [...args, database], { env, stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    mysql.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    mysql.once("error", reject);
    mysql.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`mysql < template: ${stderr}`))));
    mysql.stdin.end(template.dump.split(template.url).join(url));
  });
  return template;
}

/** Dumps a freshly seeded database as the template for the next WordPress of its kind. */
async function saveTemplate(file: string | null, database: string, made: Omit<Template, "dump">): Promise<void> {
  if (!file) return;
  const { args, env } = client();
  const { stdout: dump } = await run("mysqldump", [...args, "--single-transaction", "--skip-dump-date", database], {
    env,
    maxBuffer: 256 * 1024 * 1024,
    timeout: 60_000,
  });
  mkdirSync(TEMPLATES, { recursive: true });
  // Written aside then renamed: a WordPress started beside this one reads a whole template or none.
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, JSON.stringify({ ...made, dump }));
  renameSync(aside, file);
}

/** Starts a WordPress with the demo catalogue on a free port. Stop it with `stop()`. */
export async function startWordPress(options: WordPressSiteOptions = {}): Promise<WordPressSite> {
  const core = await wordpressCore();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = `fc_wp_test_${randomBytes(6).toString("hex")}`;
  const dir = mkdtempSync(path.join(tmpdir(), "fc-wp-"));
  const logs: string[] = [];
  let child: ChildProcess | null = null;
  let created = false;
  let stopping: Promise<void> | undefined;

  const cleanup = async () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* gone */
      }
      const exited = new Promise<void>((resolve) => child!.once("exit", () => resolve()));
      const timer = setTimeout(() => {
        try {
          process.kill(-child!.pid!, "SIGKILL");
        } catch {
          /* gone */
        }
      }, 3_000);
      await exited;
      clearTimeout(timer);
    }
    if (created) await sql(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    linkTree(siteCore(core), dir);
    const content = path.join(dir, "wp-content");
    mkdirSync(path.join(content, "mu-plugins"), { recursive: true });
    mkdirSync(path.join(content, "plugins"), { recursive: true });
    mkdirSync(path.join(content, "themes"), { recursive: true });
    symlinkSync(path.join(FIXTURE, "mu-plugins/fc-fixture.php"), path.join(content, "mu-plugins/fc-fixture.php"));
    symlinkSync(path.join(FIXTURE, "mu-plugins/fc-fixture"), path.join(content, "mu-plugins/fc-fixture"));
    symlinkSync(PLUGIN, path.join(content, "plugins/fc-headless"));
    symlinkSync(CATALOGUE, path.join(content, "plugins/fc-catalogue"));
    cpSync(path.join(FIXTURE, "theme/fc-blank"), path.join(content, "themes/fc-blank"), { recursive: true });
    if (options.locales?.length) {
      const translations = await wordpressTranslations();
      mkdirSync(path.join(content, "languages"), { recursive: true });
      for (const file of readdirSync(translations)) {
        if (options.locales.some((locale) => file.endsWith(`${locale}.mo`)))
          cpSync(path.join(translations, file), path.join(content, "languages", file));
      }
    }
    const uploads = path.join(CACHE, "uploads");
    mkdirSync(uploads, { recursive: true });
    symlinkSync(uploads, path.join(content, "uploads"));

    const oneLanguage = options.languages === "none";
    const constants: Record<string, string | number | boolean> = { ...options.constants };
    if (oneLanguage) constants.FC_FIXTURE_POLYLANG = false;
    if (options.siteUrls?.length) constants.FC_HEADLESS_SITE_URLS = options.siteUrls.join(",");
    if (options.secret) constants.FC_HEADLESS_SECRET = options.secret;
    if (options.publicUrl) constants.FC_HEADLESS_PUBLIC_URL = options.publicUrl;
    constants.FC_HEADLESS_RETRY_SECONDS = options.retrySeconds ?? 1;
    constants.FC_HEADLESS_TIMEOUT = 3;
    writeFileSync(path.join(dir, "wp-config.php"), wpConfig(database, url, constants));

    await sql(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    created = true;

    child = spawn("php", ["-S", `127.0.0.1:${port}`, "-t", dir, path.join(FIXTURE, "router.php")], {
      cwd: dir,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: "3" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // its workers survive a TERM to the parent: the whole group is killed on stop
    });
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        // The built-in server logs every request; keep the rest (PHP errors, error_log lines).
        if (line.trim() && !/\] \d+\.\d+\.\d+\.\d+:\d+ (Accepted|Closing|\[\d{3}\])/.test(line)) logs.push(line);
      }
      if (logs.length > 2000) logs.splice(0, logs.length - 2000);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);

    const wp = (args: string[], timeout = 120_000) =>
      run("php", [path.join(FIXTURE, "wp.php"), `--path=${dir}`, ...args], { timeout, maxBuffer: 64 * 1024 * 1024 });

    const catalogue = new DemoCatalogue();
    const exportFile = path.join(dir, "fc-demo-catalogue.json");
    writeFileSync(
      exportFile,
      JSON.stringify(oneLanguage ? inOneLanguage(exportCatalogue(catalogue)) : exportCatalogue(catalogue)),
    );
    // The images render (or come from the cache) while PHP installs and seeds.
    const rendering = options.uploads === false ? Promise.resolve(0) : renderUploads(catalogue, uploads);

    const template = templateFile(core, exportFile, options);
    let made = await loadTemplate(template, database, url);
    if (!made) {
      const installed = JSON.parse((await wp(["install"])).stdout) as Installed;
      // The content model before the content: the seed needs FC's post types and fields.
      await wp(["activate", "fc-catalogue/fc-catalogue.php"]);
      const seed = JSON.parse((await wp(["seed", exportFile])).stdout) as WordPressSite["seed"];
      made = { url, installed, seed, dump: "" };
      await saveTemplate(template, database, { url, installed, seed });
    }
    const { installed, seed } = made;
    // The plugin under test activates while the PHP server warms up to its first answer.
    await Promise.all([
      options.plugin !== false ? wp(["activate", "fc-headless/fc-headless.php"]) : undefined,
      rendering,
      waitForHttp(`${url}/wp-json/`, child, logs),
    ]);

    const admin = account(installed.admin);
    const site: WordPressSite = {
      url,
      dir,
      database,
      admin,
      reader: account(installed.reader),
      seed,
      logs,
      async php<T>(code: string): Promise<T> {
        const { stdout } = await wp(["eval", code], 60_000);
        return JSON.parse(stdout.trim().split("\n").pop() ?? "null") as T;
      },
      async cron() {
        const res = await fetch(`${url}/wp-cron.php`);
        await res.arrayBuffer();
      },
      async rest(method, route, body) {
        const res = await fetch(`${url}/wp-json/${route.replace(/^\//, "")}`, {
          method,
          headers: {
            Authorization: admin.authorization,
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON: keep the text */
        }
        return { status: res.status, body: parsed, headers: res.headers };
      },
      // Once: a test may stop WordPress (an outage) before its afterAll does.
      stop: () => (stopping ??= cleanup()),
    };
    return site;
  } catch (error) {
    const tail = logs.slice(-20).join("\n");
    await cleanup();
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(`${(error as Error).message}${stderr ? `\n${stderr}` : ""}${tail ? `\n${tail}` : ""}`);
  }
}

/** The catalogue export seeded into WordPress, for tests that need the demo's records. */
export function readExport(site: WordPressSite): ReturnType<typeof exportCatalogue> {
  return JSON.parse(readFileSync(path.join(site.dir, "fc-demo-catalogue.json"), "utf8")) as ReturnType<
    typeof exportCatalogue
  >;
}
