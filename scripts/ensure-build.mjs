// `npm start`, the bench and the audit build first when there is no build, or when a source is
// newer than the build. `sources` is every input of the build.
import { existsSync, readdirSync, statSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";

const outputs = ["build/server/index.js", "build/node/main.js", "build/client"];
const sources = [
  "app",
  "common",
  "server",
  "demo",
  "locales",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-server.mjs",
  "scripts/fonts.mjs",
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "fonts" || entry === "sw.js" || entry.startsWith("workbox-")) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const missing = outputs.some((o) => !existsSync(o));
const builtAt = missing ? 0 : Math.min(...outputs.slice(0, 2).map((o) => statSync(o).mtimeMs));
if (missing || Math.max(...sources.map(newest)) > builtAt) {
  console.log(missing ? "No build yet: building…" : "Sources changed since the last build: building…");
  execSync("npm run build", { stdio: "inherit" });
}
