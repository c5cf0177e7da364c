// Path traversal and oversized requests against static assets, media and routes, written byte
// for byte on the socket (a client library would normalise `..` away): every answer is a 4xx
// (400, 404, 414, 431 …), never a 5xx, and never a file from outside build/client.
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, probe, rawRequest } from "../reliability/support";

const ready = hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;

/** Bytes of files that must never be served: what they would show if they were. */
const SECRETS = [
  { file: "package.json", marker: '"name": "fc-site"' },
  { file: "/etc/passwd", marker: "root:x:0:0" },
  { file: ".git/config", marker: "[core]" },
  { file: "server sources", marker: "loadConfig(" },
  { file: "server bundle", marker: "createSiteHandler" },
  { file: "tsconfig.json", marker: '"compilerOptions"' },
  { file: "environment", marker: "PURGE_SECRET=" },
];

const get = (path: string, extra = "") =>
  rawRequest(site.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);

describe.runIf(ready)("path traversal and oversized requests", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
  });

  it("never serves a file outside build/client, and answers a 4xx", async () => {
    const asset = readdirSync("build/client/assets").find((f) => f.endsWith(".js"))!;
    const ok = await get(`/assets/${asset}`);
    expect(ok.status).toBe(200); // the check below is not vacuous: assets are served
    const paths = [
      "/assets/../../package.json",
      "/assets/../../../../../../etc/passwd",
      "/assets/..%2f..%2fpackage.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/assets/%2e%2e%2f%2e%2e%2fpackage.json",
      "/assets/%252e%252e/%252e%252e/package.json",
      "/assets/..\\..\\package.json",
      "/assets/..%5c..%5cpackage.json",
      "/assets/....//....//package.json",
      "/assets/%00../package.json",
      "/assets/..%00/package.json",
      `/assets/${asset}/../../../package.json`,
      "/assets/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json",
      "/media/..%2f..%2fetc/passwd",
      "/media/../../etc/passwd",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/2024/01/..%2f..%2f..%2fetc%2fpasswd.webp",
      "/media/..%5c..%5cwp-config.php",
      "/media/%2e%2e%2fwp-config.php",
      "/media/2024/01/x.webp%00.php",
      "/fonts/../../package.json",
      "/fonts/..%2f..%2fpackage.json",
      "/icons/%2e%2e/%2e%2e/tsconfig.json",
      "/..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/../../../../etc/passwd",
      "/package.json",
      "/tsconfig.json",
      "/.env",
      "/.git/config",
      "/server/config.ts",
      "/build/node/main.js",
      "/build/server/index.js",
      "/node_modules/react/package.json",
      "/sw.js/..%2f..%2fpackage.json",
      "/products/..%2f..%2f..%2fpackage.json",
      "/it/%2e%2e/%2e%2e/package.json",
      "//etc/passwd",
      "/\\etc\\passwd",
    ];
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      const res = await get(path);
      statuses[path] = res.status;
      expect(res.status, path).toBeGreaterThanOrEqual(300);
      expect(res.status, path).toBeLessThan(500);
      for (const secret of SECRETS)
        expect(res.body.includes(secret.marker), `${path} shows ${secret.file}`).toBe(false);
      // A redirect stays on this site (never to //etc or another host).
      const location = /\r\nlocation: *([^\r\n]*)/i.exec(res.head)?.[1];
      if (location) expect(location, path).toMatch(/^\/(?!\/)/);
    }
    const counts: Record<number, number> = {};
    for (const s of Object.values(statuses)) counts[s] = (counts[s] ?? 0) + 1;
    figure("traversal_requests", paths.length);
    figure(
      "traversal_statuses",
      Object.entries(counts)
        .map(([s, n]) => `${s}x${n}`)
        .join(" "),
    );
    // The real package.json for comparison: the markers are what it holds.
    expect(readFileSync("package.json", "utf8")).toContain(SECRETS[0]!.marker);
  });

  it("refuses oversized paths, queries and headers with a 4xx, and keeps serving", async () => {
    const long = "a".repeat(20 * 1024);
    const cases: Record<string, () => Promise<{ status: number }>> = {
      "20 kB path on a route": () => get(`/products/${long}`),
      "20 kB path on assets": () => get(`/assets/${long}.js`),
      "20 kB path on media": () => get(`/media/${long}.webp`),
      "20 kB query": () => get(`/products?q=${long}`),
      "24 kB of parameters": () => get(`/products?${Array.from({ length: 2000 }, (_, i) => `param${i}=xy`).join("&")}`),
      "40 kB header": () => get("/about", `X-Big: ${"b".repeat(40 * 1024)}\r\n`),
      "40 kB cookie": () =>
        get("/about", `Cookie: ${Array.from({ length: 1000 }, (_, i) => `c${i}=${"v".repeat(35)}`).join("; ")}\r\n`),
      "1000 headers": () => get("/about", Array.from({ length: 1000 }, (_, i) => `X-H${i}: 1\r\n`).join("")),
      "a 7 kB path segment (under the limit)": () => get(`/categories/${"c".repeat(7 * 1024)}`),
      "deep path": () => get(`/${Array.from({ length: 2000 }, () => "a").join("/")}`),
    };
    const results: string[] = [];
    for (const [name, send] of Object.entries(cases)) {
      const res = await send();
      results.push(`${name.replace(/\W+/g, "_")}=${res.status}`);
      expect(res.status, name).toBeGreaterThanOrEqual(name === "1000 headers" ? 200 : 400);
      expect(res.status, name).toBeLessThan(500);
    }
    figure("oversized_statuses", results.join(" "));
    expect((await probe(`${site.url}/healthz`)).status).toBe(200);
    expect((await probe(`${site.url}/about`)).status).toBe(200);
  });
});
