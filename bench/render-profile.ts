// `npm run bench -- --only=render-profile [--baseline=<commit>]`: what one render costs, part by
// part, for the products list (24 cards), a product page and the wishlist (the floor: a page with
// no content of its own), page cache off and data warm, one request at a time.
//
// - CPU per render, side by side: this build and another commit's build (bench/support/baseline.ts;
//   --baseline=<commit>, by default REFERENCE_BUILD, the build the targets are counted against),
//   both running at once on core 0 and asked in alternating batches, so the machine's load falls
//   on both alike. CPU is the server's own (every thread's run time
//   from /proc/<pid>/task/*/schedstat, in nanoseconds); the figure is the median of the batches.
// - Stages: a V8 CPU profile of each page's renders (bench/support/cpu-profile-on-signal.cjs: the
//   renders alone, not start-up) cut into loaders, React render, data serialisation, document and
//   CSP, compression, garbage collection and the rest (bench/support/profile-stages.ts); each
//   stage's share times the timed CPU per render. The profiles are kept beside the report.
// - Instructions per render under valgrind's callgrind (bench/support/instructions.ts), which a
//   busy machine does not move (BENCH_RENDER_INSTRUCTIONS=0 leaves them out; =current counts this
//   build only: a baseline's count does not change from run to run, and takes long on a busy machine).
import { mkdirSync, readFileSync, readdirSync, copyFileSync, existsSync, rmSync } from "node:fs";
import { execSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startSite, type RunningSite } from "../tests/support/site";
import { baselineBuild, type Baseline } from "./support/baseline";
import { callgrindDir, callgrindWrapper, instructionsPerPage, VALGRIND } from "./support/instructions";
import { pin, table } from "./support/measure";
import { STAGES, stagesOf, type CpuProfile, type StageSplit } from "./support/profile-stages";

/** Renders per page and build in the timed run, asked in batches of BATCH. */
const RENDERS = Math.max(20, Number(process.env.BENCH_RENDERS ?? 300) || 300);
const BATCH = 20;
/** Renders per page in a profile. */
const PROFILED_RENDERS = Math.max(20, Number(process.env.BENCH_PROFILED_RENDERS ?? 200) || 200);
const WARMUP = 60;
const COUNT_INSTRUCTIONS = process.env.BENCH_RENDER_INSTRUCTIONS ?? "all";

/**
 * The build the targets of docs/decisions/0018-a-render-at-half-the-cpu.md are counted against:
 * the last before that decision. A products list at half its CPU, and the floor (the wishlist) at
 * 1.5 ms of CPU a render.
 */
export const REFERENCE_BUILD = "d81166f";
const TARGETS: Record<string, { ratio?: number; cpuMs?: number }> = {
  "products list": { ratio: 0.5 },
  "wishlist (floor)": { cpuMs: 1.5 },
};

/** The baseline of a run: the commit asked for, the reference build when none is, none for `none`. */
export function baselineOf(asked: string | undefined): string | undefined {
  if (asked === "none") return undefined;
  return asked || REFERENCE_BUILD;
}

interface Build {
  name: string;
  /** The folder of its package.json and build/ (undefined: this checkout). */
  root?: string;
}
interface Page {
  name: string;
  path: string;
}

/** Every thread's CPU time of a process, in microseconds. */
function threadsCpuUs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      /* the thread ended between the listing and the read */
    }
  }
  return ns / 1000;
}

/** One GET, body read whole: the status, the bytes sent and the document's length. */
function render(url: string, agent: http.Agent): Promise<{ status: number; sent: number; html: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "gzip, br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const html =
            encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;
          resolve({ status: res.statusCode ?? 0, sent: body.length, html: html.length });
        });
      })
      .on("error", reject);
  });
}

async function renders(site: RunningSite, agent: http.Agent, page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const { status } = await render(site.url + page.path, agent);
    if (status !== 200) throw new Error(`${page.path} answered ${status}`);
  }
}

const RENDER_ENV = { PAGE_CACHE_MB: "0", CACHE_FRESH_SECONDS: "86400" } as const;

async function startBuild(build: Build, env: Record<string, string>): Promise<RunningSite> {
  const site = await startSite({ ...env, ...RENDER_ENV }, 60_000, { cwd: build.root });
  pin(0, site.process.pid!);
  return site;
}

