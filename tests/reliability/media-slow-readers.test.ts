// Streamed uploads (PDF, MP4) held open by slow transfers, on the real built site process: 32
// visitors (each from an address of their own, read through TRUST_PROXY) read a PDF a few KiB at
// a time while WordPress sends it as slowly (a slow link, or a slow reader upstream of it: either
// way every transfer keeps its connection to WordPress for minutes). While they do, an image never
// fetched and a page never rendered still answer within WP_TIMEOUT_MS (images, streams and content
// reads never share a pool of connections), one more stream is refused at once with 503 and
// Retry-After (the streams' bound), and one visitor cannot hold more than their share.
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { waitFor } from "../support/wait";
import type { PostRecord } from "../../demo";
import { figure, metricValue, probe, readMetrics } from "./support";

const ready = hasBuild();
const TIMEOUT_MS = 3000;
/** Visitors reading slowly: as many as the streams' bound (and as many sockets as the old shared pool had). */
const SLOW_READERS = 32;
/** 16 KiB every 250 ms: a 64 MiB PDF takes over 17 minutes, far longer than the test. */
const SLOW_PDF = {
  kind: "trickle",
  chunk: 16 * 1024,
  everyMs: 250,
  total: 64 * 1024 * 1024,
  contentType: "application/pdf",
} as const;
let wp: FaultyWordPress;
let site: RunningSite;
let readers: SlowReader[] = [];
let cacheDir: string;

interface SlowReader {
  status: number;
  /** Bytes read so far. */
  bytes: number;
  stop(): void;
}

/** A visitor from `address` reading `target` at most 64 KiB a second. */
function slowReader(target: string, address: string): Promise<SlowReader> {
  return new Promise((resolve) => {
    const reader: SlowReader = { status: 0, bytes: 0, stop: () => req.destroy() };
    const req = http.get(site.url + target, { agent: false, headers: { "X-Forwarded-For": address } }, (res) => {
      reader.status = res.statusCode ?? 0;
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      res.on("data", (chunk: Buffer) => {
        reader.bytes += chunk.length;
        const ahead = (reader.bytes / (64 * 1024)) * 1000 - (Date.now() - started);
        if (ahead > 0) {
          res.pause();
          timer = setTimeout(() => res.resume(), ahead);
        }
      });
      res.once("error", () => undefined);
      reader.stop = () => {
        clearTimeout(timer);
        req.destroy();
      };
      resolve(reader);
    });
    req.once("error", () => resolve(reader));
  });
}

describe.runIf(ready)("/media/ with every stream held by slow readers", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    wp.setFault(/\/uploads\/2024\/02\/catalogue-[\w-]+\.pdf$/, SLOW_PDF);
    cacheDir = await mkdtemp(path.join(os.tmpdir(), "fc-media-slow-"));
    site = await startSite({
      WP_URL: wp.url,
      WP_TIMEOUT_MS: String(TIMEOUT_MS),
      TRUST_PROXY: "1",
      MEDIA_CACHE_DIR: cacheDir,
    });
  });
  afterEach(async () => {
    for (const reader of readers) reader.stop();
    readers = [];
    // Each transfer lets go of its slot once the site sees its visitor gone.
    const deadline = Date.now() + 10_000;
    while (metricValue(await readMetrics(site.metricsUrl), "media_streams_in_flight") > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it("still answers an uncached image and an unrendered page within WP_TIMEOUT_MS, and refuses one more stream with 503", async () => {
    readers = await Promise.all(
      Array.from({ length: SLOW_READERS }, (_, i) =>
        slowReader(`/media/2024/02/catalogue-${i}.pdf`, `10.1.0.${i + 1}`),
      ),
    );
    expect(readers.map((r) => r.status)).toEqual(Array(SLOW_READERS).fill(200));
    await waitFor(() => readers.every((r) => r.bytes > 0), 10_000, "every slow reader reading");

    const [image] = (wp.catalogue.list("media", { lang: "en" }) as PostRecord[]).filter(
      (m) => m.attachment && m.attachment.width >= 800,
    );
    const uncachedImage = await probe(`${site.url}/media/${image!.attachment!.file}?w=480`, {
      headers: { Accept: "image/webp" },
      timeoutMs: 4 * TIMEOUT_MS,
    });
    figure("uncached image while 32 streams are held (ms)", uncachedImage.durationMs);
    expect(uncachedImage.status).toBe(200);
    expect(uncachedImage.headers.get("content-type")).toBe("image/webp");
    expect(uncachedImage.durationMs).toBeLessThan(TIMEOUT_MS);

    const page = await probe(`${site.url}/it/prodotti?sort=name`, { timeoutMs: 4 * TIMEOUT_MS });
    figure("unrendered page while 32 streams are held (ms)", page.durationMs);
    expect(page.status).toBe(200);
    expect(page.durationMs).toBeLessThan(TIMEOUT_MS);

    // One stream past the bound, from a visitor holding none: refused at once, never queued.
    const refused = await probe(`${site.url}/media/2024/02/catalogue-extra.pdf`, {
      headers: { "X-Forwarded-For": "10.2.0.1" },
      timeoutMs: 4 * TIMEOUT_MS,
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.durationMs).toBeLessThan(TIMEOUT_MS);
    expect(site.process.exitCode).toBeNull();
  });

  it("lets one visitor hold only their share of the streams", async () => {
    const mine = await Promise.all(
      Array.from({ length: 4 }, (_, i) => slowReader(`/media/2024/02/catalogue-mine-${i}.pdf`, "10.3.0.1")),
    );
    readers = mine;
    expect(mine.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const fifth = await probe(`${site.url}/media/2024/02/catalogue-mine-4.pdf`, {
      headers: { "X-Forwarded-For": "10.3.0.1" },
      timeoutMs: 4 * TIMEOUT_MS,
    });
    expect(fifth.status).toBe(503);
    expect(fifth.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    // Another visitor is not affected.
    const other = await slowReader("/media/2024/02/catalogue-other.pdf", "10.3.0.2");
    readers.push(other);
    expect(other.status).toBe(200);
  });
});
