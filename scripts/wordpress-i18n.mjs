// The translation files of FC's WordPress plugins, made the way WordPress expects them, in each
// plugin's languages/:
//   <domain>.pot                  every string of the plugin's PHP and JavaScript (GNU gettext's
//                                 xgettext: Debian's `gettext` package; wp-cli is not needed)
//   <domain>-it_IT.po             the Italian translation, written by hand; new strings are merged
//                                 in untranslated (msgmerge), for a translator to fill in
//   <domain>-it_IT.mo             what PHP's __() reads (msgfmt --check: placeholders must match)
//   <domain>-it_IT-<handle>.json  what a script's @wordpress/i18n reads (wp_set_script_translations
//                                 loads the file named after the script's handle): the strings of
//                                 that script's sources, in Jed's format
// `npm run wordpress:i18n` writes them; `--check` writes nothing and fails (exit 1) when a file is
// not what the sources make, a string is untranslated or fuzzy, or a translation call names
// another text domain (or none: WordPress's own strings would land in the plugin's .pot).
import { execFileSync } from "node:child_process";
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  existsSync,
  copyFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureToolchain, WORDPRESS } from "./wordpress-toolchain.mjs";

const LOCALES = ["it_IT"];

/** Each plugin: its text domain, and the sources of each script handle that loads translations. */
const PLUGINS = [
  {
    dir: "fc-catalogue",
    name: "FC Catalogue",
    scripts: { "fc-catalogue-editor": ["src/"], "fc-catalogue-term-fields": ["assets/term-fields.js"] },
  },
  { dir: "fc-headless", name: "FC Headless", scripts: { "fc-headless-live": ["assets/live.js"] } },
];

const PHP_KEYWORDS = [
  "__",
  "_e",
  "_x:1,2c",
  "_ex:1,2c",
  "_n:1,2",
  "_nx:1,2,4c",
  "_n_noop:1,2",
  "esc_html__",
  "esc_html_e",
  "esc_html_x:1,2c",
  "esc_attr__",
  "esc_attr_e",
  "esc_attr_x:1,2c",
];
const JS_KEYWORDS = ["__", "_x:1,2c", "_n:1,2", "_nx:1,2,4c"];
const CALL = /\b(__|_e|_x|_ex|_n|_nx|_n_noop|esc_html__|esc_html_e|esc_html_x|esc_attr__|esc_attr_e|esc_attr_x)\s*\(/g;

/** Source files of a plugin, relative to it: PHP and JavaScript, not built files or translations. */
function sources(dir, sub = "") {
  return readdirSync(path.join(dir, sub)).flatMap((name) => {
    const rel = path.join(sub, name);
    if (["build", "languages", "node_modules"].includes(name)) return [];
    if (statSync(path.join(dir, rel)).isDirectory()) return sources(dir, rel);
    return /\.(php|js)$/.test(name) ? [rel] : [];
  });
}

/** The argument text of the call whose "(" is at `open`, quotes respected. */
function argumentsAt(text, open) {
  let depth = 0;
  let quote = "";
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** The line of each translation call in a file. */
function callLines(text) {
  return [...text.matchAll(CALL)].map((match) => text.slice(0, match.index).split("\n").length);
}

/**
 * Scripts xgettext stopped reading early (its JavaScript parser loses its way after a template
 * literal inside JSX braces): the line of each file's last translation call must be among the
 * locations xgettext finds in it.
 */
function unread(dir, files, work) {
  return files
    .filter((file) => file.endsWith(".js"))
    .flatMap((file) => {
      const last = callLines(readFileSync(path.join(dir, file), "utf8")).at(-1);
      if (!last) return [];
      const out = path.join(work, "located.pot");
      run(
        "xgettext",
        [
          "--language=JavaScript",
          "--from-code=UTF-8",
          "--keyword=",
          ...JS_KEYWORDS.map((k) => `--keyword=${k}`),
          "--force-po",
          "-o",
          out,
          file,
        ],
        dir,
      );
      const found = readFileSync(out, "utf8").split(/\s+/).includes(`${file}:${last}`);
      return found
        ? []
        : [`${file}: xgettext stopped reading before line ${last} (a template literal inside JSX braces?)`];
    });
}

/** Translation calls that do not name `domain` (file:line: call). */
function foreignCalls(dir, files, domain) {
  const out = [];
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), "utf8");
    for (const match of text.matchAll(CALL)) {
      const args = argumentsAt(text, match.index + match[0].length - 1);
      if (!args.includes(`'${domain}'`) && !args.includes(`"${domain}"`)) {
        out.push(`${file}:${text.slice(0, match.index).split("\n").length}: ${match[1]}(${args.slice(0, 60)})`);
      }
    }
  }
  return out;
}

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The plugin's .pot, from its sources (PHP and JavaScript extracted apart, then merged). */
function makePot(dir, plugin, files, out) {
  const version =
    /^\s*\*\s*Version:\s*(\S+)/m.exec(readFileSync(path.join(dir, `${plugin.dir}.php`), "utf8"))?.[1] ?? "0";
  // File names without line numbers: an edit that moves a string does not change the .pot.
  const common = [
    "--from-code=UTF-8",
    "--add-comments=translators:",
    "--add-location=file",
    "--no-wrap",
    "--sort-by-file",
    `--package-name=${plugin.name}`,
    `--package-version=${version}`,
  ];
  // PHP first, then JavaScript joined into the same file (xgettext -j merges the references of a
  // string used in both).
  let joined = false;
  for (const [language, keywords, pattern] of [
    ["PHP", PHP_KEYWORDS, /\.php$/],
    ["JavaScript", JS_KEYWORDS, /\.js$/],
  ]) {
    const list = files.filter((f) => pattern.test(f));
    if (!list.length) continue;
    run(
      "xgettext",
      [
        `--language=${language}`,
        "--keyword=",
        ...keywords.map((k) => `--keyword=${k}`),
        ...common,
        ...(joined ? ["--join-existing"] : []),
        "-o",
        out,
        ...list,
      ],
      dir,
    );
    // ASCII-only sources leave xgettext's charset placeholder, which the next join refuses.
    if (existsSync(out)) writeFileSync(out, readFileSync(out, "utf8").replace("charset=CHARSET", "charset=UTF-8"));
    joined = existsSync(out);
  }
  const pot = readFileSync(out, "utf8")
    .replace(/^"POT-Creation-Date: .*\\n"\n/m, "")
    .replace(
      /^# SOME DESCRIPTIVE TITLE\.\n# Copyright \(C\) YEAR THE PACKAGE'S COPYRIGHT HOLDER\n# This file is distributed under the same license as the .* package\.\n# FIRST AUTHOR <EMAIL@ADDRESS>, YEAR\.\n/m,
      `# ${plugin.name}: the strings to translate (made by scripts/wordpress-i18n.mjs from the sources).\n# This file is distributed under the same license as the plugin (GPL-2.0-or-later).\n`,
    );
  writeFileSync(out, pot);
}

