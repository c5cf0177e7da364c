// The Helm chart (helm/fc-site), rendered by the real Helm 4 (`helm template`, `helm lint --strict`,
// `helm install --dry-run=client` for the notes), for the demo and for the production example:
// every document is valid YAML with apiVersion, kind and a name, and valid against the Kubernetes
// schemas (kubernetes-models, offline; the Prometheus Operator's for its objects);
// the site's pods have resources, probes, a non-root read-only securityContext, scratch volumes
// and a preStop pause inside a long enough grace period; the Ingress routes the public port only;
// selectors match; the environment is what server/environment.ts reads, secrets only in the Secret; the
// metrics' job label is fc-site whatever the names; preStop.sleep only where the cluster has it.
// And Helm refuses, through values.schema.json or the templates, every combination the app refuses.
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
  hasHelm,
  lintChart,
  readYaml,
  renderChart,
  renderNotes,
  tryRenderChart,
  type K8sObject,
  type Manifest,
} from "./tools";

const ready = hasHelm();
const PRODUCTION = path.join(CHART, "ci/production-values.yaml");
const DEMO = path.join(CHART, "ci/demo-values.yaml");
/** The smallest values the app would start with: a WordPress, no secrets in an existing Secret. */
const VALID_YAML = [
  "config:\n  SITE_URL: https://www.fc.example\n  WP_URL: https://wordpress.cms.svc",
  'secrets:\n  existingSecret: ""\n  values:\n    PURGE_SECRET: "0123456789abcdef0123"',
  "networkPolicy:\n  enabled: true\n  egress:\n    wordpress:\n      - namespaceSelector:\n          matchLabels:\n            kubernetes.io/metadata.name: cms",
  "",
].join("\n");
const scratch = mkdtempSync(path.join(os.tmpdir(), "fc-chart-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function valuesFile(name: string, yaml: string): string {
  const file = path.join(scratch, `${name}.yaml`);
  writeFileSync(file, yaml);
  return file;
}
const VALID = valuesFile("valid", VALID_YAML);
const EVERYTHING = valuesFile(
  "everything",
  [
    'cdn:\n  provider: varnish\n  varnishUrls: ["http://varnish-0.edge:6081"]',
    "secrets:\n  values:\n    CDN_API_TOKEN: edge-purge-token-0123456789",
    'ingress:\n  enabled: true\nconfig:\n  TRUST_PROXY: "1"',
    "internal:\n  ingress:\n    enabled: true\n  service:\n    enabled: true\n  sourceRanges: [10.0.0.0/8]",
    "metrics:\n  serviceMonitor:\n    enabled: true\n  prometheusRule:\n    enabled: true\n    runbookUrl: https://runbook.fc.example/fc-site\n  podAnnotations: true",
    "autoscaling:\n  enabled: true\n  targetMemoryUtilizationPercentage: 80",
    "",
  ].join("\n"),
);

/** The kubernetes-models class of an apiVersion and kind (its validate() checks the OpenAPI schema). */
async function kubernetesModel(
  apiVersion: string,
  kind: string,
): Promise<(new (data: K8sObject) => { validate(): void }) | undefined> {
  const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
  const pkg = group === "monitoring.coreos.com" ? "@kubernetes-models/prometheus-operator" : "kubernetes-models";
  const module = (await import(`${pkg}/${group ? `${group}/` : ""}${version}`)) as Record<string, unknown>;
  return module[kind] as (new (data: K8sObject) => { validate(): void }) | undefined;
}

const kinds = (manifests: Manifest[], kind: string) =>
  manifests.filter((m) => m.object.kind === kind).map((m) => m.object);
const one = (manifests: Manifest[], kind: string, name?: string): K8sObject => {
  const found = kinds(manifests, kind).filter((o) => name === undefined || o.metadata.name === name);
  expect(found, `${kind} ${name ?? ""}`).toHaveLength(1);
  return found[0]!;
};
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

describe.runIf(ready)("the Helm chart", () => {
  const variants: [string, string[]][] = [
    ["the demo", [DEMO]],
    ["the production example", [PRODUCTION]],
    ["every optional object on (Varnish edge, internal Ingress and Service, Operator objects)", [VALID, EVERYTHING]],
  ];

  describe.each(variants)("rendered with %s", (_name, files) => {
    const { manifests } = ready ? renderChart(files) : { manifests: [] as Manifest[] };
    const notes = ready ? renderNotes(files) : "";
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

    it("renders objects the Kubernetes API accepts (their OpenAPI schemas, offline)", async () => {
      for (const { template, object } of manifests) {
        const Model = await kubernetesModel(object.apiVersion, object.kind);
        expect(Model, `${template}: no schema for ${object.apiVersion} ${object.kind}`).toBeTruthy();
        expect(() => new Model!(object).validate(), `${template} ${object.kind}/${object.metadata.name}`).not.toThrow();
      }
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

    it("requests the CPU of docs/capacity.md's model and scales out at its planned utilisation", () => {
      // docs/capacity.md: one core per pod serves ≈ 1,000 req/s; planned at 50 %: 500 req/s a pod.
      const capacity = readFileSync(path.join(CHART, "../../docs/capacity.md"), "utf8");
      expect(capacity).toMatch(/\*\*500 req\/s per pod\*\* \(1 CPU request/);
      const cpu = String(site().spec.template.spec.containers[0].resources.requests.cpu);
      expect(cpu === "1" || cpu === "1000m").toBe(true);
      for (const hpa of kinds(manifests, "HorizontalPodAutoscaler")) {
        expect(
          hpa.spec.metrics.find((m: K8sObject) => m.resource?.name === "cpu").resource.target.averageUtilization,
        ).toBe(50);
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
      const pause = preStop.sleep
        ? preStop.sleep.seconds
        : Number(/setTimeout\(.*?(\d+)\)/.exec(preStop.exec.command.join(" "))![1]) / 1000;
      if (preStop.exec) expect(preStop.exec.command[0]).toBe("node");
      expect(pause).toBeGreaterThanOrEqual(5);
      // The app force-exits 25 s after SIGTERM; the kubelet must not kill it first.
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pause + 25 + 5);
      const mounts = Object.fromEntries(container.volumeMounts.map((m: K8sObject) => [m.mountPath, m.name]));
      expect(Object.keys(mounts).sort()).toEqual(["/app/.cache", "/app/media-cache", "/tmp"]);
      for (const name of Object.values(mounts))
        expect(pod.volumes.find((v: K8sObject) => v.name === name)?.emptyDir).toBeTruthy();
      expect(container.ports.map((p: K8sObject) => [p.name, p.containerPort])).toEqual([
        ["http", 3000],
        ["metrics", 9464],
      ]);
      // Rolling updates add pods before removing any.
      expect(site().spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    });

    it("selects its own pods only: Service, PDB, HPA and the bundled Redis do not cross", () => {
      const podLabels = site().spec.template.metadata.labels;
      const service = one(manifests, "Service", "fc-site");
      expect(matches(service.spec.selector, podLabels)).toBe(true);
      expect(service.spec.ports.map((p: K8sObject) => [p.name, p.port, p.targetPort])).toEqual([
        ["http", 3000, "http"],
        ["metrics", 9464, "metrics"],
      ]);
      expect(matches(site().spec.selector.matchLabels, podLabels)).toBe(true);
      for (const pdb of kinds(manifests, "PodDisruptionBudget"))
        expect(matches(pdb.spec.selector.matchLabels, podLabels)).toBe(true);
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

    it("routes only the public port through the public Ingress, never the webhook, the purge API or the probes", () => {
      for (const ingress of kinds(manifests, "Ingress").filter((i) => i.metadata.name === "fc-site")) {
        const paths = ingress.spec.rules.flatMap((r: K8sObject) => r.http.paths as K8sObject[]);
        expect(paths.length).toBeGreaterThan(0);
        const blocked = paths.filter((p: K8sObject) => p.backend.service.name !== "fc-site");
        // The longest matching path wins: these beat `/` and reach a Service without endpoints.
        expect(blocked.map((p: K8sObject) => [p.path, p.pathType]).sort()).toEqual([
          ["/api/cache", "Prefix"],
          ["/healthz", "Exact"],
          ["/metrics", "Exact"],
          ["/readyz", "Exact"],
        ]);
        for (const p of blocked) {
          const sink = one(manifests, "Service", p.backend.service.name);
          expect(sink.spec.selector, "the internal-only Service must select no pod").toBeUndefined();
        }
        for (const p of paths.filter((x: K8sObject) => x.backend.service.name === "fc-site"))
          expect(p.backend.service.port).toEqual({ name: "http" });
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
      for (const secret of kinds(manifests, "Secret").filter((s) => s.metadata.name !== "fc-site-redis-auth")) {
        expect(refs).toContain(secret.metadata.name);
        for (const key of Object.keys(secret.data ?? {})) expect([...SECRET_ENV, "REDIS_URL"]).toContain(key);
      }
      // The bundled Redis's REDIS_URL (its password in it) comes from its own Secret, never the ConfigMap.
      expect(config.REDIS_URL).toBeUndefined();
      const redisUrl = (container.env ?? []).find((e: K8sObject) => e.name === "REDIS_URL");
      if (kinds(manifests, "Secret").some((s) => s.metadata.name === "fc-site-redis-auth"))
        expect(redisUrl.valueFrom.secretKeyRef).toEqual({ name: "fc-site-redis-auth", key: "url" });
      else expect(redisUrl).toBeUndefined();
    });

    it("gives /media/'s disk cache an emptyDir a quarter larger than the bound the app keeps", () => {
      const config = one(manifests, "ConfigMap", "fc-site").data as Record<string, string>;
      expect(config.MEDIA_CACHE_DIR).toBe("/app/media-cache");
      expect(config.MEDIA_CACHE_MB).toBe("512");
      const pod = site().spec.template.spec;
      const volume = pod.volumes.find((v: K8sObject) => v.name === "media-cache");
      expect(volume?.emptyDir?.sizeLimit).toBe("640Mi");
      expect(pod.containers[0].volumeMounts).toContainEqual({ name: "media-cache", mountPath: "/app/media-cache" });
    });

    it("sizes image transforms by the pod's CPU request, and leaves their memory budget room under the memory limit", () => {
      const config = one(manifests, "ConfigMap", "fc-site").data as Record<string, string>;
      const container = site().spec.template.spec.containers[0];
      // The node's core count is not the pod's: the CPU request reaches the app (rounded up to whole CPUs).
      expect(config.MEDIA_TRANSFORMS).toBeUndefined();
      expect(container.env.find((e: K8sObject) => e.name === "MEDIA_TRANSFORMS")?.valueFrom).toEqual({
        resourceFieldRef: { resource: "requests.cpu", divisor: "1" },
      });
      // docs/capacity.md: a pod with both tiers full holds ≈ 480 MB; the transforms' budget and 64 MiB in flight on top.
      const [, amount, unit] = /^(\d+)(Mi|Gi)$/.exec(container.resources.limits.memory) ?? [];
      const limitMiB = Number(amount) * (unit === "Gi" ? 1024 : 1);
      expect(Number(config.MEDIA_MEMORY_MB)).toBe(192);
      expect(480 / 1.048576 + Number(config.MEDIA_MEMORY_MB) + 64).toBeLessThan(limitMiB);
    });

    it("ships the dashboard as a ConfigMap with Grafana's sidecar label", () => {
      const dashboard = one(manifests, "ConfigMap", "fc-site-dashboard");
      expect(dashboard.metadata.labels.grafana_dashboard).toBe("1");
      expect(JSON.parse(dashboard.data["fc-site.json"])).toEqual(
        JSON.parse(readFileSync(path.join(CHART, "files/dashboard.json"), "utf8")),
      );
    });
  });

  it("the demo: asked for explicitly, with the bundled Redis, no Operator objects", () => {
    const { manifests } = renderChart([DEMO]);
    const config = one(manifests, "ConfigMap", "fc-site").data;
    expect(config.WP_URL).toBeUndefined();
    expect(config.DEMO_CATALOGUE).toBe("true");
    expect(config.REDIS_URL).toBeUndefined();
    one(manifests, "Service", "fc-site-redis");
    one(manifests, "NetworkPolicy", "fc-site-redis");
    // A generated password, asked for by Redis, read by the site from the Secret.
    const auth = one(manifests, "Secret", "fc-site-redis-auth");
    const password = Buffer.from(auth.data.password, "base64").toString();
    expect(password).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(auth.metadata.annotations["helm.sh/resource-policy"]).toBe("keep");
    const redis = one(manifests, "Deployment", "fc-site-redis").spec.template.spec.containers[0];
    // Its users from the Secret's ACL file (tests/integration/deploy/bundled-redis.test.ts runs them).
    expect(redis.args.slice(0, 2)).toEqual(["--aclfile", "/etc/redis/users.acl"]);
    expect(Buffer.from(auth.data["users.acl"], "base64").toString()).toMatch(
      /^user default off\nuser site on #[0-9a-f]{64} /,
    );
    for (const command of ["FLUSHALL", "FLUSHDB", "CONFIG"])
      expect(redis.args.join(" ")).toContain(`--rename-command ${command} `);
    // The site's pods: in from the ingress controller and monitoring, out to DNS and the bundled Redis.
    const policy = one(manifests, "NetworkPolicy", "fc-site");
    expect(policy.spec.policyTypes).toEqual(["Ingress", "Egress"]);
    expect(policy.spec.ingress.map((rule: K8sObject) => rule.ports.map((p: K8sObject) => p.port))).toEqual([
      ["http"],
      ["metrics"],
    ]);
    expect(
      policy.spec.egress.flatMap((rule: K8sObject) => rule.ports.map((p: K8sObject) => `${p.protocol}/${p.port}`)),
    ).toEqual(["UDP/53", "TCP/53", "TCP/6379"]);
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
    expect(monitor.spec.jobLabel).toBe("fc-site/job");
    expect(one(manifests, "Service", "fc-site").metadata.labels["fc-site/job"]).toBe("fc-site");
    expect(matches(monitor.spec.selector.matchLabels, one(manifests, "Service", "fc-site").metadata.labels)).toBe(true);
    // Behind Fastly and ingress-nginx: the proxies by address (CIDRs), never a hop count.
    expect(config.TRUST_PROXY).toMatch(/^10\.0\.0\.0\/8,(\d+\.\d+\.\d+\.\d+\/\d+,?)+$/);
    // WordPress and the SREs: the internal ingress, limited to the source ranges; the purge API on the internal port.
    const internal = one(manifests, "Ingress", "fc-site-internal");
    expect(internal.metadata.annotations["nginx.ingress.kubernetes.io/whitelist-source-range"]).toBe(
      "10.20.0.0/16,10.99.1.0/24",
    );
    expect(
      internal.spec.rules[0].http.paths.map((p: K8sObject) => [
        p.path,
        p.pathType,
        p.backend.service.name,
        p.backend.service.port.name,
      ]),
    ).toEqual([
      ["/api/cache/webhook", "Exact", "fc-site", "http"],
      ["/api/cache/purge", "Exact", "fc-site", "metrics"],
      ["/readyz", "Exact", "fc-site", "metrics"],
    ]);
    // The alerts of files/alerts.yaml, each runbook_url absolute: the chart value and the alert's anchor.
    const rule = one(manifests, "PrometheusRule");
    const file = readYaml(path.join(CHART, "files/alerts.yaml"))[0];
    expect(JSON.parse(JSON.stringify(rule.spec.groups))).toEqual(
      JSON.parse(JSON.stringify(file.groups).replaceAll("$RUNBOOK_URL", "https://wiki.fc.example/ops/fc-site-runbook")),
    );
    for (const r of rule.spec.groups.flatMap((g: K8sObject) => g.rules))
      expect(r.annotations.runbook_url).toBe(`https://wiki.fc.example/ops/fc-site-runbook#${r.alert.toLowerCase()}`);
    // The site's pods reach WordPress's namespace on WP_URL's port (https: 443), the Sentinels' and Fastly's API, nothing else but DNS.
    const policy = one(manifests, "NetworkPolicy", "fc-site");
    expect(policy.spec.egress.map((rule: K8sObject) => rule.ports.map((p: K8sObject) => p.port))).toEqual([
      [53, 53],
      [443],
      [6379, 26379],
      [443],
    ]);
  });

  it("opens the internal port to monitoring and the internal entry points only, never to the public ingress controller", () => {
    const peersOf = (manifests: Manifest[], port: string) => {
      const rule = one(manifests, "NetworkPolicy", "fc-site").spec.ingress.find((r: K8sObject) =>
        r.ports.some((p: K8sObject) => p.port === port),
      );
      return (rule?.from ?? []).map(
        (peer: K8sObject) => peer.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] ?? peer.ipBlock?.cidr,
      );
    };
    const production = renderChart([PRODUCTION]).manifests;
    expect(peersOf(production, "metrics").sort()).toEqual(["ingress-nginx-internal", "monitoring"]);
    expect(peersOf(production, "http").sort()).toEqual(["ingress-nginx", "ingress-nginx-internal"]);
    // Without the internal ingress: monitoring alone; with the internal Service, its source ranges too.
    const valid = renderChart([VALID]).manifests;
    expect(peersOf(valid, "metrics")).toEqual(["monitoring"]);
    expect(peersOf(valid, "http")).toEqual(["ingress-nginx"]);
    const lb = renderChart([
      VALID,
      valuesFile("internal-service", "internal:\n  service:\n    enabled: true\n  sourceRanges: [10.30.0.0/16]\n"),
    ]).manifests;
    expect(peersOf(lb, "metrics")).toEqual(["monitoring", "10.30.0.0/16"]);
    // A port nobody is named for gets no rule at all (a rule without peers would admit everyone).
    const nobody = renderChart([
      VALID,
      valuesFile("no-monitoring", "networkPolicy:\n  ingress:\n    monitoringNamespaces: []\n"),
    ]).manifests;
    expect(one(nobody, "NetworkPolicy", "fc-site").spec.ingress.map((r: K8sObject) => r.ports[0].port)).toEqual([
      "http",
    ]);
  });

  it("lets the pods reach WordPress on WP_URL's port only", () => {
    const egressTo = (wpUrl: string) => {
      const file = valuesFile(`wp-${wpUrl.replace(/\W+/g, "-")}`, `config:\n  WP_URL: ${wpUrl}\n`);
      const policy = one(renderChart([VALID, file]).manifests, "NetworkPolicy", "fc-site");
      const rule = policy.spec.egress.find(
        (r: K8sObject) => r.to?.[0]?.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] === "cms",
      );
      return rule.ports.map((p: K8sObject) => `${p.protocol}/${p.port}`);
    };
    expect(egressTo("https://wordpress.cms.svc")).toEqual(["TCP/443"]);
    expect(egressTo("http://wordpress.cms.svc")).toEqual(["TCP/80"]);
    expect(egressTo("https://wordpress.cms.svc:8443")).toEqual(["TCP/8443"]);
  });

  it("names in the runbook's commands only objects and ports the chart renders", () => {
    const runbook = readFileSync(path.join(CHART, "../../docs/runbook.md"), "utf8");
    const commands = [...runbook.matchAll(/```sh\n([^`]*)```/g)].map((m) => m[1]!).join("\n");
    const { manifests } = renderChart([DEMO]);
    const named = (kind: string) => new Set(kinds(manifests, kind).map((o) => o.metadata.name));
    // kubectl port-forward svc/<service> <port>:<port name>: the Service has that port, by name and number.
    const forwards = [...commands.matchAll(/port-forward svc\/([\w-]+) (\d+):(\w+)/g)];
    expect(forwards.length).toBeGreaterThan(0);
    for (const [, service, port, name] of forwards) {
      const ports = one(manifests, "Service", service).spec.ports.map((p: K8sObject) => [String(p.port), p.name]);
      expect(ports, `svc/${service} ${port}:${name}`).toContainEqual([port, name]);
    }
    // The in-cluster address of the internal port, and the purge API on it (never the public host).
    for (const [, service, port] of commands.matchAll(/http:\/\/([\w-]+)\.fc\.svc:(\d+)/g)) {
      expect(
        one(manifests, "Service", service).spec.ports.map((p: K8sObject) => String(p.port)),
        service,
      ).toContain(port);
    }
    expect(commands).not.toMatch(/\$SITE\/api\/cache\/purge/);
    expect(commands).toMatch(/"\$INTERNAL\/api\/cache\/purge"/);
    for (const [, name] of commands.matchAll(/(?:deploy|deployment)\/([\w-]+)/g))
      expect(named("Deployment"), `deployment ${name}`).toContain(name);
    for (const [, name] of commands.matchAll(/get secret ([\w-]+)/g))
      expect(named("Secret"), `secret ${name}`).toContain(name);
    for (const [, name] of commands.matchAll(/get (?:servicemonitor|networkpolicy|hpa) ([\w-]+)/g))
      expect(name).toBe("fc-site");
    for (const [, label] of commands.matchAll(/-l (app\.kubernetes\.io\/[\w]+=[\w-]+)/g)) {
      const [key, value] = label!.split("=");
      expect(
        kinds(manifests, "Deployment").some((d) => d.spec.template.metadata.labels[key!] === value),
        label,
      ).toBe(true);
    }
  });

  it("leaves the Redis alerts out for a site without Redis", () => {
    const { manifests } = renderChart([
      DEMO,
      valuesFile(
        "no-redis",
        "redis:\n  enabled: false\nmetrics:\n  prometheusRule:\n    enabled: true\n    runbookUrl: https://runbook.fc.example\n",
      ),
    ]);
    const groups = one(manifests, "PrometheusRule").spec.groups.map((g: K8sObject) => g.name);
    expect(groups).not.toContain("fc-site.redis");
    expect(groups).toContain("fc-site.http");
    expect(one(manifests, "ConfigMap", "fc-site").data.REDIS_URL).toBeUndefined();
  });

  it('keeps job="fc-site" whatever the release name, nameOverride or fullnameOverride', () => {
    for (const [release, extra] of [
      ["shop", []],
      ["fc-site", ["--set", "nameOverride=porcelain"]],
      ["x", ["--set", "fullnameOverride=catalogue"]],
    ] as [string, string[]][]) {
      const { manifests } = renderChart([PRODUCTION], { releaseName: release, extra });
      const monitor = one(manifests, "ServiceMonitor");
      const services = kinds(manifests, "Service").filter((s) =>
        matches(monitor.spec.selector.matchLabels, s.metadata.labels),
      );
      expect(services.map((s) => s.spec.ports.map((p: K8sObject) => p.name))).toEqual([["http", "metrics"]]);
      expect(services[0]!.metadata.labels[monitor.spec.jobLabel], `${release} ${extra.join(" ")}`).toBe("fc-site");
    }
  });

  it("uses preStop.sleep where the cluster has it (1.30+), a node pause before, and refuses sleep on an older cluster", () => {
    const preStop = (kubeVersion: string, mode: string) =>
      one(
        renderChart(
          [DEMO, valuesFile(`prestop-${mode}`, `lifecycle:\n  preStopMode: ${mode}\n  preStopSeconds: 8\n`)],
          { kubeVersion },
        ).manifests,
        "Deployment",
        "fc-site",
      ).spec.template.spec.containers[0].lifecycle.preStop;
    expect(preStop("1.30.0", "auto")).toEqual({ sleep: { seconds: 8 } });
    expect(preStop("1.33.2", "auto")).toEqual({ sleep: { seconds: 8 } });
    expect(preStop("1.29.9", "auto").exec.command).toEqual(["node", "-e", "setTimeout(() => {}, 8000)"]);
    expect(preStop("1.28.0", "exec").exec.command[0]).toBe("node");
    const refused = tryRenderChart([DEMO, valuesFile("prestop-sleep-old", "lifecycle:\n  preStopMode: sleep\n")], {
      kubeVersion: "1.29.4",
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/preStopMode sleep needs Kubernetes 1\.30/);
  });

  it("creates the Secret from values", () => {
    const { manifests } = renderChart([
      DEMO,
      valuesFile(
        "secret",
        'secrets:\n  existingSecret: ""\n  values:\n    PURGE_SECRET: "0123456789abcdef0123"\n    ADMIN_TOKEN: ""\n',
      ),
    ]);
    const secret = one(manifests, "Secret", "fc-site-env");
    expect(Object.keys(secret.data)).toEqual(["PURGE_SECRET"]);
    expect(Buffer.from(secret.data.PURGE_SECRET, "base64").toString()).toBe("0123456789abcdef0123");
  });

  it("purges a self-hosted Varnish edge: its addresses and token reach the pods", () => {
    const { manifests } = renderChart([
      VALID,
      valuesFile(
        "varnish",
        'cdn:\n  provider: varnish\n  varnishUrls: ["http://varnish-0.edge:6081", "http://varnish-1.edge:6081"]\nsecrets:\n  values:\n    CDN_API_TOKEN: edge-purge-token-0123456789\n',
      ),
    ]);
    const config = one(manifests, "ConfigMap", "fc-site").data;
    expect(config.CDN_PROVIDER).toBe("varnish");
    expect(config.CDN_VARNISH_URLS).toBe("http://varnish-0.edge:6081,http://varnish-1.edge:6081");
    expect(Object.keys(one(manifests, "Secret", "fc-site-env").data)).toContain("CDN_API_TOKEN");
  });

  describe("Helm refuses what the app refuses", () => {
    it("lints the demo and the production example with --strict, and refuses the default values (no WordPress, no demo)", () => {
      for (const files of [[DEMO], [PRODUCTION], [VALID]]) {
        const result = lintChart(files);
        expect(result.stdout + result.stderr, files.join(" ")).toMatch(/0 chart\(s\) failed/);
        expect(result.status).toBe(0);
      }
      const defaults = lintChart();
      expect(defaults.status).not.toBe(0);
      expect(defaults.stdout + defaults.stderr).toMatch(/WP_URL/);
    });

    it.each([
      // The app's refusals (server/environment.ts), each one made by Helm before a pod could exit 78.
      ["no WordPress URL without the demo", 'config:\n  WP_URL: ""\n', /WP_URL/],
      ["no SITE_URL without the demo (links on localhost)", 'config:\n  SITE_URL: ""\n', /SITE_URL/],
      ["the PrometheusRule without a runbook URL", "metrics:\n  prometheusRule:\n    enabled: true\n", /runbookUrl/],
      [
        "a runbook URL that is a repository path",
        "metrics:\n  prometheusRule:\n    enabled: true\n    runbookUrl: docs/runbook.md\n",
        /runbookUrl/,
      ],
      [
        "the NetworkPolicy without WordPress's peers",
        "networkPolicy:\n  egress:\n    wordpress: []\n",
        /networkPolicy\.egress\.wordpress/,
      ],
      [
        "the NetworkPolicy without an external Redis's peers",
        "redis:\n  enabled: false\nconfig:\n  REDIS_URL: redis://cache.example:6379\n",
        /networkPolicy\.egress\.redis/,
      ],
      ["the demo beside a WordPress URL", "demo:\n  enabled: true\n", /WP_URL/],
      ["fastly without its token", "cdn:\n  provider: fastly\n  fastlyServiceId: SVC1\n", /CDN_API_TOKEN/],
      [
        "fastly without its service id",
        "cdn:\n  provider: fastly\nsecrets:\n  values:\n    CDN_API_TOKEN: fastly-token\n",
        /fastlyServiceId/,
      ],
      [
        "cloudflare without its zone",
        "cdn:\n  provider: cloudflare\nsecrets:\n  values:\n    CDN_API_TOKEN: cf-token\n",
        /cloudflareZoneId/,
      ],
      [
        "varnish without its addresses",
        "cdn:\n  provider: varnish\nsecrets:\n  values:\n    CDN_API_TOKEN: edge-purge-token-0123456789\n",
        /varnishUrls/,
      ],
      [
        "varnish with a short token",
        'cdn:\n  provider: varnish\n  varnishUrls: ["http://varnish:6081"]\nsecrets:\n  values:\n    CDN_API_TOKEN: short\n',
        /CDN_API_TOKEN/,
      ],
      [
        "a Varnish address that is not a base URL",
        'cdn:\n  provider: varnish\n  varnishUrls: ["varnish:6081"]\nsecrets:\n  values:\n    CDN_API_TOKEN: edge-purge-token-0123456789\n',
        /varnishUrls/,
      ],
      [
        "Sentinels without a master name",
        "redis:\n  enabled: false\nconfig:\n  REDIS_SENTINELS: s-0:26379,s-1:26379\n",
        /REDIS_SENTINEL_NAME/,
      ],
      [
        "a Sentinel username without the Sentinels' password",
        "redis:\n  enabled: false\nconfig:\n  REDIS_SENTINELS: s-0:26379\n  REDIS_SENTINEL_NAME: fc\n  REDIS_SENTINEL_USERNAME: fc-site\n",
        /REDIS_SENTINEL_PASSWORD/,
      ],
      [
        "a master name without Sentinels",
        "redis:\n  enabled: false\nconfig:\n  REDIS_SENTINEL_NAME: fc\n",
        /REDIS_SENTINELS/,
      ],
      [
        "Sentinels beside a Redis Cluster",
        "redis:\n  enabled: false\nconfig:\n  REDIS_SENTINELS: s-0:26379\n  REDIS_SENTINEL_NAME: fc\n  REDIS_CLUSTER_NODES: c-0:6379\n",
        /REDIS_SENTINELS/,
      ],
      [
        "the bundled Redis beside an external one",
        "redis:\n  enabled: true\nconfig:\n  REDIS_URL: redis://elsewhere:6379\n",
        /REDIS_URL/,
      ],
      ["a WordPress user without its password", "config:\n  WP_USER: reader\n", /WP_APP_PASSWORD/],
      ["a WordPress password without its user", "secrets:\n  values:\n    WP_APP_PASSWORD: app-password\n", /WP_USER/],
      ["a captcha site key without its secret", "config:\n  RECAPTCHA_SITE_KEY: public-key\n", /RECAPTCHA_SECRET/],
      [
        "a newsletter URL without its list and key",
        "config:\n  NEWSLETTER_API_URL: https://mail.example/api\n",
        /NEWSLETTER_LIST_ID/,
      ],
      [
        "a newsletter list without its URL",
        "config:\n  NEWSLETTER_LIST_ID: list-1\nsecrets:\n  values:\n    NEWSLETTER_API_KEY: newsletter-key\n",
        /NEWSLETTER_API_URL/,
      ],
      [
        "a newsletter URL and list without the key",
        "config:\n  NEWSLETTER_API_URL: https://mail.example/api\n  NEWSLETTER_LIST_ID: list-1\n",
        /NEWSLETTER_API_KEY/,
      ],
      [
        "the Sentinels' password without Sentinels",
        "secrets:\n  values:\n    REDIS_SENTINEL_PASSWORD: sentinel-secret\n",
        /REDIS_SENTINELS/,
      ],
      [
        "a Sentinel username without Sentinels",
        "config:\n  REDIS_SENTINEL_USERNAME: fc-site\nsecrets:\n  values:\n    REDIS_SENTINEL_PASSWORD: sentinel-secret\n",
        /REDIS_SENTINELS/,
      ],
      ["a measurement id without the tag manager", "config:\n  GA_MEASUREMENT_ID: G-1\n", /GTM_ID/],
      ["TRUST_PROXY that is neither a hop count nor CIDRs", 'config:\n  TRUST_PROXY: "yes please"\n', /TRUST_PROXY/],
      ["DEMO_CATALOGUE set around demo.enabled", 'config:\n  DEMO_CATALOGUE: "true"\n', /DEMO_CATALOGUE/],
      ["CDN_PROVIDER set around the cdn block's checks", "config:\n  CDN_PROVIDER: fastly\n", /CDN_PROVIDER/],
      [
        "the Sentinels' password in the ConfigMap",
        "config:\n  REDIS_SENTINEL_PASSWORD: sentinel-secret\n",
        /REDIS_SENTINEL_PASSWORD/,
      ],
      [
        "a public Ingress without TRUST_PROXY (every visitor would share the controller's address)",
        "ingress:\n  enabled: true\n  hosts:\n    - host: a.example\n      paths:\n        - path: /\n          pathType: Prefix\n",
        /TRUST_PROXY/,
      ],
      ["an internal ingress open to everyone", "internal:\n  ingress:\n    enabled: true\n", /sourceRanges/],
      ["an internal Service open to everyone", "internal:\n  service:\n    enabled: true\n", /sourceRanges/],
      // The chart's own guards.
      ["a secret in the ConfigMap", "config:\n  PURGE_SECRET: topsecret-topsecret\n", /PURGE_SECRET/],
      ["a misspelt top-level key", "replicas: 3\n", /replicas/],
      ["a replica count as text", "replicaCount: two\n", /replicaCount/],
      ["an unknown CDN", "cdn:\n  provider: akamai\n", /provider/],
      ["root in the pod", "podSecurityContext:\n  runAsNonRoot: false\n", /runAsNonRoot/],
      ["a short PURGE_SECRET", "secrets:\n  values:\n    PURGE_SECRET: short\n", /PURGE_SECRET/],
      ["a short ADMIN_TOKEN", "secrets:\n  values:\n    ADMIN_TOKEN: short\n", /ADMIN_TOKEN/],
      ["a tag manager id that is not one", "config:\n  GTM_ID: UA-123\n", /GTM_ID/],
      [
        "a root redirect status that is not a redirect",
        "config:\n  ROOT_REDIRECT_TARGET: /it\n  ROOT_REDIRECT_STATUS: 200\n",
        /ROOT_REDIRECT_STATUS/,
      ],
      ["a WordPress timeout out of range", "config:\n  WP_TIMEOUT_MS: 5\n", /WP_TIMEOUT_MS/],
      ["no WordPress requests at all", "config:\n  WP_MAX_CONCURRENCY: 0\n", /WP_MAX_CONCURRENCY/],
      ["a WordPress cap as text", "config:\n  WP_MAX_CONCURRENCY: lots\n", /WP_MAX_CONCURRENCY/],
      ["a captcha score above 1", "config:\n  RECAPTCHA_MIN_SCORE: 2\n", /RECAPTCHA_MIN_SCORE/],
      ["a demo scale of 1000", "config:\n  DEMO_SCALE: 1000\n", /DEMO_SCALE/],
      [
        "an unknown secret key",
        "secrets:\n  values:\n    GITHUB_TOKEN: x\n",
        /GITHUB_TOKEN|propertyNames|must be one of|value must be/i,
      ],
      ["a grace period shorter than the drain", "terminationGracePeriodSeconds: 10\n", /terminationGracePeriodSeconds/],
      [
        "an Ingress path without a pathType",
        "ingress:\n  enabled: true\n  hosts:\n    - host: a.example\n      paths:\n        - path: /\n",
        /pathType/,
      ],
      ["a lowercase environment name", "config:\n  site_url: https://a.example\n", /site_url|propertyNames|pattern/i],
    ])("refuses %s", (name, yaml, message) => {
      const result = tryRenderChart([VALID, valuesFile(name.replaceAll(/[^a-z]+/gi, "-"), yaml)]);
      expect(result.status, `${name} was rendered`).not.toBe(0);
      expect(result.stderr).toMatch(message);
    });
  });
});
