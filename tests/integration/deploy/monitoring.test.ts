// The dashboard and the alerts against the real tools and the real app: promtool checks the rule
// file and runs its unit tests (alerts.test.yaml fires every alert on made-up series); the built
// site, started as `npm start` would, exposes every metric the dashboard and the alerts name, with
// the label values they select on, and its /metrics passes `promtool check metrics` (only the lint
// findings on prom-client's own nodejs_active_*_total gauges are allowed).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../../support/requirements";
import { startSite, type RunningSite } from "../../support/site";
import { CHART, ROOT, hasPromtool, readYaml, run } from "./tools";

const tools = hasPromtool();
const ready = tools && hasBuild();
const ALERTS = path.join(CHART, "files/alerts.yaml");
/** Series Prometheus makes itself (not the site's /metrics). */
const PROMETHEUS_SERIES = new Set(["up"]);
const ALERT_TESTS = path.join(CHART, "files/alerts.test.yaml");
const DASHBOARD = path.join(CHART, "files/dashboard.json");

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { expr: string; refId: string }[];
}

const PROMQL_WORDS = new Set([
  "sum", "min", "max", "avg", "count", "rate", "irate", "increase", "delta", "by", "without", "on", "ignoring",
  "group_left", "group_right", "and", "or", "unless", "bool", "offset", "histogram_quantile", "clamp_min", "clamp_max",
  "abs", "topk", "bottomk", "quantile", "absent", "vector", "scalar", "time", "le",
]);

/** The metric names a PromQL expression reads. */
export function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ")
    .replace(/\$\w+/g, " ");
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = stripped.slice(match.index + match[0].length).trimStart();
    if (after.startsWith("(") || PROMQL_WORDS.has(match[0])) continue;
    names.add(match[0]);
  }
  return [...names];
}

/** `metric{label="value"}` selections with exact matchers (regex matchers are not checked). */
function exactSelections(expr: string): { metric: string; label: string; value: string }[] {
  const out: { metric: string; label: string; value: string }[] = [];
  for (const selector of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)) {
    for (const matcher of selector[2]!.matchAll(/(\w+)\s*=\s*"([^"$]*)"/g)) {
      if (["job", "namespace", "pod", "instance"].includes(matcher[1]!)) continue;
      if (selector[2]!.includes(`${matcher[1]}=~`) || selector[2]!.includes(`${matcher[1]}!=`)) continue;
      out.push({ metric: selector[1]!, label: matcher[1]!, value: matcher[2]! });
    }
  }
  return out;
}

const rules = (): Rule[] => (readYaml(ALERTS)[0] as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
const dashboard = () => JSON.parse(readFileSync(DASHBOARD, "utf8")) as { uid: string; title: string; panels: Panel[]; templating: { list: { name: string }[] } };
const dashboardExprs = () => dashboard().panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);

describe.runIf(tools)("the alert rules", () => {
  it("pass promtool check rules", () => {
    const result = run("promtool", ["check", "rules", ALERTS]);
    expect(result.stderr + result.stdout).toMatch(/SUCCESS: \d+ rules found/);
    expect(result.status).toBe(0);
  });

  it("pass their promtool unit tests, which fire every alert", () => {
    const result = run("promtool", ["test", "rules", ALERT_TESTS]);
    expect(result.stdout + result.stderr).toContain("SUCCESS");
    expect(result.status).toBe(0);
    const tested = new Set(
      (readYaml(ALERT_TESTS)[0] as { tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[] }).tests
        .flatMap((t) => t.alert_rule_test ?? [])
        .filter((t) => t.exp_alerts.length > 0)
        .map((t) => t.alertname),
    );
    for (const rule of rules()) expect(tested, `${rule.alert} has a test that fires it`).toContain(rule.alert);
  });

  it("cover targets down or absent, restarts, 5xx, abandoned requests, latency, event-loop lag, origin failures and credentials, webhooks, CDN purges, stale serving, Redis down or flapping and the hit ratio, each with an actionable runbook entry", () => {
    const names = rules().map((r) => r.alert);
    for (const alert of [
      "FcSiteTargetDown", "FcSiteTargetsAbsent", "FcSiteHigh5xxRate", "FcSiteLatencyBudgetBurnFast", "FcSiteLatencyBudgetBurnSlow",
      "FcSiteEventLoopLag", "FcSiteOriginFailing", "FcSiteOriginUnauthorized", "FcSiteWebhookRejected", "FcSiteCdnPurgeFailing",
      "FcSiteServingStale", "FcSiteRedisDown", "FcSiteCacheHitRatioLow", "FcSitePodRestarting", "FcSiteRequestsAbandoned",
      "FcSiteRedisFlapping",
    ]) expect(names).toContain(alert);
    // Every expression is about the site's job, and the 5xx and latency alerts leave the probes out.
    for (const rule of rules()) expect(rule.expr, rule.alert).toContain('job="fc-site"');
    for (const rule of rules().filter((r) => /^FcSite(High5xx|LatencyBudget)/.test(r.alert))) {
      for (const selector of rule.expr.matchAll(/http_request_duration_seconds_\w+\{([^}]*)\}/g)) expect(selector[1], rule.alert).toMatch(/route!~"\/healthz\|\/readyz/);
    }
    const runbook = readFileSync(path.join(ROOT, "docs/runbook.md"), "utf8");
    for (const rule of rules()) {
      expect(["critical", "warning"]).toContain(rule.labels.severity);
      expect(rule.for, rule.alert).toBeTruthy();
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.description, rule.alert).toBeTruthy();
      // The chart puts an absolute URL (metrics.prometheusRule.runbookUrl) in place of $RUNBOOK_URL.
      expect(rule.annotations.runbook_url).toBe(`$RUNBOOK_URL#${rule.alert.toLowerCase()}`);
      expect(rule.annotations.runbook, rule.alert).toBeUndefined();
      expect(runbook, `docs/runbook.md has a section ### ${rule.alert}`).toMatch(new RegExp(`^### ${rule.alert}$`, "m"));
      // Actionable: the section says what to run (a command in a code block).
      const section = runbook.split(new RegExp(`^### ${rule.alert}$`, "m"))[1]!.split(/^#{2,3} /m)[0]!;
      expect(section, `the runbook's ${rule.alert} section has a command to run`).toMatch(/```(sh|console|text)?\n[^`]*(kubectl|curl|redis-cli|promtool)[^`]*```/);
    }
  });
});

