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
import { ALERTS, dashboard, drawnPanels, legendLabels, type Rule } from "./dashboard";

const tools = hasPromtool();
const ready = tools && hasBuild();
/** Series Prometheus makes itself (not the site's /metrics). */
const PROMETHEUS_SERIES = new Set(["up"]);
const ALERT_TESTS = path.join(CHART, "files/alerts.test.yaml");

const PROMQL_WORDS = new Set([
  "sum",
  "min",
  "max",
  "avg",
  "count",
  "rate",
  "irate",
  "increase",
  "delta",
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "and",
  "or",
  "unless",
  "bool",
  "offset",
  "histogram_quantile",
  "clamp_min",
  "clamp_max",
  "abs",
  "topk",
  "bottomk",
  "quantile",
  "absent",
  "vector",
  "scalar",
  "time",
  "le",
  "timestamp",
  "changes",
  "last_over_time",
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

const dashboardExprs = () =>
  dashboard()
    .panels.flatMap((p) => p.targets ?? [])
    .map((t) => t.expr);

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
      (
        readYaml(ALERT_TESTS)[0] as { tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[] }
      ).tests
        .flatMap((t) => t.alert_rule_test ?? [])
        .filter((t) => t.exp_alerts.length > 0)
        .map((t) => t.alertname),
    );
    for (const rule of rules()) expect(tested, `${rule.alert} has a test that fires it`).toContain(rule.alert);
  });

  it("cover targets down or absent, restarts, 5xx, abandoned requests, latency, event-loop lag, origin failures and credentials, webhooks, CDN purges, stale serving, Redis down or flapping and the hit ratio, each with an actionable runbook entry", () => {
    const names = rules().map((r) => r.alert);
    for (const alert of [
      "FcSiteTargetDown",
      "FcSiteTargetsAbsent",
      "FcSiteHigh5xxRate",
      "FcSiteLatencyBudgetBurnFast",
      "FcSiteLatencyBudgetBurnSlow",
      "FcSiteEventLoopLag",
      "FcSiteOriginFailing",
      "FcSiteOriginUnauthorized",
      "FcSiteWebhookRejected",
      "FcSiteCdnPurgeFailing",
      "FcSiteServingStale",
      "FcSiteRedisDown",
      "FcSiteCacheHitRatioLow",
      "FcSitePodRestarting",
      "FcSiteRequestsAbandoned",
      "FcSiteRedisFlapping",
    ])
      expect(names).toContain(alert);
    // Every expression is about the site's job, and the 5xx and latency alerts leave the probes out.
    for (const rule of rules()) expect(rule.expr, rule.alert).toContain('job="fc-site"');
    for (const rule of rules().filter((r) => /^FcSite(High5xx|LatencyBudget|RequestsAbandoned)/.test(r.alert))) {
      const selectors = [
        ...rule.expr.matchAll(/(?:http_request_duration_seconds_\w+|http_requests_total)\{([^}]*)\}/g),
      ];
      expect(selectors.length, rule.alert).toBeGreaterThan(0);
      for (const selector of selectors) expect(selector[1], rule.alert).toMatch(/route!~"\/healthz\|\/readyz/);
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
      expect(runbook, `docs/runbook.md has a section ### ${rule.alert}`).toMatch(
        new RegExp(`^### ${rule.alert}$`, "m"),
      );
      // Actionable: the section says what to run (a command in a code block).
      const section = runbook.split(new RegExp(`^### ${rule.alert}$`, "m"))[1]!.split(/^#{2,3} /m)[0]!;
      expect(section, `the runbook's ${rule.alert} section has a command to run`).toMatch(
        /```(sh|console|text)?\n[^`]*(kubectl|curl|redis-cli|promtool)[^`]*```/,
      );
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
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "wp_cache_lookups_total",
      "wp_cache_reads_total",
      "wp_origin_requests_total",
      "wp_origin_request_duration_seconds_bucket",
      "wp_cache_purges_total",
      "wp_cache_redis_up",
      "nodejs_eventloop_lag_p99_seconds",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "webhook_requests_total",
      "cdn_purge_requests_total",
      "page_renders_total",
      "up",
      "process_start_time_seconds",
    ])
      expect(used, metric).toContain(metric);
  });

  it("answers first whether every pod is scraped: targets up, the last scrape's age, restarts", () => {
    const board = dashboard();
    expect(board.panels[0]).toMatchObject({ type: "row", title: "Pods: scraped and serving" });
    const top = drawnPanels(board).slice(0, 3);
    expect(top.map((p) => p.title)).toEqual([
      "Pods up (Prometheus scrapes them)",
      "Seconds since the last successful scrape",
      "Restarts (dashboard range)",
    ]);
    expect(top.map((p) => metricNames(p.targets![0]!.expr))).toEqual([
      ["up"],
      ["process_start_time_seconds"],
      ["process_start_time_seconds"],
    ]);
    // Nothing that reads a rate sits above them.
    const firstRate = drawnPanels(board).findIndex((p) => p.targets?.some((t) => /\b(rate|increase)\(/.test(t.expr)));
    expect(firstRate).toBeGreaterThanOrEqual(3);
  });

  it("keeps units and legends true to the queries", () => {
    for (const panel of drawnPanels()) {
      const exprs = panel.targets!.map((t) => t.expr);
      const unit = panel.fieldConfig?.defaults?.unit;
      // A panel draws one kind of number: ratios (a division) or not, never both on one axis.
      const ratios = exprs.map((e) => /\)\s*\/\s*(ignoring \(\w+\) group_left )?sum/.test(e));
      expect(new Set(ratios).size, `${panel.title} mixes ratios with other series`).toBe(1);
      if (ratios[0]) expect(unit, panel.title).toBe("percentunit");
      if (unit === "percentunit" && !ratios[0]) throw new Error(`${panel.title}: percent of what?`);
      if (unit === "reqps") for (const e of exprs) expect(e, panel.title).toMatch(/\brate\(/);
      // Mean or max of a 0/1 state says nothing an SRE can use.
      if (unit === "bool" || panel.type === "state-timeline")
        expect(panel.options?.legend?.calcs ?? [], panel.title).not.toEqual(expect.arrayContaining(["mean"]));
      // A legend names labels the query keeps (by, or the selected series' own).
      for (const target of panel.targets!) {
        const by = [...target.expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(",").map((l) => l.trim()));
        const aggregated = /\b(sum|max|min|avg|count)\b/.test(target.expr);
        for (const label of legendLabels(target.legendFormat))
          if (aggregated) expect(by, `${panel.title}: {{${label}}}`).toContain(label);
      }
    }
  });

  it("is what the runbook describes: every panel and row it names exists", () => {
    const runbook = readFileSync(path.join(ROOT, "docs/runbook.md"), "utf8");
    const titles = new Set(dashboard().panels.map((p) => p.title));
    // Markdown wraps lines inside a title.
    const named = [...runbook.matchAll(/(?:panel|row)\s+"([^"]+)"|"([^"]+)"\s+(?:panel|row)/gi)].map((m) =>
      (m[1] ?? m[2]!).replace(/\s+/g, " "),
    );
    expect(named.length).toBeGreaterThan(10);
    for (const title of named) expect(titles, `the runbook names "${title}"`).toContain(title);
  });
});

