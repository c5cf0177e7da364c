// A rehearsal of the Dockerfile's runtime stage, for a machine without a Docker engine: a clean
// directory gets what the image gets — package.json, package-lock.json and build/ — then
// `npm ci --omit=dev --ignore-scripts` (offline from npm's cache where it can), and
// `node build/node/main.js` with only the image's environment must refuse to start without WP_URL
// (exit 78, naming it: the demo's invented company is never served by accident), and start from
// there in demo mode once DEMO_CATALOGUE=true says so (the Dockerfile's ENV, jemalloc preloaded as there), answer /healthz, /readyz, a page with its hashed assets and an image of the
// demo catalogue, serve /metrics on its own port, and leave cleanly on SIGTERM as PID 1 would.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, hasJemalloc, requirePart } from "../../support/requirements";
import { freePort } from "../../support/site";
import { ROOT, runtimeImageEnv } from "./tools";

const ready = hasBuild();

describe.runIf(ready)("the runtime stage, rehearsed without Docker", () => {
  let dir: string;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  const logs: string[] = [];
  let url: string;
  let metricsUrl: string;
  let refusal: SpawnSyncReturns<string>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "fc-runtime-"));
    for (const file of ["package.json", "package-lock.json"]) cpSync(path.join(ROOT, file), path.join(dir, file));
    cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });

    const install = spawnSync("npm", ["ci", "--omit=dev", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
      timeout: 110_000,
    });
    if (install.status !== 0) {
      throw new Error(`npm ci --omit=dev failed (the image's prod-deps stage would too):\n${(install.stderr || install.stdout).split("\n").slice(-25).join("\n")}`);
    }

    const port = await freePort();
    const metricsPort = await freePort();
    // The image's own start, as the chart runs it, without WP_URL: refused.
    refusal = spawnSync(process.execPath, ["build/node/main.js"], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, ...runtimeImageEnv(), PORT: String(port), METRICS_PORT: String(metricsPort) },
      timeout: 30_000,
    });
    url = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The image's environment only (Dockerfile ENV), plus the ports; nothing from this shell.
    child = spawn(process.execPath, ["build/node/main.js"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, ...runtimeImageEnv(), PORT: String(port), METRICS_PORT: String(metricsPort), LOG_LEVEL: "warn", DEMO_CATALOGUE: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    const collect = (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean));
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`node build/node/main.js exited with ${child.exitCode}:\n${logs.slice(-30).join("\n")}`);
      const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the rehearsed runtime did not answer /healthz within 60 s:\n${logs.slice(-30).join("\n")}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to start without WP_URL unless DEMO_CATALOGUE=true (exit 78, naming both)", () => {
    expect(refusal.status).toBe(78);
    expect(refusal.stderr).toMatch(/WP_URL: is required in production/);
    expect(refusal.stderr).toMatch(/DEMO_CATALOGUE=true/);
  });

  it("installed production dependencies only", () => {
    const installed = new Set(readdirSync(path.join(dir, "node_modules")));
    // (typescript and esbuild do come along: peers of react-router and i18next, and tsx's engine.)
    for (const dev of ["vite", "vitest", "@react-router/dev", "playwright-core", "axe-core"]) expect(installed.has(dev) || existsSync(path.join(dir, "node_modules", dev)), dev).toBe(false);
    for (const runtime of ["express", "react-router", "prom-client", "ioredis"]) expect(existsSync(path.join(dir, "node_modules", runtime)), runtime).toBe(true);
  });

  it("runs on jemalloc, the allocator the image preloads", (context) => {
    // Debian's libjemalloc2, as the runtime stage installs it; without it ld.so ignores LD_PRELOAD.
    if (!requirePart("jemalloc", hasJemalloc(), "apt-get install libjemalloc2 (the image's allocator)")) return context.skip();
    expect(runtimeImageEnv().LD_PRELOAD).toBe("libjemalloc.so.2");
    expect(readFileSync(`/proc/${child.pid}/maps`, "utf8")).toMatch(/libjemalloc\.so\.2/);
    expect(logs.join("\n")).not.toMatch(/cannot be preloaded/);
  });

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const readiness = await fetch(`${url}/readyz`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toMatchObject({ status: "ready" });
  });

  it("serves a page of the demo catalogue, its hashed assets and its images", async () => {
    const page = await fetch(`${url}/products`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en"');
    const asset = /["'](\/assets\/[^"']+\.js)["']/.exec(html)?.[1];
    expect(asset, "a hashed script in the page").toBeTruthy();
    const assetRes = await fetch(url + asset);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toMatch(/immutable/);
    const image = /["'](\/media\/[^"'\s]+)["'\s]/.exec(html)?.[1];
    expect(image, "an image of the demo catalogue in the page").toBeTruthy();
    const imageRes = await fetch(url + image!.replaceAll("&amp;", "&"));
    expect(imageRes.status).toBe(200);
    expect(imageRes.headers.get("content-type")).toMatch(/^image\//);
  });

  it("serves /metrics on METRICS_PORT", async () => {
    const metrics = await fetch(metricsUrl);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("wp_cache_lookups_total");
  });

  it("stops on SIGTERM with exit code 0", async () => {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const code = await exited;
    clearTimeout(timer);
    expect(code).toBe(0);
  }, 35_000);
});
