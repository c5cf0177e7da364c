// The integrations' HTTP handlers in an express app of their own: POST /api/client-errors
// (204, counted in client_errors_total, logged at warn without personal data; 400, 413, 415,
// 429 for what it refuses) and GET /sw.js (served with Cache-Control: no-cache).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { Registry } from "prom-client";
import { clientErrorsHandler } from "../../server/http/client-error-reports";
import { serviceWorkerHandler } from "../../server/http/service-worker";

const lines: string[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk, _e, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);
const registry = new Registry();
let server: http.Server;
let base: string;
const clientDir = mkdtempSync(path.join(os.tmpdir(), "fc-client-"));

beforeAll(async () => {
  writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('install',()=>{});");
  const app = express();
  app.use(serviceWorkerHandler(clientDir));
  app.use(clientErrorsHandler({ registry, logger, perMinute: 6 }));
  app.use((_req, res) => res.status(404).end());
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const post = (body: string, type = "application/json") =>
  fetch(`${base}/api/client-errors`, { method: "POST", headers: { "Content-Type": type }, body });
const count = async (kind: string) => {
  const metric = await registry.getSingleMetric("client_errors_total")!.get();
  return metric.values.find((v) => v.labels.kind === kind)?.value ?? 0;
};

describe("POST /api/client-errors", () => {
  it("starts the counter at 0 for both kinds", async () => {
    expect(await count("error")).toBe(0);
    expect(await count("unhandledrejection")).toBe(0);
  });

  it("logs and counts a report, without query strings or email addresses", async () => {
    const res = await post(
      JSON.stringify({
        kind: "error",
        message: "TypeError: x is undefined for ada@example.com",
        page: "/products",
        source: "http://127.0.0.1/assets/root-abc.js?token=secret",
        line: 3,
        column: 14,
        stack: "TypeError: x\n    at http://127.0.0.1/contact?email=ada%40example.com#frag:1:2",
        release: "3.0.0",
      }),
    );
    expect(res.status).toBe(204);
    expect(await count("error")).toBe(1);
    const line = lines.find((l) => l.includes('"client error"'));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!);
    expect(logged.level).toBe(40);
    expect(logged.clientError).toMatchObject({
      kind: "error",
      page: "/products",
      source: "http://127.0.0.1/assets/root-abc.js",
      line: 3,
      column: 14,
      release: "3.0.0",
    });
    expect(line).not.toContain("ada@example.com");
    expect(line).not.toContain("ada%40example.com");
    expect(line).not.toContain("token=secret");
  });

  it("accepts text/plain (sendBeacon with a string)", async () => {
    expect(
      (
        await post(
          JSON.stringify({ kind: "unhandledrejection", message: "boom", page: "/" }),
          "text/plain;charset=UTF-8",
        )
      ).status,
    ).toBe(204);
    expect(await count("unhandledrejection")).toBe(1);
  });

  it("refuses malformed, oversized and other content", async () => {
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify({ kind: "nope", message: "m", page: "/" }))).status).toBe(400);
    expect((await post(JSON.stringify({ kind: "error", message: "x".repeat(9000), page: "/" }))).status).toBe(413);
    expect((await post("a=b", "application/x-www-form-urlencoded")).status).toBe(415);
  });

  it("rate-limits a visitor", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(JSON.stringify({ kind: "error", message: `m${i}`, page: "/" }))).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("GET /sw.js", () => {
  it("is always revalidated", async () => {
    const res = await fetch(`${base}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await res.text()).toContain("install");
  });
});
