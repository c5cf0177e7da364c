// The real tools behind the deploy checks, found or built once per test file: the Go renderer in
// scripts/deploy-checks/helm-render (Debian's Go, sprig, sigs.k8s.io/yaml and gojsonschema from
// /usr/share/gocode — no module download), and promtool from Debian's prometheus package.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { have, requirePart } from "../../support/requirements";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
export const CHART = path.join(ROOT, "helm/fc-site");
const RENDERER_SOURCE = path.join(ROOT, "scripts/deploy-checks/helm-render");
const GOPATH = "/usr/share/gocode";
const GO_SOURCES = ["github.com/Masterminds/sprig", "sigs.k8s.io/yaml", "github.com/xeipuuv/gojsonschema"].map((p) => path.join(GOPATH, "src", p));

export const GO_PACKAGES = "golang-go golang-github-masterminds-sprig-dev golang-k8s-sigs-yaml-dev golang-github-xeipuuv-gojsonschema-dev";

/** True when Go and the Debian sources the renderer needs are there (skip or, on CI, fail otherwise). */
export function hasGoRenderer(): boolean {
  return requirePart(
    "Go with Debian's sprig, sigs.k8s.io/yaml and gojsonschema sources",
    have("go") && GO_SOURCES.every((p) => existsSync(p)),
    `apt-get install ${GO_PACKAGES}`,
  );
}

export function hasPromtool(): boolean {
  return requirePart("promtool", have("promtool"), "apt-get install prometheus (Debian's package ships promtool)");
}

let built: string | undefined;

/** Builds helm-render (cached in the temp dir by the hash of its source) and returns its path. */
export function renderer(): string {
  if (built) return built;
  const source = readFileSync(path.join(RENDERER_SOURCE, "main.go"));
  const hash = createHash("sha256").update(source).digest("hex").slice(0, 16);
  const dir = path.join(os.tmpdir(), "fc-deploy-checks");
  mkdirSync(dir, { recursive: true });
  const binary = path.join(dir, `helm-render-${hash}`);
  if (!existsSync(binary)) {
    const env: NodeJS.ProcessEnv = { ...process.env, GO111MODULE: "off", GOPATH, GOFLAGS: "", GOTOOLCHAIN: "local" };
    if (!env.GOCACHE && !env.HOME && !env.XDG_CACHE_HOME) env.GOCACHE = path.join(dir, "go-build");
    const partial = `${binary}.${process.pid}.tmp`;
    execFileSync("go", ["build", "-o", partial, "."], { cwd: RENDERER_SOURCE, env, stdio: ["ignore", "pipe", "pipe"] });
    renameSync(partial, binary);
  }
  built = binary;
  return binary;
}

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], options: { cwd?: string; input?: string } = {}): RunResult {
  const result = spawnSync(command, args, { cwd: options.cwd ?? ROOT, input: options.input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export interface Manifest {
  template: string;
  object: K8sObject;
}
export type K8sObject = Record<string, any>;

/** `helm template` for the chart with these values files; throws with the renderer's message on failure. */
export function renderChart(valuesFiles: string[] = [], extra: string[] = []): { manifests: Manifest[]; notes: string } {
  const result = tryRenderChart(valuesFiles, extra);
  if (result.status !== 0) throw new Error(`helm-render failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as { manifests: Manifest[]; notes: string };
}

export function tryRenderChart(valuesFiles: string[] = [], extra: string[] = []): RunResult {
  return run(renderer(), ["render", "--chart", CHART, ...valuesFiles.flatMap((f) => ["--values", f]), ...extra]);
}

export function validateValues(valuesFiles: string[] = []): RunResult {
  return run(renderer(), ["schema", "--chart", CHART, ...valuesFiles.flatMap((f) => ["--values", f])]);
}

/** The documents of a YAML file, parsed strictly (duplicate keys are errors). */
export function readYaml(file: string): any[] {
  const result = run(renderer(), ["yaml2json", file]);
  if (result.status !== 0) throw new Error(`${file} is not valid YAML:\n${result.stderr}`);
  return (JSON.parse(result.stdout) as { documents: unknown[] }[])[0]!.documents;
}

/** The environment variables server/config.ts reads (its zod schema's keys). */
export function configEnvNames(): Set<string> {
  const source = readFileSync(path.join(ROOT, "server/config.ts"), "utf8");
  const schema = source.slice(source.indexOf("const envSchema"), source.indexOf(".superRefine"));
  return new Set([...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!));
}

/** The CDN adapter's variables (server/cdn/index.ts), proposed for config.ts. */
export function cdnEnvNames(): Set<string> {
  const source = readFileSync(path.join(ROOT, "server/cdn/index.ts"), "utf8");
  return new Set([...source.matchAll(/^\/\/\s+(CDN_[A-Z_]+)\s/gm)].map((m) => m[1]!));
}

/** Environment the platform or Node reads, not the app's config. */
export const RUNTIME_ENV = new Set(["NODE_OPTIONS", "NODE_ENV"]);

/** The secrets of CONTRACT.md / the issue: never in a ConfigMap, an ENV line or a compose default in clear. */
export const SECRET_ENV = ["WP_APP_PASSWORD", "PURGE_SECRET", "ADMIN_TOKEN", "RECAPTCHA_SECRET", "NEWSLETTER_API_KEY", "REDIS_PASSWORD", "CDN_API_TOKEN"];

// ——— the Dockerfile, read statically (no Docker engine here) ———

export interface Instruction {
  keyword: string;
  args: string;
}
export interface Stage {
  base: string;
  name: string;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): { args: Map<string, string>; stages: Stage[] } {
  const lines = text.split("\n").filter((l) => !/^\s*#/.test(l));
  const joined = lines.join("\n").replace(/\\\n/g, " ");
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of joined.split("\n")) {
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const keyword = match[1]!.toUpperCase();
    const rest = match[2]!.trim();
    if (keyword === "FROM") {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest)!;
      const base = from[1]!.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a: string, b: string) => args.get(a ?? b) ?? "");
      stages.push({ base, name: from[2] ?? String(stages.length), instructions: [] });
    } else if (keyword === "ARG" && stages.length === 0) {
      const [name, value] = rest.split("=");
      args.set(name!, value ?? "");
    } else {
      stages.at(-1)?.instructions.push({ keyword, args: rest });
    }
  }
  return { args, stages };
}

/** The runtime stage's ENV (the last stage), as the image's processes see it. */
export function runtimeImageEnv(): Record<string, string> {
  const { stages } = parseDockerfile(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
  const env: Record<string, string> = {};
  for (const { keyword, args } of stages.at(-1)!.instructions) {
    if (keyword !== "ENV") continue;
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf("=");
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"(.*)"$/, "$1");
    }
  }
  return env;
}
