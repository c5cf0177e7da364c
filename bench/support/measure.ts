// What the bench measures with: autocannon runs pinned to a core, CPU and RSS of a process from
// /proc, the site's own counters, and the report's table. bench/run.ts composes the cases.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import type { RunningSite } from "../../tests/support/site";
import { hasJemalloc } from "../../tests/support/requirements";

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;

export interface CaseResult {
  case: string;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  errors: number;
  non2xx: number;
  /** Answers by status code: a non-2xx count alone does not say whether they were 404s or 5xx. */
  statuses: Record<string, number>;
  rssMB: number | null;
  /** The server's CPU over the case, % of one core: near 100 means the server was the limit. */
  serverCpuPct: number | null;
  /** The load generator's CPU, % of one core: near 100 means autocannon was the limit. */
  loadCpuPct: number;
  /** Server CPU per answer, microseconds: the cost that req/s cannot show once the load generator saturates. */
  cpuUsPerReq: number | null;
}

/**
 * One request whose path is taken from a shared counter each time it is sent. autocannon's
 * `requests` list is walked by every connection from its start, so 50 connections over a list of
 * 10,000 paths would ask for the same first 200 again and again: with this, every request is the
 * next path, across all connections.
 */
export function distinct(paths: readonly string[]): autocannon.Request[] {
  let next = 0;
  return [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }];
}

export const pin = (cpu: number, pid: number) => {
  try {
    execSync(`taskset -cp ${cpu} ${pid}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** utime + stime of a process in milliseconds (/proc/<pid>/stat; clock ticks are 100 Hz on Linux). */
export function cpuMsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export function rssOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

/**
 * RSS split by what backs it (/proc/<pid>/smaps_rollup): anonymous memory (V8's heap, Buffers,
 * malloc's arenas) against file-backed pages (the node binary's code, ICU data) that the kernel
 * can drop and reload. Null where /proc has no smaps_rollup.
 */
export function rssSplitOf(pid: number | undefined): { anonymousMB: number; fileMB: number } | null {
  if (!pid) return null;
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (field: string) => Number(rollup.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
    const mb = (n: number) => Math.round((n / 1024) * 10) / 10;
    return { anonymousMB: mb(kb("Anonymous")), fileMB: mb(kb("Rss") - kb("Anonymous")) };
  } catch {
    return null;
  }
}

export async function load(
  name: string,
  url: string,
  options: { requests?: autocannon.Request[]; amount?: number; duration?: number } = {},
  pid?: number,
): Promise<CaseResult> {
  const cpuBefore = cpuMsOf(pid);
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? DURATION }),
    ...(options.requests ? { requests: options.requests } : {}),
    headers: { "accept-encoding": "gzip, br" },
  });
  const wallMs = performance.now() - started;
  const cpuAfter = cpuMsOf(pid);
  const self = process.cpuUsage(selfBefore);
  const serverCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const answered = result.requests.total;
  return {
    case: name,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(
        (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {},
      ).map(([code, v]) => [code, v.count]),
    ),
    rssMB: rssOf(pid),
    serverCpuPct: serverCpuMs === null ? null : Math.round((serverCpuMs / wallMs) * 100),
    loadCpuPct: Math.round(((self.user + self.system) / 1000 / wallMs) * 100),
    cpuUsPerReq: serverCpuMs === null || answered === 0 ? null : Math.round((serverCpuMs * 1000) / answered),
  };
}

export async function metric(site: RunningSite, name: string): Promise<number> {
  const text = await (await fetch(site.metricsUrl)).text();
  return Number(text.match(new RegExp(`^${name} ([\\d.e+]+)$`, "m"))?.[1] ?? NaN);
}

/** Renders and collapsed answers so far (page_renders_total); NaN where the server does not count them. */
export async function renders(site: RunningSite): Promise<{ renders: number; collapsed: number }> {
  const text = await (await fetch(site.metricsUrl)).text();
  if (!text.includes("page_renders_total")) return { renders: NaN, collapsed: NaN };
  const sum = (collapsed: string) =>
    [
      ...text.matchAll(new RegExp(`^page_renders_total\\{[^}]*collapsed="${collapsed}"[^}]*\\} ([\\d.e+]+)$`, "gm")),
    ].reduce((n, m) => n + Number(m[1]), 0);
  return { renders: sum("false"), collapsed: sum("true") };
}

/** A GET through `agent`, body read: its status, time and the cache outcome its Server-Timing names. */
export function timedGet(url: string, agent: http.Agent): Promise<{ status: number; ms: number; outcome: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "gzip, br" } }, (res) => {
        res.resume();
        const outcome = /cache;desc="([^"]+)"/.exec(String(res.headers["server-timing"] ?? ""))?.[1] ?? "none";
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, outcome }));
      })
      .on("error", () => resolve({ status: 0, ms: performance.now() - started, outcome: "error" }));
  });
}

export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "";
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v ?? ""));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  return [
    line(cols),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(cols.map((c) => cell(r[c])))),
  ].join("\n");
}

/** The image preloads jemalloc (Dockerfile); measure with it when this machine has it too. */
export function deployedAllocator(): "jemalloc" | "glibc" {
  if (hasJemalloc()) return "jemalloc";
  console.warn(
    "libjemalloc2 is not installed: the 10,000-page run measures glibc's malloc, not the image's allocator (apt-get install libjemalloc2)",
  );
  return "glibc";
}
