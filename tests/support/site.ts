// Starts the built site (build/node/main.js) as a real process on free ports, the way `npm start`
// runs it, and stops it. Tests talk to it over HTTP like a visitor or an operator would.
import http from "node:http";
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningSite {
  url: string;
  port: number;
  metricsUrl: string;
  /** The internal port (METRICS_PORT): /metrics, the SRE purge API, the probes. */
  internalUrl: string;
  process: ChildProcess;
  logs: string[];
  /** The environment the test started it with (PURGE_SECRET, …), beyond TEST_SITE_ENV and the ports. */
  env: Readonly<Record<string, string>>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The environment every test site starts with: the production start (NODE_ENV=production) refuses
 * to serve the demo catalogue unless told to, and most suites run on the demo (no WP_URL).
 */
export const TEST_SITE_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  DEMO_CATALOGUE: "true",
};

/**
 * The media cache folder of a site whose test names none: one per vitest worker, under the one
 * the run names (MEDIA_CACHE_DIR) or the server's default. Files of a project that run side by
 * side (e2e) have their own workers, and a site's start clears the half-written files it finds in
 * its folder, which must not be another running site's.
 */
export function workerMediaCache(): string {
  const base = process.env.MEDIA_CACHE_DIR ?? path.join(os.tmpdir(), "fc-media-cache");
  return `${base}-worker-${process.env.VITEST_POOL_ID ?? "0"}`;
}

/**
 * A port from freePort() can be taken by another process before the site binds it (suites and
 * other runs share the machine): a site that could not bind a port it was not given is started
 * again on fresh ports, twice at most.
 */
export async function startSite(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
  options: SiteOptions = {},
): Promise<RunningSite> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSiteOnce(env, timeoutMs, options);
    } catch (error) {
      const portsChosenHere = !env.PORT || !env.METRICS_PORT;
      if (!(portsChosenHere && attempt < 3 && /EADDRINUSE/.test(String(error)))) throw error;
    }
  }
}

export interface SiteOptions {
  /** A command the server runs under (the bench's instruction counts: valgrind and its options). */
  wrapper?: readonly string[];
  /** The folder whose build/node/main.js runs (another commit's build, bench/support/baseline.ts); this one by default. */
  cwd?: string;
}

async function startSiteOnce(
  env: Record<string, string>,
  timeoutMs: number,
  options: SiteOptions,
): Promise<RunningSite> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : await freePort();
  const logs: string[] = [];
  const [command, ...args] = [...(options.wrapper ?? []), process.execPath, "build/node/main.js"];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      ...TEST_SITE_ENV,
      MEDIA_CACHE_DIR: workerMediaCache(),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) logs.push(line);
    if (logs.length > 5000) logs.splice(0, logs.length - 5000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}:\n${logs.slice(-30).join("\n")}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`site did not start within ${timeoutMs} ms:\n${logs.slice(-30).join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    internalUrl: `http://127.0.0.1:${metricsPort}`,
    process: child,
    logs,
    env,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * The first log line of the site that passes `test`, waiting up to `timeoutMs` for it: a line is
 * written after its answer has gone out and reaches the test through a pipe, so it may arrive a
 * moment after the answer (a fixed sleep was flaky on a busy machine).
 */
export async function waitForLog(
  site: Pick<RunningSite, "logs">,
  test: (line: string) => boolean,
  timeoutMs = 3000,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = site.logs.find(test);
    if (line !== undefined || Date.now() > deadline) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** GET through `agent` (its sockets, its keep-alive), the body read and dropped: the status, 0 when no answer came. */
export function getStatus(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", () => resolve(0));
  });
}

/** A purge through the SRE API (`POST /api/cache/purge` on the internal port, with the bearer token); throws unless 200. */
export async function adminPurge(site: Pick<RunningSite, "internalUrl">, token: string, tags: string[]): Promise<void> {
  const res = await fetch(`${site.internalUrl}/api/cache/purge`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ tags }),
  });
  if (res.status !== 200) throw new Error(`purge of ${tags.join(", ")} answered ${res.status}`);
}
