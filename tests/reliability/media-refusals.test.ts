// Uploads /media/ cannot serve cost one look, on the real built site process: a missing upload, one
// too large, one that is not an image, a missing PDF — each asked again and again reaches
// WordPress once, and is answered 404 with a minute's max-age for the CDN (the pod remembers it
// as long). A query parameter /media/ does not define is a 400 (never stored), so `?r=N` cannot
// walk past the CDN's key. Fetches of uploads wait for a turn of their own gate: a flood of
// distinct missing names never has more than a few requests at WordPress at once.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import type { PostRecord } from "../../demo";
import { MEDIA_BOUNDS } from "../../server/media/service";
import { figure, probe } from "./support";

const ready = hasBuild();
let wp: FaultyWordPress;
let site: RunningSite;
let cacheDir: string;
let image: string;

const uploadsAsked = (uploadPath: string) => wp.uploads.byPath.get(`/wp-content/uploads${uploadPath}`) ?? 0;

describe.runIf(ready)("/media/ refusals, remembered", () => {
  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(os.tmpdir(), "fc-media-refusals-"));
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url, WP_TIMEOUT_MS: "5000", MEDIA_CACHE_DIR: cacheDir });
    const [media] = (wp.catalogue.list("media", { lang: "en" }) as PostRecord[]).filter(
      (m) => m.attachment && m.attachment.width >= 800,
    );
    image = `/${media!.attachment!.file}`;
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it("refuses query parameters it does not define, so none varies the CDN's key", async () => {
    for (const query of ["r=1", "r=2", "w=640&r=3", "w=640&utm_source=newsletter", "fm=avif"]) {
      const answer = await probe(`${site.url}/media${image}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get("cache-control"), query).toBe("no-store");
    }
    expect(uploadsAsked(image)).toBe(0);
    expect((await probe(`${site.url}/media${image}?w=640`)).status).toBe(200);
  });

  it("asks WordPress once for a missing upload, and tells the CDN to keep the 404 a minute", async () => {
    for (const missing of ["/2024/05/gone.jpg", "/2024/05/gone.pdf"]) {
      for (let i = 0; i < 20; i++) {
        const answer = await probe(`${site.url}/media${missing}${missing.endsWith(".jpg") ? "?w=480" : ""}`);
        expect(answer.status, missing).toBe(404);
        expect(answer.headers.get("cache-control"), missing).toBe("public, max-age=60");
      }
      expect(uploadsAsked(missing), missing).toBe(1);
    }
  });

  it("refuses an upload larger than it serves without reading it, once", async () => {
    wp.setFault(/\/huge\.png$/, { kind: "file", body: Buffer.alloc(80 * 1024 * 1024, 1), contentType: "image/png" });
    try {
      for (let i = 0; i < 5; i++) {
        const answer = await probe(`${site.url}/media/2024/05/huge.png?w=480`);
        expect(answer.status).toBe(404);
        expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
      }
      expect(uploadsAsked("/2024/05/huge.png")).toBe(1);
      // Not read to its end: the site let go of it.
      expect(wp.uploadsCut).toBeGreaterThanOrEqual(1);
    } finally {
      wp.setFault(undefined);
    }
  });

  it("refuses an upload that is not an image it can read, once, never with a 5xx", async () => {
    wp.setFault(/\/not-a-photo\.jpg$/, {
      kind: "answer",
      status: 200,
      contentType: "image/jpeg",
      body: "<html>this is not a JPEG</html>",
    });
    try {
      for (let i = 0; i < 5; i++) {
        const answer = await probe(`${site.url}/media/2024/05/not-a-photo.jpg?w=480`);
        expect(answer.status).toBe(404);
        expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
      }
      expect(uploadsAsked("/2024/05/not-a-photo.jpg")).toBe(1);
    } finally {
      wp.setFault(undefined);
    }
  });

  it("fetches uploads a few at a time under their own gate, whatever the flood", async () => {
    wp.setFault(/\/flood-\d+\.jpg$/, { kind: "slow", ms: 200 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          probe(`${site.url}/media/2024/06/flood-${i}.jpg?w=480`, { timeoutMs: 30_000 }),
        ),
      );
      const statuses: Record<number, number> = {};
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      figure("200 distinct missing uploads: statuses", JSON.stringify(statuses));
      figure("200 distinct missing uploads: most at WordPress at once", wp.uploads.maxInflight);
      expect(wp.uploads.maxInflight).toBeLessThanOrEqual(MEDIA_BOUNDS.fetches.inflight);
      // Each asked once; none answered with a 5xx other than a 503 with Retry-After.
      for (const a of answers) expect([404, 503], String(a.status)).toContain(a.status);
      expect(answers.filter((a) => a.status === 404).length).toBeGreaterThan(0);
    } finally {
      wp.setFault(undefined);
    }
    expect(site.process.exitCode).toBeNull();
  });
});