describe.runIf(ready)("the running site's /metrics", () => {
  let site: RunningSite;
  let exposition: string;
  let samples: string[];

  beforeAll(async () => {
    // With a CDN configured, as the alerts expect (cdn_purge_requests_total exists only then); no
    // purge is sent during the test.
    site = await startSite({
      CDN_PROVIDER: "varnish",
      CDN_VARNISH_URLS: "http://127.0.0.1:9",
      CDN_API_TOKEN: "monitoring-edge-token-0123",
    });
    // Traffic that makes the request and origin histograms (created on first use) appear.
    for (const path of ["/products", "/it/collezioni", "/no-such-page", "/healthz"])
      await (await fetch(site.url + path)).arrayBuffer();
    exposition = await (await fetch(site.metricsUrl)).text();
    samples = exposition.split("\n").filter((l) => l && !l.startsWith("#"));
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  it("passes promtool check metrics, but for prom-client's own nodejs_active_*_total gauges", () => {
    const result = run("promtool", ["check", "metrics"], { input: exposition });
    const findings = (result.stdout + result.stderr)
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const allowed = /^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/;
    expect(findings.filter((f) => !allowed.test(f))).toEqual([]);
  });

  it("has every metric the dashboard and the alerts read", () => {
    const present = new Set(samples.map((l) => l.split(/[{\s]/)[0]!));
    const wanted = new Set(
      [...dashboardExprs(), ...rules().map((r) => r.expr)]
        .flatMap(metricNames)
        .filter((m) => !PROMETHEUS_SERIES.has(m)),
    );
    expect(wanted.size).toBeGreaterThan(8);
    for (const metric of wanted) expect(present, metric).toContain(metric);
  });

  it("has no label a Prometheus Operator target label would shadow (it would become exported_*)", () => {
    const names = new Set(
      samples.flatMap((l) => [...(l.match(/\{([^}]*)\}/)?.[1] ?? "").matchAll(/(\w+)="/g)].map((m) => m[1]!)),
    );
    for (const label of ["endpoint", "namespace", "pod", "service", "job", "instance", "container"])
      expect(names, label).not.toContain(label);
    expect(samples.some((l) => l.startsWith("wp_origin_requests_total{rest_route="))).toBe(true);
  });

  it("has the label values they select on, from start-up", () => {
    for (const { metric, label, value } of [...dashboardExprs(), ...rules().map((r) => r.expr)].flatMap(
      exactSelections,
    )) {
      const found = samples.some(
        (l) => (l.startsWith(`${metric}{`) || l.startsWith(`${metric}_count{`)) && l.includes(`${label}="${value}"`),
      );
      expect(found, `${metric}{${label}="${value}"}`).toBe(true);
    }
  });
});
