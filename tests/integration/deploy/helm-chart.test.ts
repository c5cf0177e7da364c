// The Helm chart (helm/fc-site), rendered without a helm binary by scripts/deploy-checks/helm-render
// (text/template + sprig + Helm's include/tpl/required/toYaml/.Files.Get), for the default values
// and for the production example: every document is valid YAML with apiVersion, kind and a name;
// the site's pods have resources, probes, a non-root read-only securityContext, scratch volumes
// and a preStop pause inside a long enough grace period; the Ingress routes the public port only;
// selectors match; the environment is what server/config.ts reads, secrets only in the Secret. And
// values.yaml meets values.schema.json, which refuses the mistakes it is there to catch.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CHART,
  RUNTIME_ENV,
  SECRET_ENV,
  cdnEnvNames,
  configEnvNames,
  hasGoRenderer,
  readYaml,
  renderChart,
  tryRenderChart,
  validateValues,
  type K8sObject,
  type Manifest,
} from "./tools";

const ready = hasGoRenderer();
const PRODUCTION = path.join(CHART, "ci/production-values.yaml");
const scratch = mkdtempSync(path.join(os.tmpdir(), "fc-chart-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function valuesFile(name: string, yaml: string): string {
  const file = path.join(scratch, `${name}.yaml`);
  writeFileSync(file, yaml);
  return file;
}

const kinds = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.object.kind === kind).map((m) => m.object);
const one = (manifests: Manifest[], kind: string, name?: string): K8sObject => {
  const found = kinds(manifests, kind).filter((o) => name === undefined || o.metadata.name === name);
  expect(found, `${kind} ${name ?? ""}`).toHaveLength(1);
  return found[0]!;
};
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels?.[k] === v);

