// Instructions per answer, counted by valgrind's callgrind: the same count for the same build,
// inputs and environment whatever else the machine is doing. Timings are not: on the shared VM
// of 2026-11-26 the same build's warm render measured 12.4 to 18.0 ms of CPU in four runs of one
// hour, while its instruction count moved by 1 % (docs/capacity.md). The server starts under
// callgrind with instrumentation off (near full speed), is warmed up, then counted over a fixed
// number of answers: start-up, most of the JIT's warm-up and the load generator stay out of the
// count. What stays in: garbage collection and V8's background compiles, whose timing varies: the
// same build's products list counted 52.0, 54.9 and 53.5 M instructions an answer over 100 answers
// after 300 (±3 %), 47.9 to 65.0 M over 30 after 60. Compare changes larger than that.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";

export const VALGRIND = "/usr/bin/valgrind";

/** Where valgrind writes its counts for one server (one file per dump). */
export function callgrindWrapper(dir: string): string[] {
  return [
    VALGRIND,
    "--tool=callgrind",
    "--instr-atstart=no",
    "--smc-check=all-non-file",
    `--callgrind-out-file=${path.join(dir, "callgrind.%p")}`,
  ];
}

export function callgrindDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "fc-bench-callgrind-"));
}

function getOnce(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "gzip, br" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

/**
 * Warm the server up with `warmup` answers, then count the instructions of the next `count` (one
 * request at a time, over one keep-alive connection): instructions per answer. The process must
 * run under callgrindWrapper(dir); it is stopped here.
 */
export async function instructionsPerAnswer(
  server: ChildProcess,
  dir: string,
  url: string,
  { warmup = 200, count = 60 } = {},
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const control = (...args: string[]) =>
    execFileSync("callgrind_control", [...args, String(server.pid)], { stdio: "ignore" });
  try {
    for (let i = 0; i < warmup; i++) await getOnce(url, agent);
    control("-i", "on");
    for (let i = 0; i < count; i++) {
      const status = await getOnce(url, agent);
      if (status !== 200) throw new Error(`${url} answered ${status} while counted`);
    }
    control("-i", "off");
    control("-d");
  } finally {
    agent.destroy();
  }
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGKILL");
  await exited;
  // Each dump file's "totals:" line is its instruction count (its "summary:" may say 0).
  let total = 0;
  for (const file of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, file), "utf8");
    total += Number(text.match(/^totals: (\d+)/m)?.[1] ?? text.match(/^summary: (\d+)/m)?.[1] ?? 0);
  }
  if (total === 0) throw new Error(`callgrind counted no instructions (${readdirSync(dir).join(", ")})`);
  rmSync(dir, { recursive: true, force: true });
  return Math.round(total / count);
}

/** The instruction count of the dump files in `dir` not in `seen` (each dump's "totals:" line), and their names. */
function newDumps(dir: string, seen: Set<string>): { total: number; files: string[] } {
  const files = readdirSync(dir).filter((f) => !seen.has(f));
  let total = 0;
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), "utf8");
    total += Number(text.match(/^totals: (\d+)/m)?.[1] ?? text.match(/^summary: (\d+)/m)?.[1] ?? 0);
  }
  return { total, files };
}

/**
 * instructionsPerAnswer for several pages of one server: each page warmed up, then counted and
 * dumped on its own (callgrind_control -d zeroes the counters), so one start under valgrind —
 * minutes on a busy machine — serves them all. The server is stopped here.
 */
export async function instructionsPerPage(
  server: ChildProcess,
  dir: string,
  urls: readonly string[],
  { warmup = 100, count = 30 } = {},
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const control = (...args: string[]) =>
    execFileSync("callgrind_control", [...args, String(server.pid)], { stdio: "ignore" });
  const seen = new Set(readdirSync(dir));
  const counts: number[] = [];
  try {
    for (const url of urls) {
      for (let i = 0; i < warmup; i++) await getOnce(url, agent);
      control("-i", "on");
      for (let i = 0; i < count; i++) {
        const status = await getOnce(url, agent);
        if (status !== 200) throw new Error(`${url} answered ${status} while counted`);
      }
      control("-i", "off");
      control("-d");
      const dumped = newDumps(dir, seen);
      if (dumped.total === 0) throw new Error(`callgrind counted no instructions for ${url}`);
      dumped.files.forEach((f) => seen.add(f));
      counts.push(Math.round(dumped.total / count));
    }
  } finally {
    agent.destroy();
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  return counts;
}
