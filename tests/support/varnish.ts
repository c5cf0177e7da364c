// A real Varnish (Debian's varnish and varnish-modules for xkey) running the project's own
// docker/varnish/default.vcl, unchanged, in front of a backend on this machine: varnishd in the
// foreground with its own instance directory (-n, in a temp dir) on a free port, so several can run
// side by side and none touches a system Varnish. The installation's part of the VCL (fc-edge.vcl:
// the backend, the purge ACL) is written for the test; the purge token is a file, as deployed.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { have, requirePart } from "./requirements";
import { freePort } from "./site";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
export const VCL = path.join(ROOT, "docker/varnish/default.vcl");
const XKEY = ["x86_64", "aarch64"].map((arch) => `/usr/lib/${arch}-linux-gnu/varnish/vmods/libvmod_xkey.so`);

/** True when varnishd and vmod_xkey are installed (skip with a note, or fail on CI). */
export function hasVarnish(): boolean {
  return requirePart(
    "Varnish with vmod_xkey",
    have("varnishd") && have("varnishstat") && XKEY.some((f) => existsSync(f)),
    "apt-get install varnish varnish-modules",
  );
}

export interface VarnishOptions {
  backendPort: number;
  /** The purge token's file content; undefined writes no file (purges must be refused). */
  purgeToken?: string;
  /** ACL entries of fc_purgers (VCL syntax), default the loopback address 127.0.0.1. */
  purgers?: string[];
}

export interface RunningVarnish {
  url: string;
  port: number;
  dir: string;
  logs: string[];
  /**
   * varnishstat counters (MAIN.cache_hit …) as numbers. A worker adds its counts to these when its
   * connection ends: read them after requests on connections that closed.
   */
  stats(): Record<string, number>;
  stop(): Promise<void>;
}

/**
 * A port from freePort() can be taken by another process before varnishd binds it (the machine is
 * shared): a varnishd that could not bind is started again on a fresh port, twice at most.
 */
export async function startVarnish(options: VarnishOptions): Promise<RunningVarnish> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startVarnishOnce(options);
    } catch (error) {
      if (!(attempt < 3 && /Address already in use|Could not get socket/.test(String(error)))) throw error;
    }
  }
}

async function startVarnishOnce(options: VarnishOptions): Promise<RunningVarnish> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fc-varnish-"));
  // varnishd drops privileges (root starts it): its compiler (user varnish) reads fc-edge.vcl
  // here, its worker (user vcache) reads the purge token, as a deployment's mounted secret is.
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  const worker = root ? userId("vcache") : undefined;
  const port = await freePort();
  const purgers = options.purgers ?? ['"127.0.0.1"'];
  writeFileSync(
    path.join(dir, "fc-edge.vcl"),
    [
      `backend site { .host = "127.0.0.1"; .port = "${options.backendPort}"; .probe = fc_site_health; .connect_timeout = 5s; .first_byte_timeout = 60s; }`,
      `acl fc_purgers { ${purgers.map((p) => `${p};`).join(" ")} }`,
      "",
    ].join("\n"),
  );
  const tokenFile = path.join(dir, "purge-token");
  if (options.purgeToken !== undefined) {
    writeFileSync(tokenFile, `${options.purgeToken}\n`, { mode: 0o600 });
    if (worker !== undefined) chownSync(tokenFile, worker, -1);
  }
  const instance = path.join(dir, "instance");
  const logs: string[] = [];
  const child: ChildProcess = spawn(
    "varnishd",
    [
      "-F",
      "-n",
      instance,
      "-a",
      `127.0.0.1:${port}`,
      "-T",
      "none",
      "-f",
      VCL,
      "-p",
      `vcl_path=${dir}:${path.dirname(VCL)}`,
      "-s",
      "malloc,64m",
      // The purge key header of one batch (server/cdn/varnish.ts) fits with room to spare.
      "-p",
      "http_req_hdr_len=65536",
      "-p",
      "http_req_size=131072",
      "-p",
      "thread_pools=1",
      "-p",
      "thread_pool_min=10",
      ...(root ? [] : ["-j", "none"]),
    ],
    { env: { ...process.env, FC_PURGE_TOKEN_FILE: tokenFile }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) logs.push(line);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`varnishd exited with ${child.exitCode}:\n${logs.join("\n")}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`varnishd did not listen within 30 s:\n${logs.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    logs,
    stats() {
      const result = spawnSync("varnishstat", ["-n", instance, "-1", "-j"], { encoding: "utf8" });
      if (result.status !== 0) throw new Error(`varnishstat failed: ${result.stderr}`);
      const parsed = JSON.parse(result.stdout) as { counters?: Record<string, { value: number }> } & Record<
        string,
        { value?: number }
      >;
      const counters = parsed.counters ?? parsed;
      return Object.fromEntries(
        Object.entries(counters)
          .filter(([, c]) => typeof c?.value === "number")
          .map(([k, c]) => [k, c.value as number]),
      );
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function userId(name: string): number | undefined {
  const result = spawnSync("id", ["-u", name], { encoding: "utf8" });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
