// A suite that needs a real part (Chromium, redis-server, php, MariaDB) skips on a machine that
// lacks it, with a line saying what to install; with CI=true a missing part fails the run instead.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

export const CI = process.env.CI === "true" || process.env.CI === "1";

export function have(command: string): boolean {
  if (command.startsWith("/")) return existsSync(command);
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** True when the part is there; false (with a note) when the suite should skip; throws on CI. */
export function requirePart(what: string, present: boolean, install: string): boolean {
  if (present) return true;
  const message = `${what} is not available: ${install}`;
  if (CI) throw new Error(`${message} (CI=true: a missing part fails the run)`);
  console.warn(`SKIP: ${message}`);
  return false;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = () =>
  requirePart("Chromium", existsSync(CHROMIUM), "apt-get install chromium (Debian's package; no browser download)");
export const hasBuild = () =>
  requirePart(
    "The production build",
    existsSync("build/node/main.js") && existsSync("build/server/index.js"),
    "run `npm run build` first (npm test does)",
  );

/** Debian's libjemalloc2, the allocator the image preloads (Dockerfile), on either architecture. */
export const hasJemalloc = () =>
  ["x86_64", "aarch64"].some((arch) => existsSync(`/usr/lib/${arch}-linux-gnu/libjemalloc.so.2`));
