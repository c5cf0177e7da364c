// /media/ against an upstream and visitors that misbehave, on the real built site process: a
// visitor who stops reading, one who disconnects, an upstream that resets mid-body, one that
// stalls before its headers or in its body. After each, the process still answers /healthz and a
// page, and the upstream request was let go. Also: redirects are not followed, video answers
// Range with 206, an SVG is sandboxed whatever type the upstream claims.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, waitForLog, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { waitFor } from "../support/wait";
import { probe } from "./support";

const ready = hasBuild();
const TIMEOUT_MS = 1500;
/** Larger than every buffer between the upstream and the visitor (sockets, streams). */
const BIG = Buffer.alloc(48 * 1024 * 1024, 1);
let wp: FaultyWordPress;
let site: RunningSite;

async function stillServes(): Promise<void> {
  expect(site.process.exitCode).toBeNull();
  expect((await probe(`${site.url}/healthz`)).status).toBe(200);
  expect((await probe(`${site.url}/about`)).status).toBe(200);
}

/** A GET whose answer is read until its first chunk; then `then` decides what the visitor does. */
function firstChunk(path: string): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(site.url + path, (res) => {
      res.once("data", () => {
        res.pause();
        resolve({ res, req });
      });
      res.once("error", () => undefined);
    });
    req.once("error", reject);
  });
}

/** The whole answer as a visitor's client sees it: status, headers, bytes, and whether it ended complete. */
function fetchRaw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; complete: boolean }> {
  return new Promise((resolve) => {
    const req = http.get(site.url + path, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, complete: res.complete });
      res.once("end", done);
      res.once("error", done);
      res.once("aborted", done);
    });
    req.once("error", () => resolve({ status: 0, headers: {}, bytes: 0, complete: false }));
  });
}

describe.runIf(ready)("/media/ streams", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url, WP_TIMEOUT_MS: String(TIMEOUT_MS) });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
  });

  it("cuts a visitor who stops reading, lets go of the upstream, and keeps serving", async () => {
    wp.setFault(/stops-reading\.mp4/, { kind: "file", body: BIG, contentType: "video/mp4" });
    const cutBefore = wp.uploadsCut;
    const { res, req } = await firstChunk("/media/2024/01/stops-reading.mp4");
    expect(res.statusCode).toBe(200);
    // The visitor reads nothing more: after the idle bound the site ends the transfer and the upstream's.
    await waitFor(() => wp.uploadsCut > cutBefore, 4 * TIMEOUT_MS, "the upstream transfer let go");
    await waitForLog(
      site,
      (l) => l.includes("stops-reading.mp4") && l.includes("media transfer cut short"),
      2 * TIMEOUT_MS,
    );
    req.destroy();
    await stillServes();
  });

  it("lets go of the upstream when the visitor disconnects, and keeps serving", async () => {
    wp.setFault(/disconnects\.mp4/, { kind: "file", body: BIG, contentType: "video/mp4" });
    const cutBefore = wp.uploadsCut;
    const { req } = await firstChunk("/media/2024/01/disconnects.mp4");
    req.destroy();
    // Well within the idle bound: the site aborts the upstream as soon as the visitor goes.
    await waitFor(() => wp.uploadsCut > cutBefore, TIMEOUT_MS / 2, "the upstream transfer aborted");
    await stillServes();
  });

  it("ends the answer short when the upstream resets mid-body, and keeps serving", async () => {
    wp.setFault(/resets\.mp4/, {
      kind: "reset-mid-body",
      bytes: 256 * 1024,
      total: 4 * 1024 * 1024,
      contentType: "video/mp4",
    });
    const answer = await fetchRaw("/media/2024/01/resets.mp4");
    expect(answer.status).toBe(200);
    expect(answer.complete).toBe(false);
    expect(answer.bytes).toBeLessThan(4 * 1024 * 1024);
    await stillServes();
  });

  it("ends the answer when the upstream stalls mid-body, within the idle bound, and keeps serving", async () => {
    wp.setFault(/stalls\.mp4/, {
      kind: "stall-mid-body",
      bytes: 64 * 1024,
      total: 1024 * 1024,
      contentType: "video/mp4",
    });
    const cutBefore = wp.uploadsCut;
    const answer = await fetchRaw("/media/2024/01/stalls.mp4");
    expect(answer.complete).toBe(false);
    await waitFor(() => wp.uploadsCut > cutBefore, TIMEOUT_MS, "the stalled upstream let go");
    await stillServes();
  });

  it("answers 503 with Retry-After when the upstream's headers do not come in time", async () => {
    wp.setFault(/late-headers\.mp4/, { kind: "slow", ms: 4 * TIMEOUT_MS });
    const answer = await probe(`${site.url}/media/2024/01/late-headers.mp4`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.durationMs).toBeLessThan(3 * TIMEOUT_MS);
    await stillServes();
  });

  it("does not follow a redirect", async () => {
    wp.setFault(/moved\.pdf/, { kind: "redirect", status: 302, location: `/wp-content/uploads/2024/01/elsewhere.pdf` });
    wp.addFault(/elsewhere\.pdf/, {
      kind: "file",
      body: Buffer.from("%PDF-1.4 secret"),
      contentType: "application/pdf",
    });
    const cutBefore = wp.byUrl.size;
    const answer = await probe(`${site.url}/media/2024/01/moved.pdf`);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("secret");
    expect(wp.byUrl.size).toBe(cutBefore);
  });

  it("answers Range for video with 206", async () => {
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    wp.setFault(/clip\.mp4/, { kind: "file", body, contentType: "video/mp4" });
    const res = await fetch(`${site.url}/media/2024/01/clip.mp4`, { headers: { Range: "bytes=100-199" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await res.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);
  });

  it("serves an SVG as a sandboxed image whatever type the upstream claims", async () => {
    wp.setFault(/drawing\.svg/, {
      kind: "answer",
      status: 200,
      contentType: "text/html",
      body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    const answer = await probe(`${site.url}/media/2024/01/drawing.svg`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(answer.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(answer.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
  });
});
