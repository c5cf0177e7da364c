// The chart's Grafana dashboard and alert rules as the tests read them: the panels with their
// queries, the queries with Grafana's template variables put in, and the rules with their `for:`
// shortened for a test that cannot wait minutes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";
import { CHART } from "./tools";

export const DASHBOARD = path.join(CHART, "files/dashboard.json");
export const ALERTS = path.join(CHART, "files/alerts.yaml");

export interface PanelTarget {
  expr: string;
  legendFormat?: string;
  refId: string;
  instant?: boolean;
}
export interface Panel {
  id: number;
  type: string;
  title: string;
  description?: string;
  datasource?: { type: string; uid: string };
  gridPos: { h: number; w: number; x: number; y: number };
  targets?: PanelTarget[];
  fieldConfig?: { defaults?: { unit?: string } };
  options?: { legend?: { calcs?: string[] } };
}
export interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; query?: { query: string } | string; definition?: string }[] };
}

export const dashboard = (): Dashboard => JSON.parse(readFileSync(DASHBOARD, "utf8")) as Dashboard;

/** The panels that draw something (not rows), top to bottom as Grafana lays them out. */
export function drawnPanels(board = dashboard()): Panel[] {
  return board.panels
    .filter((p) => p.type !== "row")
    .sort((a, b) => a.gridPos.y - b.gridPos.y || a.gridPos.x - b.gridPos.x);
}

export function panelByTitle(title: string, board = dashboard()): Panel {
  const panel = board.panels.find((p) => p.title === title);
  if (!panel) throw new Error(`the dashboard has no panel "${title}"`);
  return panel;
}

/**
 * A panel query as Grafana sends it: the namespace and pod variables chosen ("All" pods is
 * `.*`, the variable's allValue), and `$__rate_interval` / `$__range` as the window asked for.
 */
export function substitute(expr: string, vars: { namespace: string; pod?: string; windowSeconds: number }): string {
  return expr
    .replaceAll("$namespace", vars.namespace)
    .replaceAll("$pod", vars.pod ?? ".*")
    .replaceAll("$__rate_interval", `${vars.windowSeconds}s`)
    .replaceAll("$__range", `${vars.windowSeconds}s`);
}

/** The `{{label}}`s of a legend. */
export function legendLabels(legendFormat: string | undefined): string[] {
  return [...(legendFormat ?? "").matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
}

export interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

export function alertRules(): Rule[] {
  return (parse(readFileSync(ALERTS, "utf8")) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);
}

/** The chart's rules file with every `for:` set to `forDuration`, the rest as it is. */
export function rulesWithShortFor(forDuration: string): string {
  const file = parse(readFileSync(ALERTS, "utf8")) as { groups: { rules: Rule[] }[] };
  for (const group of file.groups) for (const rule of group.rules) if (rule.for) rule.for = forDuration;
  return stringify(file);
}