describe.runIf(tools)("the dashboard", () => {
  it("is a Grafana dashboard whose panels all query Prometheus", () => {
    const board = dashboard();
    expect(board.uid).toBe("fc-site");
    expect(board.templating.list.map((v) => v.name)).toEqual(["datasource", "namespace", "pod"]);
    const ids = board.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of board.panels.filter((p) => p.type !== "row")) {
      expect(panel.datasource, panel.title).toEqual({ type: "prometheus", uid: "${datasource}" });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it("shows every series the runbook reads", () => {
    const used = new Set(dashboardExprs().flatMap(metricNames));
    for (const metric of [
      "http_request_duration_seconds_count", "http_request_duration_seconds_bucket", "wp_cache_lookups_total",
      "wp_origin_requests_total", "wp_origin_request_duration_seconds_bucket", "wp_cache_purges_total", "wp_cache_redis_up",
      "nodejs_eventloop_lag_p99_seconds", "process_resident_memory_bytes", "nodejs_heap_size_used_bytes",
      "webhook_requests_total", "cdn_purge_requests_total",
    ]) expect(used, metric).toContain(metric);
  });
});

describe.runIf(ready)("the running site's /metrics", () => {
  let site: RunningSite;
  let exposition: string;
  let samples: string[];

  beforeAll(async () => {
    // With a CDN configured, as the alerts expect (cdn_purge_requests_total exists only then); no
    // purge is sent during the test.
    site = await startSite({ CDN_PROVIDER: "varnish", CDN_VARNISH_URLS: "http://127.0.0.1:9", CDN_API_TOKEN: "monitoring-edge-token-0123" });
    // Traffic that makes the request and origin histograms (created on first use) appear.
    for (const path of ["/products", "/it/collezioni", "/no-such-page", "/healthz"]) await (await fetch(site.url + path)).arrayBuffer();
    exposition = await (await fetch(site.metricsUrl)).text();
    samples = exposition.split("\n").filter((l) => l && !l.startsWith("#"));
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it("passes promtool check metrics, but for prom-client's own nodejs_active_*_total gauges", () => {
    const result = run("promtool", ["check", "metrics"], { input: exposition });
    const findings = (result.stdout + result.stderr).split("\n").map((l) => l.trim()).filter(Boolean);
    const allowed = /^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/;
    expect(findings.filter((f) => !allowed.test(f))).toEqual([]);
  });

  it("has every metric the dashboard and the alerts read", () => {
    const present = new Set(samples.map((l) => l.split(/[{\s]/)[0]!));
    const wanted = new Set([...dashboardExprs(), ...rules().map((r) => r.expr)].flatMap(metricNames).filter((m) => !PROMETHEUS_SERIES.has(m)));
    expect(wanted.size).toBeGreaterThan(8);
    for (const metric of wanted) expect(present, metric).toContain(metric);
  });

  it("has the label values they select on, from start-up", () => {
    for (const { metric, label, value } of [...dashboardExprs(), ...rules().map((r) => r.expr)].flatMap(exactSelections)) {
      const found = samples.some((l) => (l.startsWith(`${metric}{`) || l.startsWith(`${metric}_count{`)) && l.includes(`${label}="${value}"`));
      expect(found, `${metric}{${label}="${value}"}`).toBe(true);
    }
  });
});
