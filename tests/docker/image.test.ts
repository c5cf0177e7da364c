// The image itself (fc-site:local, built from the Dockerfile by scripts/docker/images.sh) on a real
// engine, run as the chart runs it: read-only root filesystem with writable /tmp and /app/.cache
// only, demo catalogue (DEMO_CATALOGUE=true, no WP_URL). It must answer /healthz, /readyz, a page
// with its hashed assets and images, /metrics on its own port (and without WP_URL nor
// DEMO_CATALOGUE refuse to start: exit 78); run as uid 1000 with jemalloc
// loaded; carry production modules only; turn healthy through its own HEALTHCHECK; and on
// `docker stop` (SIGTERM) finish the request in flight and exit 0. No error is logged meanwhile.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOCKER,
  docker,
  dockerAsync,
  dockerOk,
  hasDockerEngine,
  imagePresent,
  inspect,
  publishedPort,
  until,
} from "../support/docker";

const IMAGE = process.env.FC_SITE_IMAGE ?? "fc-site:local";
const ready = hasDockerEngine();

describe.runIf(ready)(`the image ${IMAGE} on a Docker engine`, () => {
  let container = "";
  let url = "";
  let metricsUrl = "";

  beforeAll(async () => {
    if (!imagePresent(IMAGE)) throw new Error(`${IMAGE} is not built: bash scripts/docker/images.sh`);
    const size = Number(inspect(IMAGE, "{{.Size}}"));
    console.log(`FIGURE image size ${IMAGE}: ${(size / 1024 / 1024).toFixed(0)} MiB`);
    container = dockerOk([
      "run",
      "--detach",
      "--read-only",
      "--tmpfs",
      "/tmp",
      "--tmpfs",
      "/app/.cache:uid=1000,gid=1000",
      "--env",
      "DEMO_CATALOGUE=true",
      "--publish",
      "127.0.0.1::3000",
      "--publish",
      "127.0.0.1::9464",
      IMAGE,
    ]);
    url = `http://127.0.0.1:${publishedPort(container, 3000)}`;
    metricsUrl = `http://127.0.0.1:${publishedPort(container, 9464)}/metrics`;
    await until(
      () =>
        fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      () =>
        `the container did not answer /healthz within 60 s:\n${docker(["logs", "--tail", "40", container]).stdout}${docker(["logs", "--tail", "40", container]).stderr}`,
    );
  }, 120_000);

  afterAll(() => {
    if (container) docker(["rm", "--force", container]);
  });

  /** The container's log lines (pino JSON, stdout and stderr). */
  const logLines = () => {
    const logs = docker(["logs", container]);
    return (logs.stdout + logs.stderr).split("\n").filter(Boolean);
  };

  it("runs node as PID 1 under uid 1000, not root", () => {
    expect(inspect(container, "{{.Config.User}}")).toBe("node");
    const status = dockerOk(["exec", container, "cat", "/proc/1/status"]);
    expect(status).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m);
    expect(dockerOk(["exec", container, "cat", "/proc/1/cmdline"]).split("\0").filter(Boolean)).toEqual([
      "node",
      "build/node/main.js",
    ]);
  });

  it("refuses to start without WP_URL unless DEMO_CATALOGUE=true says the demo is wanted (exit 78, naming the variable)", () => {
    const refused = docker(["run", "--rm", "--read-only", "--tmpfs", "/tmp", IMAGE], { timeout: 60_000 });
    expect(refused.status).toBe(78);
    expect(refused.stdout + refused.stderr).toMatch(/WP_URL/);
  });

  it("loads jemalloc, the allocator it preloads", () => {
    expect(dockerOk(["exec", container, "cat", "/proc/1/maps"])).toMatch(/libjemalloc\.so\.2/);
    expect(logLines().join("\n")).not.toMatch(/cannot be preloaded/);
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const readiness = await fetch(`${url}/readyz`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual({ status: "ready" });
  });

  it("serves a page of the demo catalogue, its hashed assets and its images from a read-only root", async () => {
    const page = await fetch(`${url}/products`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en"');
    const asset = /["'](\/assets\/[^"']+\.js)["']/.exec(html)?.[1];
    expect(asset, "a hashed script in the page").toBeTruthy();
    const assetRes = await fetch(url + asset);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toMatch(/immutable/);
    const image = /["'](\/media\/[^"'\s]+)["'\s]/.exec(html)?.[1];
    expect(image, "an image of the demo catalogue in the page").toBeTruthy();
    const imageRes = await fetch(url + image!.replaceAll("&amp;", "&"));
    expect(imageRes.status).toBe(200);
    expect(imageRes.headers.get("content-type")).toMatch(/^image\//);
  });

  it("has a read-only root filesystem and writes only where the chart mounts scratch space", () => {
    const write = (file: string) =>
      docker(["exec", container, "node", "-e", `require("fs").writeFileSync(${JSON.stringify(file)}, "x")`]);
    const root = write("/app/build/x");
    expect(root.status).not.toBe(0);
    expect(root.stderr).toMatch(/EROFS|read-only/i);
    expect(write("/tmp/x").status).toBe(0);
    expect(write("/app/.cache/x").status).toBe(0);
    // The demo's rendered images went to the writable cache (after the page test's image).
    expect(dockerOk(["exec", container, "ls", "/app/.cache"])).toMatch(/demo-media/);
  });

  it("carries production modules only", () => {
    const modules = dockerOk(["exec", container, "ls", "/app/node_modules", "/app/node_modules/@react-router"]);
    for (const runtime of ["express", "react-router", "prom-client", "ioredis"])
      expect(modules).toMatch(new RegExp(`^${runtime}$`, "m"));
    for (const dev of ["vite", "vitest", "playwright-core", "axe-core", "lighthouse", "dev"])
      expect(modules).not.toMatch(new RegExp(`^${dev}$`, "m"));
  });

  it("serves /metrics on METRICS_PORT", async () => {
    const metrics = await fetch(metricsUrl);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain("wp_cache_lookups_total");
    expect(text).toMatch(/^http_request_duration_seconds_count\{/m);
  });

  it("turns healthy through its own HEALTHCHECK", async () => {
    // The first check runs one interval (15 s) after the start.
    await until(
      () => inspect(container, "{{.State.Health.Status}}") === "healthy",
      60_000,
      () => `health: ${inspect(container, "{{json .State.Health}}")}`,
      1_000,
    );
    const log = JSON.parse(inspect(container, "{{json .State.Health.Log}}")) as { ExitCode: number }[];
    expect(log.at(-1)!.ExitCode).toBe(0);
  }, 70_000);

  it("drains on docker stop: the request in flight completes, then exit 0", async () => {
    // A request whose body is still arriving when SIGTERM comes: the server must stop accepting
    // but finish it. Its headers go first; the body only once the app has logged the signal.
    const body = JSON.stringify({ kind: "error", message: "drain probe", page: "/" });
    const half = Math.floor(body.length / 2);
    let pending: http.ClientRequest | undefined;
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${url}/api/client-errors`,
        {
          method: "POST",
          agent: false,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, half));
      pending = req;
    });
    // Ordering slack only: the headers reach the app before the signal does.
    await new Promise((r) => setTimeout(r, 300));
    const stop = dockerAsync([DOCKER, "stop", "--time", "30", container], { timeout: 40_000 });
    await until(
      () => logLines().some((l) => /"msg":"shutting down"/.test(l)),
      20_000,
      () => `no "shutting down" in the log:\n${logLines().slice(-10).join("\n")}`,
    );
    expect(
      await fetch(`${url}/healthz`).then(
        (r) => r.status,
        () => "refused",
      ),
    ).toBe("refused");
    pending!.end(body.slice(half));
    expect(await answer).toBe(204);
    expect((await stop).status).toBe(0);
    expect(inspect(container, "{{.State.ExitCode}}")).toBe("0");
    expect(inspect(container, "{{.State.OOMKilled}}")).toBe("false");
    const lines = logLines();
    expect(
      lines.some((l) => /"msg":"stopped"/.test(l)),
      lines.slice(-10).join("\n"),
    ).toBe(true);
    // No error-level line (pino level ≥ 50) in the whole run, and nothing that is not a log line.
    expect(lines.filter((l) => /"level":(5|6)\d/.test(l) || !l.startsWith("{"))).toEqual([]);
  }, 60_000);
});
