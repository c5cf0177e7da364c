// Secrets rotate through the chart, rendered by the real Helm against a cluster's state (a fake
// Kubernetes API that answers the chart's `lookup`s: tests/support/fake-kube-api.ts), as `helm
// upgrade` would see it:
// - a new value in secrets.values is a rotation: the Secret gets it and the pods roll;
// - a Secret changed outside Helm (kubectl edit, --from-literal) is never overwritten with the old
//   values: the upgrade fails and says what to do;
// - a Secret of the operator's own (secrets.existingSecret), rotated by their secret manager,
//   rolls the pods on the next upgrade;
// - the bundled Redis keeps its password across upgrades, and a new one (its Secret deleted)
//   rolls Redis and the site together.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHART, hasHelm, parseManifests, tryRenderAgainst, type K8sObject } from "./tools";
import { startFakeKubeApi, type FakeKubeApi } from "../../support/fake-kube-api";

const ready = hasHelm();
const scratch = mkdtempSync(path.join(os.tmpdir(), "fc-chart-secrets-"));
const DEMO = path.join(CHART, "ci/demo-values.yaml");
const b64 = (text: string) => Buffer.from(text).toString("base64");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function valuesFile(name: string, yaml: string): string {
  const file = path.join(scratch, `${name}.yaml`);
  writeFileSync(file, yaml);
  return file;
}

/** A production-like install whose secrets come from values. */
const withSecret = (purgeSecret: string) =>
  valuesFile(
    `purge-${purgeSecret}`,
    `config:\n  SITE_URL: https://www.fc.example\n  WP_URL: https://wordpress.cms.svc\nnetworkPolicy:\n  enabled: false\nredis:\n  enabled: false\nsecrets:\n  values:\n    PURGE_SECRET: "${purgeSecret}"\n`,
  );
const EXISTING = valuesFile(
  "existing",
  "config:\n  SITE_URL: https://www.fc.example\n  WP_URL: https://wordpress.cms.svc\nnetworkPolicy:\n  enabled: false\nredis:\n  enabled: false\nsecrets:\n  existingSecret: fc-site-managed\n",
);

describe.runIf(ready)("secrets rotate through the chart", () => {
  let kube: FakeKubeApi;
  const render = async (files: string[]) => {
    const result = await tryRenderAgainst(kube.kubeconfig, files);
    return { ...result, manifests: result.status === 0 ? parseManifests(result.stdout) : [] };
  };
  const object = (manifests: ReturnType<typeof parseManifests>, kind: string, name: string): K8sObject =>
    manifests.find((m) => m.object.kind === kind && m.object.metadata.name === name)!.object;
  const podAnnotations = (manifests: ReturnType<typeof parseManifests>, name: string) =>
    object(manifests, "Deployment", name).spec.template.metadata.annotations;

  beforeAll(async () => {
    kube = await startFakeKubeApi(scratch);
  });
  afterAll(async () => {
    await kube?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("takes a new value in secrets.values as a rotation: the Secret gets it and the pods roll", async () => {
    kube.secrets.clear();
    const first = await render([withSecret("old-purge-secret-0123456789")]);
    expect(first.status, first.stderr).toBe(0);
    const written = object(first.manifests, "Secret", "fc-site-env");
    // The cluster now holds what Helm wrote.
    kube.secrets.set("fc/fc-site-env", { metadata: { annotations: written.metadata.annotations }, data: written.data });
    const rotated = await render([withSecret("new-purge-secret-0123456789")]);
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(object(rotated.manifests, "Secret", "fc-site-env").data.PURGE_SECRET).toBe(
      b64("new-purge-secret-0123456789"),
    );
    expect(podAnnotations(rotated.manifests, "fc-site")["checksum/secret"]).not.toBe(
      podAnnotations(first.manifests, "fc-site")["checksum/secret"],
    );
  });

  it("refuses to put old values back over a Secret changed outside Helm", async () => {
    kube.secrets.clear();
    const first = await render([withSecret("old-purge-secret-0123456789")]);
    const written = object(first.manifests, "Secret", "fc-site-env");
    // Someone ran `kubectl create secret … --from-literal=PURGE_SECRET=… | kubectl apply -f -`.
    kube.secrets.set("fc/fc-site-env", {
      metadata: { annotations: written.metadata.annotations },
      data: { PURGE_SECRET: b64("rotated-by-hand-0123456789") },
    });
    const upgrade = await render([withSecret("old-purge-secret-0123456789")]);
    expect(upgrade.status).not.toBe(0);
    expect(upgrade.stderr).toMatch(/fc-site-env was changed outside Helm/);
    expect(upgrade.stderr).toMatch(/secrets\.values/);
    // The values brought up to date: the upgrade goes through.
    expect((await render([withSecret("rotated-by-hand-0123456789")])).status).toBe(0);
  });

  it("rolls the pods when a Secret of the operator's own was rotated", async () => {
    kube.secrets.clear();
    kube.secrets.set("fc/fc-site-managed", { data: { PURGE_SECRET: b64("managed-secret-one-0123456789") } });
    const before = await render([EXISTING]);
    expect(before.status, before.stderr).toBe(0);
    expect(before.manifests.some((m) => m.object.kind === "Secret")).toBe(false);
    kube.secrets.set("fc/fc-site-managed", { data: { PURGE_SECRET: b64("managed-secret-two-0123456789") } });
    const after = await render([EXISTING]);
    expect(podAnnotations(after.manifests, "fc-site")["checksum/secret"]).not.toBe(
      podAnnotations(before.manifests, "fc-site")["checksum/secret"],
    );
  });

  it("keeps the bundled Redis's password across upgrades; a new one rolls Redis and the site", async () => {
    kube.secrets.clear();
    const password = "A".repeat(20) + "b".repeat(20);
    kube.secrets.set("fc/fc-site-redis-auth", { data: { password: b64(password) } });
    const kept = await render([DEMO]);
    expect(kept.status, kept.stderr).toBe(0);
    const auth = object(kept.manifests, "Secret", "fc-site-redis-auth");
    expect(Buffer.from(auth.data.url, "base64").toString()).toBe(`redis://site:${password}@fc-site-redis:6379`);
    expect(Buffer.from(auth.data["users.acl"], "base64").toString()).toContain(`user site on #${sha256(password)} `);
    expect(podAnnotations(kept.manifests, "fc-site")["checksum/redis-auth"]).toBe(sha256(password));
    expect(podAnnotations(kept.manifests, "fc-site-redis")["checksum/redis-auth"]).toBe(sha256(password));
    // Deleted to rotate it: the next upgrade makes a new one, and both Deployments roll.
    kube.secrets.delete("fc/fc-site-redis-auth");
    const renewed = await render([DEMO]);
    const newPassword = Buffer.from(
      object(renewed.manifests, "Secret", "fc-site-redis-auth").data.password,
      "base64",
    ).toString();
    expect(newPassword).not.toBe(password);
    expect(podAnnotations(renewed.manifests, "fc-site-redis")["checksum/redis-auth"]).toBe(sha256(newPassword));
  });
});
