// A V8 CPU profile (.cpuprofile, as `node --cpu-prof` and the inspector's Profiler write it) cut
// into the stages of a render: each sample goes to the stage of the innermost frame on its stack
// that belongs to one (a sample in zlib under the page capture is compression; one in i18next
// under a component is React render; one in JSON.stringify under turbo-stream is serialisation).
// Frames of the server bundle (build/node/main.js) are named by their source file through its
// source map, so the content service's work after an await still counts as the loaders'.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

export const STAGES = [
  "loaders",
  "React render",
  "data serialisation",
  "document and CSP",
  "compression",
  "garbage collection",
  "router, HTTP and the rest",
] as const;
export type Stage = (typeof STAGES)[number];

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** React Router's turbo-stream encoding of loader data and the component that writes it into the page. */
const SERIALISATION = new Set([
  "encodeViaTurboStream",
  "encode",
  "flatten",
  "stringify",
  "partsForObj",
  "flattenValue",
  "StreamTransfer",
  "escapeHtml",
]);
/** The last touch on the document: the preload rewrite, the policy's hashes, the ETag, the capture. */
const DOCUMENT = new Set([
  "documentHtml",
  "collectDocument",
  "documentPolicyOf",
  "inlineScripts",
  "scriptHash",
  "hashOnce",
  "etagOf",
  "capturedEnd",
]);
const COMPRESSION = new Set(["compress", "brotliCompressSync", "gzipSync", "zlibBufferSync", "processChunkSync"]);
/** React Router's calls into the route loaders (and the middleware around them). */
const LOADER_CALLS = new Set(["callLoaderOrAction", "callRouteHandler", "loader", "commonRoute.loader"]);

type Classifier = (frame: CallFrame) => Stage | undefined;

/** Where a frame of the esbuild server bundle comes from (its source map), cached by position. */
function sourceOf(maps: Map<string, SourceMap | null>): (frame: CallFrame) => string | undefined {
  return (frame) => {
    if (!frame.url.endsWith("/build/node/main.js")) return undefined;
    let map = maps.get(frame.url);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(fileURLToPath(frame.url) + ".map", "utf8")));
      } catch {
        map = null;
      }
      maps.set(frame.url, map);
    }
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    return entry && "originalSource" in entry ? entry.originalSource : undefined;
  };
}

function classifier(): Classifier {
  const source = sourceOf(new Map());
  return (frame) => {
    const { functionName: name, url } = frame;
    if (name === "(garbage collector)") return "garbage collection";
    if (url === "node:zlib" || COMPRESSION.has(name)) return "compression";
    if (DOCUMENT.has(name)) return "document and CSP";
    if (url.includes("/react-router/") && SERIALISATION.has(name)) return "data serialisation";
    if (LOADER_CALLS.has(name)) return "loaders";
    if (url.includes("/react-dom/")) return "React render";
    const file = source(frame);
    if (file && /\/server\/(content|cache)\//.test(file)) return "loaders";
    if (file && /\/server\/http\/(page-cache\/capture|security-headers)\.ts$/.test(file)) return "document and CSP";
    return undefined;
  };
}

export interface StageSplit {
  /** Sampled milliseconds (idle left out). */
  sampledMs: number;
  /** Each stage's share of the sampled time, 0–1. */
  shares: Record<Stage, number>;
  /** The frames with the most self time: name, place, share. */
  top: { frame: string; share: number }[];
  /** The same within each stage. */
  topByStage: Record<Stage, { frame: string; share: number }[]>;
}

export function stagesOf(profile: CpuProfile, topCount = 15): StageSplit {
  const classify = classifier();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const stageOfNode = new Map<number, Stage>();
  const stageOf = (id: number): Stage => {
    const known = stageOfNode.get(id);
    if (known) return known;
    const node = nodes.get(id)!;
    const up = parent.get(id);
    const stage = classify(node.callFrame) ?? (up === undefined ? "router, HTTP and the rest" : stageOf(up));
    stageOfNode.set(id, stage);
    return stage;
  };
  const byStage = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  const self = new Map<string, number>();
  const selfByStage = new Map<Stage, Map<string, number>>(STAGES.map((s) => [s, new Map()]));
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === "(idle)") return;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    total += dt;
    const stage = stageOf(id);
    byStage[stage] += dt;
    const place = frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/");
    const key = `${frame.functionName || "(anonymous)"} ${place}${frame.lineNumber >= 0 ? `:${frame.lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const inStage = selfByStage.get(stage)!;
    inStage.set(key, (inStage.get(key) ?? 0) + dt);
  });
  const share = (us: number) => Math.round((us / Math.max(1, total)) * 1000) / 1000;
  const ranked = (frames: Map<string, number>, count: number) =>
    [...frames]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([frame, us]) => ({ frame, share: share(us) }));
  return {
    sampledMs: Math.round(total / 1000),
    shares: Object.fromEntries(STAGES.map((s) => [s, share(byStage[s])])) as Record<Stage, number>,
    top: ranked(self, topCount),
    topByStage: Object.fromEntries(STAGES.map((s) => [s, ranked(selfByStage.get(s)!, 6)])) as Record<
      Stage,
      { frame: string; share: number }[]
    >,
  };
}