describe.runIf(ready)("the Helm chart", () => {
  const variants: [string, string[]][] = [
    ["default values", []],
    ["the production example", [PRODUCTION]],
  ];

  describe.each(variants)("rendered with %s", (_name, files) => {
    const { manifests, notes } = ready ? renderChart(files) : { manifests: [] as Manifest[], notes: "" };
    const site = () => one(manifests, "Deployment", "fc-site");

    it("renders only valid documents with apiVersion, kind, metadata.name and the chart's labels", () => {
      expect(manifests.length).toBeGreaterThan(5);
      for (const { template, object } of manifests) {
        expect(object.apiVersion, template).toMatch(/^[a-z0-9.]*\/?v\d+(beta\d+|alpha\d+)?$/);
        expect(object.kind, template).toMatch(/^[A-Z][A-Za-z]+$/);
        expect(object.metadata?.name, template).toMatch(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/);
        expect(object.metadata?.labels?.["app.kubernetes.io/managed-by"], template).toBe("Helm");
      }
      const ids = manifests.map((m) => `${m.object.kind}/${m.object.metadata.name}`);
      expect(new Set(ids).size).toBe(ids.length);
      expect(notes).toContain("/healthz");
    });

    it("gives every container resources, probes and a non-root, read-only security context", () => {
      for (const deployment of kinds(manifests, "Deployment")) {
        const pod = deployment.spec.template.spec;
        expect(pod.securityContext?.runAsNonRoot, deployment.metadata.name).toBe(true);
        expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
        expect(pod.automountServiceAccountToken).toBe(false);
        for (const container of pod.containers) {
          const where = `${deployment.metadata.name}/${container.name}`;
          expect(container.resources?.requests?.cpu, where).toBeTruthy();
          expect(container.resources?.requests?.memory, where).toBeTruthy();
          expect(container.resources?.limits?.memory, where).toBeTruthy();
          expect(container.livenessProbe, where).toBeTruthy();
          expect(container.readinessProbe, where).toBeTruthy();
          expect(container.securityContext?.allowPrivilegeEscalation, where).toBe(false);
          expect(container.securityContext?.readOnlyRootFilesystem, where).toBe(true);
          expect(container.securityContext?.capabilities?.drop, where).toContain("ALL");
        }
      }
    });

    it("probes /healthz and /readyz, pauses before stopping, and waits long enough for the drain", () => {
      const pod = site().spec.template.spec;
      const container = pod.containers[0];
      expect(container.image).toMatch(/^[^\s:@]+(:[\w.-]+|@sha256:[a-f0-9]{64})$/);
      expect(container.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
      expect(container.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "http" });
      expect(container.startupProbe.httpGet.path).toBe("/healthz");
      const preStop = container.lifecycle.preStop;
      const pause = preStop.sleep ? preStop.sleep.seconds : Number(/setTimeout\(.*?(\d+)\)/.exec(preStop.exec.command.join(" "))![1]) / 1000;
      if (preStop.exec) expect(preStop.exec.command[0]).toBe("node");
      expect(pause).toBeGreaterThanOrEqual(5);
      // The app force-exits 25 s after SIGTERM; the kubelet must not kill it first.
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pause + 25 + 5);
      const mounts = Object.fromEntries(container.volumeMounts.map((m: K8sObject) => [m.mountPath, m.name]));
      expect(Object.keys(mounts).sort()).toEqual(["/app/.cache", "/tmp"]);
      for (const name of Object.values(mounts)) expect(pod.volumes.find((v: K8sObject) => v.name === name)?.emptyDir).toBeTruthy();
      expect(container.ports.map((p: K8sObject) => [p.name, p.containerPort])).toEqual([["http", 3000], ["metrics", 9464]]);
      // Rolling updates add pods before removing any.
      expect(site().spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    });

    it("selects its own pods only: Service, PDB, HPA and the bundled Redis do not cross", () => {
      const podLabels = site().spec.template.metadata.labels;
      const service = one(manifests, "Service", "fc-site");
      expect(matches(service.spec.selector, podLabels)).toBe(true);
      expect(service.spec.ports.map((p: K8sObject) => [p.name, p.port, p.targetPort])).toEqual([["http", 3000, "http"], ["metrics", 9464, "metrics"]]);
      expect(matches(site().spec.selector.matchLabels, podLabels)).toBe(true);
      for (const pdb of kinds(manifests, "PodDisruptionBudget")) expect(matches(pdb.spec.selector.matchLabels, podLabels)).toBe(true);
      for (const hpa of kinds(manifests, "HorizontalPodAutoscaler")) {
        expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: "fc-site" });
        expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
        expect("replicas" in site().spec).toBe(false);
      }
      for (const redis of kinds(manifests, "Deployment").filter((d) => d.metadata.name !== "fc-site")) {
        const labels = redis.spec.template.metadata.labels;
        expect(matches(service.spec.selector, labels), "the site Service must not select Redis").toBe(false);
        expect(matches(site().spec.selector.matchLabels, labels)).toBe(false);
      }
    });

    it("routes only the public port through the Ingress, with proxy buffers that fit an 8 KiB Surrogate-Key", () => {
      for (const ingress of kinds(manifests, "Ingress")) {
        const backends = ingress.spec.rules.flatMap((r: K8sObject) => r.http.paths.map((p: K8sObject) => p.backend.service));
        expect(backends.length).toBeGreaterThan(0);
        for (const backend of backends) expect(backend).toEqual({ name: "fc-site", port: { name: "http" } });
        const size = ingress.metadata.annotations["nginx.ingress.kubernetes.io/proxy-buffer-size"];
        expect(Number.parseInt(size, 10) * (size.endsWith("k") ? 1024 : 1)).toBeGreaterThanOrEqual(16 * 1024);
      }
    });

    it("puts the app's configuration in a ConfigMap and only secrets in the Secret", () => {
      const known = new Set([...configEnvNames(), ...cdnEnvNames(), ...RUNTIME_ENV]);
      const config = one(manifests, "ConfigMap", "fc-site").data as Record<string, string>;
      for (const key of Object.keys(config)) expect(known, `ConfigMap key ${key}`).toContain(key);
      for (const secret of SECRET_ENV) expect(config).not.toHaveProperty(secret);
      expect(config.PORT).toBe("3000");
      expect(config.METRICS_PORT).toBe("9464");
      const container = site().spec.template.spec.containers[0];
      const refs = container.envFrom.map((e: K8sObject) => e.configMapRef?.name ?? e.secretRef?.name);
      expect(refs[0]).toBe("fc-site");
      for (const secret of kinds(manifests, "Secret")) {
        expect(refs).toContain(secret.metadata.name);
        for (const key of Object.keys(secret.data ?? {})) expect([...SECRET_ENV, "REDIS_URL"]).toContain(key);
      }
    });

    it("ships the dashboard as a ConfigMap with Grafana's sidecar label", () => {
      const dashboard = one(manifests, "ConfigMap", "fc-site-dashboard");
      expect(dashboard.metadata.labels.grafana_dashboard).toBe("1");
      expect(JSON.parse(dashboard.data["fc-site.json"])).toEqual(JSON.parse(readFileSync(path.join(CHART, "files/dashboard.json"), "utf8")));
    });
  });

  it("defaults: demo mode with the bundled Redis, no Operator objects", () => {
    const { manifests } = renderChart();
    const config = one(manifests, "ConfigMap", "fc-site").data;
    expect(config.WP_URL).toBeUndefined();
    expect(config.REDIS_URL).toBe("redis://fc-site-redis:6379");
    one(manifests, "Service", "fc-site-redis");
    one(manifests, "NetworkPolicy", "fc-site-redis");
    expect(kinds(manifests, "ServiceMonitor")).toHaveLength(0);
    expect(kinds(manifests, "PrometheusRule")).toHaveLength(0);
    expect(kinds(manifests, "Ingress")).toHaveLength(0);
  });

  it("production: external Sentinel, existing Secret, ServiceMonitor on the metrics port and every alert group", () => {
    const { manifests } = renderChart([PRODUCTION]);
    expect(kinds(manifests, "Secret")).toHaveLength(0);
    expect(kinds(manifests, "Deployment").map((d) => d.metadata.name)).toEqual(["fc-site"]);
    const container = one(manifests, "Deployment", "fc-site").spec.template.spec.containers[0];
    expect(container.envFrom[1].secretRef.name).toBe("fc-site-production");
    expect(container.image).toMatch(/@sha256:/);
    const config = one(manifests, "ConfigMap", "fc-site").data;
    expect(config.REDIS_SENTINELS).toContain(":26379");
    // YAML numbers reach Go templates as float64; a million must not become 2.592e+06.
    expect(config.CACHE_STALE_SECONDS).toBe("2592000");
    expect(config.LOCALE_COOKIE_SECURE).toBe("true");
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.CDN_PROVIDER).toBe("fastly");
    const monitor = one(manifests, "ServiceMonitor");
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: "metrics", path: "/metrics" })]);
    expect(monitor.spec.jobLabel).toBe("app.kubernetes.io/name");
    expect(matches(monitor.spec.selector.matchLabels, one(manifests, "Service", "fc-site").metadata.labels)).toBe(true);
    const rule = one(manifests, "PrometheusRule");
    const file = readYaml(path.join(CHART, "files/alerts.yaml"))[0];
    expect(rule.spec.groups).toEqual(file.groups);
  });

  it("leaves the Redis alerts out for a site without Redis", () => {
    const { manifests } = renderChart([valuesFile("no-redis", "redis:\n  enabled: false\nmetrics:\n  prometheusRule:\n    enabled: true\n")]);
    const groups = one(manifests, "PrometheusRule").spec.groups.map((g: K8sObject) => g.name);
    expect(groups).not.toContain("fc-site.redis");
    expect(groups).toContain("fc-site.http");
    expect(one(manifests, "ConfigMap", "fc-site").data.REDIS_URL).toBeUndefined();
  });

  it("uses Kubernetes' preStop.sleep when asked, and creates the Secret from values", () => {
    const { manifests } = renderChart([
      valuesFile("sleep", 'lifecycle:\n  preStopMode: sleep\n  preStopSeconds: 8\nsecrets:\n  existingSecret: ""\n  values:\n    PURGE_SECRET: "0123456789abcdef0123"\n    ADMIN_TOKEN: ""\n'),
    ]);
    const container = one(manifests, "Deployment", "fc-site").spec.template.spec.containers[0];
    expect(container.lifecycle.preStop).toEqual({ sleep: { seconds: 8 } });
    const secret = one(manifests, "Secret", "fc-site-env");
    expect(Object.keys(secret.data)).toEqual(["PURGE_SECRET"]);
    expect(Buffer.from(secret.data.PURGE_SECRET, "base64").toString()).toBe("0123456789abcdef0123");
  });

  it("refuses contradictory or incomplete settings with a message", () => {
    const both = tryRenderChart([valuesFile("both-redis", "redis:\n  enabled: true\nconfig:\n  REDIS_URL: redis://elsewhere:6379\n")]);
    expect(both.status).not.toBe(0);
    expect(both.stderr).toMatch(/exclude each other/);
    const fastly = tryRenderChart([valuesFile("fastly", "cdn:\n  provider: fastly\n")]);
    expect(fastly.status).not.toBe(0);
    expect(fastly.stderr).toMatch(/cdn.fastlyServiceId is required/);
  });

  describe("values.schema.json", () => {
    it("accepts values.yaml and the production example", () => {
      for (const files of [[], [PRODUCTION]]) {
        const result = validateValues(files);
        expect(result.stderr).toBe("");
        expect(result.status).toBe(0);
      }
    });

    it.each([
      ["a secret in the ConfigMap", "config:\n  PURGE_SECRET: topsecret-topsecret\n", /PURGE_SECRET/],
      ["a misspelt top-level key", "replicas: 3\n", /replicas/],
      ["a replica count as text", "replicaCount: two\n", /replicaCount/],
      ["an unknown CDN", "cdn:\n  provider: akamai\n", /provider/],
      ["root in the pod", "podSecurityContext:\n  runAsNonRoot: false\n", /runAsNonRoot/],
      ["a short PURGE_SECRET", 'secrets:\n  existingSecret: ""\n  values:\n    PURGE_SECRET: short\n', /PURGE_SECRET/],
      ["an unknown secret key", 'secrets:\n  existingSecret: ""\n  values:\n    GITHUB_TOKEN: x\n', /GITHUB_TOKEN|propertyNames|must be one of/i],
      ["a grace period shorter than the drain", "terminationGracePeriodSeconds: 10\n", /terminationGracePeriodSeconds/],
      ["an Ingress path without a pathType", "ingress:\n  enabled: true\n  hosts:\n    - host: a.example\n      paths:\n        - path: /\n", /pathType/],
      ["a lowercase environment name", "config:\n  site_url: https://a.example\n", /site_url|propertyNames|pattern/i],
    ])("refuses %s", (name, yaml, message) => {
      const result = validateValues([valuesFile(name.replaceAll(" ", "-"), yaml)]);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(message);
    });
  });
});
