// A throwaway Debian `prometheus` for tests: its own free port and data directory, the scrape
// targets and rule files a test gives it, and the HTTP API's queries as functions. Never a fake:
// what the dashboard and the alerts read is what this Prometheus computes from the real site.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import { have, requirePart } from "./requirements";
import { freePort } from "./site";

export const hasPrometheus = () =>
  requirePart("prometheus", have("prometheus"), "apt-get install prometheus (Debian's package)");

export interface ScrapeTarget {
  /** host:port of a /metrics endpoint. */
  address: string;
  /** Target labels, as the Prometheus Operator adds them (namespace, pod, service, endpoint …). */
  labels: Record<string, string>;
}

export interface PrometheusOptions {
  job: string;
  targets: ScrapeTarget[];
  /** Rule files' contents (YAML), loaded as they are. */
  rules?: string[];
  /** Scrape and rule evaluation interval, in seconds. */
  intervalSeconds: number;
}

export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface RunningPrometheus {
  url: string;
  logs: string[];
  /** An instant query, at `time` (seconds since the epoch) or now. */
  query(expr: string, time?: number): Promise<Sample[]>;
  /** The raw samples of a range selector (`up{pod="a"}[10s]`) at `time` or now. */
  samples(selector: string, time?: number): Promise<{ metric: Record<string, string>; values: [number, number][] }[]>;
  /** A range query; each series with its values. */
  queryRange(
    expr: string,
    start: number,
    end: number,
    stepSeconds: number,
  ): Promise<{ metric: Record<string, string>; values: [number, number][] }[]>;
  /** Label values of `label` among the series matching `match` (Grafana's label_values()). */
  labelValues(label: string, match: string): Promise<string[]>;
  /** Label names of the series matching `match`. */
  labelNames(match: string): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startPrometheus(options: PrometheusOptions): Promise<RunningPrometheus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fc-prometheus-"));
  const ruleFiles = (options.rules ?? []).map((text, i) => {
    const file = path.join(dir, `rules-${i}.yaml`);
    writeFileSync(file, text);
    return file;
  });
  const interval = `${options.intervalSeconds}s`;
  const config = {
    global: {
      scrape_interval: interval,
      scrape_timeout: `${Math.round(options.intervalSeconds * 800)}ms`,
      evaluation_interval: interval,
    },
    rule_files: ruleFiles,
    scrape_configs: [
      {
        job_name: options.job,
        static_configs: options.targets.map((t) => ({ targets: [t.address], labels: t.labels })),
      },
    ],
  };
  writeFileSync(path.join(dir, "prometheus.yml"), stringify(config));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child: ChildProcess = spawn(
    "prometheus",
    [
      `--config.file=${path.join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const collect = (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean));
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const api = async (pathAndQuery: string): Promise<any> => {
    const res = await fetch(url + pathAndQuery);
    const body = (await res.json()) as { status: string; data: unknown; error?: string };
    if (body.status !== "success") throw new Error(`Prometheus ${pathAndQuery}: ${body.error ?? res.status}`);
    return body.data;
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}:\n${logs.join("\n")}`);
    if (
      await fetch(`${url}/-/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`prometheus did not become ready:\n${logs.join("\n")}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    logs,
    async query(expr, time) {
      const data = (await api(
        `/api/v1/query?query=${encodeURIComponent(expr)}${time === undefined ? "" : `&time=${time}`}`,
      )) as { resultType: string; result: any[] };
      if (data.resultType === "scalar") return [{ metric: {}, value: Number(data.result[1]) }];
      return data.result.map((r: { metric: Record<string, string>; value: [number, string] }) => ({
        metric: r.metric,
        value: Number(r.value[1]),
      }));
    },
    async samples(selector, time) {
      const data = (await api(
        `/api/v1/query?query=${encodeURIComponent(selector)}${time === undefined ? "" : `&time=${time}`}`,
      )) as { result: { metric: Record<string, string>; values: [number, string][] }[] };
      return data.result.map((r) => ({
        metric: r.metric,
        values: r.values.map(([t, v]) => [t, Number(v)] as [number, number]),
      }));
    },
    async queryRange(expr, start, end, stepSeconds) {
      const data = (await api(
        `/api/v1/query_range?query=${encodeURIComponent(expr)}&start=${start}&end=${end}&step=${stepSeconds}`,
      )) as { result: { metric: Record<string, string>; values: [number, string][] }[] };
      return data.result.map((r) => ({
        metric: r.metric,
        values: r.values.map(([t, v]) => [t, Number(v)] as [number, number]),
      }));
    },
    labelValues: (label, match) => api(`/api/v1/label/${label}/values?match[]=${encodeURIComponent(match)}`),
    labelNames: (match) => api(`/api/v1/labels?match[]=${encodeURIComponent(match)}`),
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
