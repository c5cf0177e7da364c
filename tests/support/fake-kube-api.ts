// A Kubernetes API server that answers just enough for `helm template --dry-run=server` (no cluster
// runs on this machine): version and discovery for the kinds the chart renders, and GET of Secrets
// a test puts in it, so the chart's `lookup` sees a cluster's state. Nothing is ever written.
import { writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The kinds the chart renders, by group/version: [plural, Kind, namespaced]. */
const RESOURCES: Record<string, [string, string, boolean][]> = {
  v1: [
    ["secrets", "Secret", true],
    ["configmaps", "ConfigMap", true],
    ["services", "Service", true],
    ["serviceaccounts", "ServiceAccount", true],
    ["namespaces", "Namespace", false],
  ],
  "apps/v1": [["deployments", "Deployment", true]],
  "autoscaling/v2": [["horizontalpodautoscalers", "HorizontalPodAutoscaler", true]],
  "policy/v1": [["poddisruptionbudgets", "PodDisruptionBudget", true]],
  "networking.k8s.io/v1": [
    ["networkpolicies", "NetworkPolicy", true],
    ["ingresses", "Ingress", true],
  ],
  "monitoring.coreos.com/v1": [
    ["servicemonitors", "ServiceMonitor", true],
    ["prometheusrules", "PrometheusRule", true],
  ],
};

export interface FakeKubeApi {
  /** A kubeconfig file pointing at it. */
  kubeconfig: string;
  /** Secrets by "namespace/name": what `lookup` finds. */
  secrets: Map<string, { metadata?: { annotations?: Record<string, string> }; data?: Record<string, string> }>;
  close(): Promise<void>;
}

function resourceList(groupVersion: string) {
  return {
    kind: "APIResourceList",
    apiVersion: "v1",
    groupVersion,
    resources: RESOURCES[groupVersion]!.map(([name, kind, namespaced]) => ({
      name,
      singularName: kind.toLowerCase(),
      namespaced,
      kind,
      verbs: ["get", "list", "create", "update", "patch", "delete"],
    })),
  };
}

function groups() {
  const named = Object.keys(RESOURCES).filter((gv) => gv.includes("/"));
  return {
    kind: "APIGroupList",
    apiVersion: "v1",
    groups: named.map((gv) => {
      const [name, version] = gv.split("/") as [string, string];
      return { name, versions: [{ groupVersion: gv, version }], preferredVersion: { groupVersion: gv, version } };
    }),
  };
}

export async function startFakeKubeApi(dir: string): Promise<FakeKubeApi> {
  const secrets: FakeKubeApi["secrets"] = new Map();
  const server = http.createServer((req, res) => {
    const url = (req.url ?? "/").split("?")[0]!;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const secret = /^\/api\/v1\/namespaces\/([^/]+)\/secrets\/([^/]+)$/.exec(url);
    if (secret) {
      const found = secrets.get(`${secret[1]}/${secret[2]}`);
      // Owned by the release, as Helm marks what it installed (an upgrade may then replace it).
      const owned = {
        labels: { "app.kubernetes.io/managed-by": "Helm" },
        annotations: {
          "meta.helm.sh/release-name": "fc-site",
          "meta.helm.sh/release-namespace": secret[1],
          ...found?.metadata?.annotations,
        },
      };
      if (found)
        return send(200, {
          apiVersion: "v1",
          kind: "Secret",
          type: "Opaque",
          ...found,
          metadata: { name: secret[2], namespace: secret[1], ...owned },
        });
    }
    if (url === "/version") return send(200, { major: "1", minor: "33", gitVersion: "v1.33.0" });
    if (url === "/api") return send(200, { kind: "APIVersions", versions: ["v1"], serverAddressByClientCIDRs: [] });
    if (url === "/apis") return send(200, groups());
    if (url === "/api/v1") return send(200, resourceList("v1"));
    const group = /^\/apis\/(.+)$/.exec(url)?.[1];
    if (group && RESOURCES[group]) return send(200, resourceList(group));
    send(404, { kind: "Status", apiVersion: "v1", status: "Failure", reason: "NotFound", code: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const kubeconfig = path.join(dir, "kubeconfig");
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters:\n- cluster: {server: "http://127.0.0.1:${port}"}\n  name: fake\ncontexts:\n- context: {cluster: fake, user: fake, namespace: fc}\n  name: fake\ncurrent-context: fake\nusers:\n- name: fake\n  user: {token: fake}\n`,
  );
  return { kubeconfig, secrets, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