/** Jed 1.x locale data of the entries whose references name one of `prefixes` (wp-cli's make-json shape). */
function jedFor(po, prefixes, locale) {
  const messages = {
    "": {
      domain: "messages",
      lang: locale.replace("_", "-").toLowerCase().split("-")[0],
      "plural-forms": po.headers["Plural-Forms"],
    },
  };
  for (const [context, entries] of Object.entries(po.translations)) {
    for (const [msgid, entry] of Object.entries(entries)) {
      if (!msgid) continue;
      const refs = (entry.comments?.reference ?? "").split(/\s+/).map((r) => r.replace(/:\d+$/, ""));
      if (!refs.some((ref) => prefixes.some((p) => ref === p || ref.startsWith(p)))) continue;
      messages[context ? `${context}\u0004${msgid}` : msgid] = entry.msgstr;
    }
  }
  return {
    "translation-revision-date": po.headers["PO-Revision-Date"],
    generator: "scripts/wordpress-i18n.mjs",
    domain: "messages",
    locale_data: { messages },
  };
}

/** Writes (or, checking, compares) every translation file of one plugin; returns the problems. */
async function plugin(definition, check) {
  const dir = path.join(WORDPRESS, definition.dir);
  const languages = path.join(dir, "languages");
  const domain = definition.dir;
  const files = sources(dir);
  const problems = foreignCalls(dir, files, domain).map(
    (call) => `${domain}: a translation call without the text domain '${domain}': ${call}`,
  );
  const work = mkdtempSync(path.join(tmpdir(), `${domain}-i18n-`));
  const { po: poParser } = await import(
    pathToFileURL(path.join(WORDPRESS, "node_modules/gettext-parser/index.js")).href
  );
  try {
    const written = new Map(); // file name → content
    makePot(dir, definition, files, path.join(work, `${domain}.pot`));
    written.set(`${domain}.pot`, readFileSync(path.join(work, `${domain}.pot`)));
    problems.push(...unread(dir, files, work).map((p) => `${domain}: ${p}`));
    for (const locale of LOCALES) {
      const name = `${domain}-${locale}`;
      const po = path.join(work, `${name}.po`);
      if (existsSync(path.join(languages, `${name}.po`))) copyFileSync(path.join(languages, `${name}.po`), po);
      else
        run(
          "msginit",
          [
            "--no-translator",
            "--no-wrap",
            `--locale=${locale}.UTF-8`,
            "-i",
            path.join(work, `${domain}.pot`),
            "-o",
            po,
          ],
          work,
        );
      run(
        "msgmerge",
        [
          "--quiet",
          "--update",
          "--backup=none",
          "--no-fuzzy-matching",
          "--add-location=file",
          "--no-wrap",
          "--sort-by-file",
          po,
          path.join(work, `${domain}.pot`),
        ],
        work,
      );
      written.set(`${name}.po`, readFileSync(po));
      run("msgfmt", ["--check", "-o", path.join(work, `${name}.mo`), po], work);
      written.set(`${name}.mo`, readFileSync(path.join(work, `${name}.mo`)));
      const parsed = poParser.parse(readFileSync(po));
      for (const [context, entries] of Object.entries(parsed.translations)) {
        for (const [msgid, entry] of Object.entries(entries)) {
          if (msgid && (entry.msgstr.some((s) => !s) || entry.comments?.flag?.includes("fuzzy")))
            problems.push(`${name}.po: not translated: ${context ? `${context} | ` : ""}${msgid}`);
        }
      }
      for (const [handle, prefixes] of Object.entries(definition.scripts)) {
        written.set(
          `${name}-${handle}.json`,
          Buffer.from(`${JSON.stringify(jedFor(parsed, prefixes, locale), null, 1)}\n`),
        );
      }
    }
    for (const [file, content] of written) {
      const target = path.join(languages, file);
      const same = existsSync(target) && readFileSync(target).equals(content);
      if (check && !same)
        problems.push(`${domain}: languages/${file} is not what the sources make: run npm run wordpress:i18n`);
      if (!check && !same) writeFileSync(target, content);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return problems;
}

export async function translations({ check = false } = {}) {
  ensureToolchain();
  const problems = [];
  for (const definition of PLUGINS) problems.push(...(await plugin(definition, check)));
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const problems = await translations({ check });
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(check ? "translations: up to date" : "translations: written to wordpress/*/languages/");
}