/** The pages measured: the list, its first product, the wishlist. */
async function pagesOf(site: RunningSite): Promise<Page[]> {
  const list = await (await fetch(site.url + "/products")).text();
  const product = /href="(\/products\/\d+)"/.exec(list)?.[1];
  if (!product) throw new Error("/products links to no product");
  return [
    { name: "products list", path: "/products" },
    { name: "product page", path: product },
    { name: "wishlist (floor)", path: "/wishlist" },
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** CPU per render of every page on every build, batches alternating between the builds. */
async function timedRun(builds: Build[], pages: Page[], env: Record<string, string>) {
  const sites = await Promise.all(builds.map((b) => startBuild(b, env)));
  const agents = sites.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const perBatch = pages.map(() => builds.map(() => [] as number[]));
  const sizes = pages.map(() => builds.map(() => ({ htmlBytes: 0, sentBytes: 0 })));
  try {
    for (const [p, page] of pages.entries()) {
      for (const [b, site] of sites.entries()) {
        await renders(site, agents[b]!, page, WARMUP);
        const sample = await render(site.url + page.path, agents[b]!);
        sizes[p]![b] = { htmlBytes: sample.html, sentBytes: sample.sent };
      }
    }
    for (let round = 0; round * BATCH < RENDERS; round++) {
      for (const [p, page] of pages.entries()) {
        const order = round % 2 === 0 ? [...sites.keys()] : [...sites.keys()].reverse();
        for (const b of order) {
          const before = threadsCpuUs(sites[b]!.process.pid!);
          await renders(sites[b]!, agents[b]!, page, BATCH);
          perBatch[p]![b]!.push((threadsCpuUs(sites[b]!.process.pid!) - before) / BATCH);
        }
      }
    }
  } finally {
    agents.forEach((a) => a.destroy());
    await Promise.all(sites.map((s) => s.stop()));
  }
  return { cpuUs: perBatch.map((byBuild) => byBuild.map(median)), sizes };
}

/** A CPU profile of each page's renders on one build: the split by stage. */
async function profiledRun(
  build: Build,
  pages: Page[],
  env: Record<string, string>,
  keepIn: string,
): Promise<StageSplit[]> {
  const dir = path.join(os.tmpdir(), `fc-bench-profile-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const hook = path.resolve("bench/support/cpu-profile-on-signal.cjs");
  const splits: StageSplit[] = [];
  for (const [p, page] of pages.entries()) {
    const out = path.join(dir, `${p}.cpuprofile`);
    const site = await startBuild(build, {
      ...env,
      NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --require ${hook}`,
      CPU_PROFILE_OUT: out,
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await renders(site, agent, page, WARMUP);
      process.kill(site.process.pid!, "SIGUSR2");
      await until(() => existsSync(`${out}.started`));
      await renders(site, agent, page, PROFILED_RENDERS);
      process.kill(site.process.pid!, "SIGUSR2");
      await until(() => existsSync(out) && readFileSync(out).length > 0);
      await new Promise((r) => setTimeout(r, 200)); // the write is one call; let it finish
      splits.push(stagesOf(JSON.parse(readFileSync(out, "utf8")) as CpuProfile));
      copyFileSync(
        out,
        path.join(keepIn, `${build.name.replace(/\W+/g, "-")}-${page.name.replace(/\W+/g, "-")}.cpuprofile`),
      );
    } finally {
      agent.destroy();
      await site.stop();
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return splits;
}

async function until(done: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("the profiler did not answer");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Instructions per render, counted under callgrind (nulls: valgrind missing, turned off, or the count failed). */
async function countedRun(build: Build, pages: Page[], env: Record<string, string>): Promise<(number | null)[]> {
  const counted = COUNT_INSTRUCTIONS === "all" || (COUNT_INSTRUCTIONS === "current" && build.root === undefined);
  if (!counted || !existsSync(VALGRIND)) return pages.map(() => null);
  const dir = callgrindDir();
  try {
    // Under valgrind the start takes minutes on a busy machine.
    const site = await startSite({ ...env, ...RENDER_ENV }, 900_000, {
      wrapper: callgrindWrapper(dir),
      cwd: build.root,
    });
    return await instructionsPerPage(
      site.process,
      dir,
      pages.map((p) => site.url + p.path),
      { warmup: 100, count: 30 },
    );
  } catch (error) {
    console.warn(`instructions of ${build.name} not counted: ${(error as Error).message.split("\n")[0]}`);
    return pages.map(() => null);
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => Math.round(l * 10) / 10)
    .join(" / ");
const ms = (us: number) => Math.round(us / 10) / 100;
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? Math.round((a / b) * 1000) / 1000 : null;

export async function renderProfile(
  report: Record<string, unknown>,
  env: Record<string, string>,
  baselineRevision: string | undefined,
  reportDir: string,
): Promise<void> {
  const baseline: Baseline | undefined = baselineRevision ? baselineBuild(baselineRevision) : undefined;
  const current = execSync("git rev-parse --short=12 HEAD", { encoding: "utf8" }).trim();
  const builds: Build[] = [
    {
      name: `this build (${current}${execSync("git status --porcelain", { encoding: "utf8" }).trim() ? "+changes" : ""})`,
    },
  ];
  if (baseline) builds.push({ name: `baseline (${baseline.commit.slice(0, 12)})`, root: baseline.root });
  const loadBefore = loadAverage();
  const probe = await startBuild(builds[0]!, env);
  const pages = await pagesOf(probe).finally(() => probe.stop());
  const timed = await timedRun(builds, pages, env);
  // Printed at once: the profiles and the counts that follow take minutes on a busy machine.
  console.log(
    table(
      pages.flatMap((page, p) =>
        builds.map((build, b) => ({
          page: page.name,
          build: build.name,
          cpuMsPerRender: ms(timed.cpuUs[p]![b]!),
          cpuRatio: b === 0 ? (ratio(timed.cpuUs[p]![0], timed.cpuUs[p]![1]) ?? "") : "",
        })),
      ),
    ),
  );
  const profileDir = path.join(reportDir, `render-profiles-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(profileDir, { recursive: true });
  const splits: StageSplit[][] = [];
  for (const build of builds) splits.push(await profiledRun(build, pages, env, profileDir));
  const counts: (number | null)[][] = [];
  for (const build of builds) counts.push(await countedRun(build, pages, env));
  report.renderProfile = {
    builds: builds.map((b) => b.name),
    loadAverage: { before: loadBefore, after: loadAverage() },
    renders: RENDERS,
    profiles: profileDir,
    pages: pages.map((page, p) => ({
      page: page.name,
      path: page.path,
      builds: builds.map((build, b) => ({
        build: build.name,
        cpuMsPerRender: ms(timed.cpuUs[p]![b]!),
        instructionsPerRender: counts[b]![p],
        ...timed.sizes[p]![b]!,
        stagesMs: Object.fromEntries(STAGES.map((s) => [s, ms(splits[b]![p]!.shares[s] * timed.cpuUs[p]![b]!)])),
        topFrames: splits[b]![p]!.top,
      })),
      cpuRatio: ratio(timed.cpuUs[p]![0], timed.cpuUs[p]![1]),
      instructionsRatio: ratio(counts[0]![p], counts[1]?.[p]),
      target: targetOf(page.name, baseline?.commit),
    })),
  };
}

/** A page's target, said against this run's baseline (a ratio is the reference build's only). */
function targetOf(page: string, baselineCommit: string | undefined): string {
  const target = TARGETS[page];
  const reference = baselineCommit !== undefined && baselineCommit.startsWith(REFERENCE_BUILD);
  if (target?.ratio !== undefined)
    return reference
      ? `≤ ${target.ratio} × ${REFERENCE_BUILD}`
      : `≤ ${target.ratio} × ${REFERENCE_BUILD} (not in this run)`;
  if (target?.cpuMs !== undefined) return `≤ ${target.cpuMs} ms CPU`;
  return "";
}

/** The tables `npm run bench` prints for the render profile. */
export function printRenderProfile(result: unknown): void {
  const r = result as {
    builds: string[];
    loadAverage: { before: string; after: string };
    profiles: string;
    pages: {
      page: string;
      cpuRatio: number | null;
      instructionsRatio: number | null;
      target?: string;
      builds: {
        build: string;
        cpuMsPerRender: number;
        instructionsPerRender: number | null;
        htmlBytes: number;
        sentBytes: number;
        stagesMs: Record<string, number>;
        topFrames: { frame: string; share: number }[];
      }[];
    }[];
  };
  console.log(
    `\nRender profile: CPU per render, one request at a time, page cache off, data warm (load average ${r.loadAverage.before} before, ${r.loadAverage.after} after). Ratios: this build ÷ the baseline.\n`,
  );
  const rows = r.pages.flatMap((p) =>
    p.builds.map((b, i) => ({
      page: i === 0 ? p.page : "",
      build: b.build,
      cpuMs: b.cpuMsPerRender,
      instructionsM: b.instructionsPerRender === null ? "" : Math.round(b.instructionsPerRender / 1e5) / 10,
      html: b.htmlBytes,
      sent: b.sentBytes,
      cpuRatio: i === 0 ? (p.cpuRatio ?? "") : "",
      instructionsRatio: i === 0 ? (p.instructionsRatio ?? "") : "",
      target: i === 0 ? (p.target ?? "") : "",
    })),
  );
  console.log(table(rows));
  console.log(`\nStages, ms of CPU per render (the profile's shares × the CPU above):\n`);
  console.log(
    table(
      r.pages.flatMap((p) => p.builds.map((b, i) => ({ page: i === 0 ? p.page : "", build: b.build, ...b.stagesMs }))),
    ),
  );
  for (const p of r.pages) {
    for (const b of p.builds) {
      console.log(`\nTop frames (self time), ${p.page}, ${b.build}:`);
      for (const f of b.topFrames.slice(0, 10))
        console.log(`  ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.frame}`);
    }
  }
  console.log(`\nProfiles (open in Chrome DevTools): ${r.profiles}`);
}
