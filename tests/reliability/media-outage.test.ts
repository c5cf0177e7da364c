// /media/ while WordPress is down, on the real built site process against the demo catalogue's
// uploads: what was fetched before is served from the disk cache (renditions, and new widths made
// from the cached original), also by a new process on the same cache folder; an image never
// fetched answers 503 with Retry-After, and works once WordPress is back. A purge of `media:<id>`
// drops that image's files. A width not offered is a 400, never a resize, and so is a parameter /media/ does not define. The metrics count it all.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { adminPurge, startSite, waitForLog, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import type { PostRecord } from "../../demo";
import { metricValue, probe, readMetrics } from "./support";
import { uploadKey } from "../../server/media/ids";

const ready = hasBuild();
const ADMIN_TOKEN = "media-outage-admin-token";
const AVIF = { Accept: "image/avif,image/webp,*/*" };
let wp: FaultyWordPress;
let site: RunningSite;
let cacheDir: string;
let images: { id: number; path: string }[];

const env = () => ({
  WP_URL: wp.url,
  WP_TIMEOUT_MS: "1500",
  MEDIA_CACHE_DIR: cacheDir,
  MEDIA_CACHE_MB: "64",
  ADMIN_TOKEN,
});

async function media(path: string, headers: Record<string, string> = AVIF) {
  const res = await probe(`${site.url}/media${path}`, { headers });
  return res;
}

describe.runIf(ready)("/media/ while WordPress is down", () => {
  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(os.tmpdir(), "fc-media-test-"));
    wp = await startFaultyWordPress();
    site = await startSite(env());
    images = (wp.catalogue.list("media", { lang: "en" }) as PostRecord[])
      .filter((m) => m.attachment && m.attachment.width >= 800)
      .slice(0, 5)
      .map((m) => ({ id: m.id, path: `/${m.attachment!.file}` }));
    expect(images).toHaveLength(5);
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close().catch(() => undefined);
    await rm(cacheDir, { recursive: true, force: true });
  });

  it("answers the widths srcset offers in the format Accept names, and refuses any other width", async () => {
    const [image] = images;
    const avif = await media(`${image!.path}?w=640`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const webp = await media(`${image!.path}?w=640`, { Accept: "image/webp,*/*" });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    for (const query of ["w=641", "w=0640", "w=640&w=800", "w=abc", "w=100000"]) {
      const refused = await media(`${image!.path}?${query}`);
      expect(refused.status, query).toBe(400);
      // Never stored: an edge keying without some parameters must not keep a refusal.
      expect(refused.headers.get("cache-control"), query).toBe("no-store");
    }
    // Nor a parameter /media/ does not define (a campaign's, a cache-buster): none may vary the CDN's key.
    for (const query of ["w=640&utm_source=newsletter", "w=640&r=7"]) {
      const refused = await media(`${image!.path}?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get("cache-control"), query).toBe("no-store");
    }
  });

  it("serves what it fetched before while WordPress is down, and 503 with Retry-After for an image never fetched", async () => {
    const [, seen, other, never] = images;
    expect((await media(`${seen!.path}?w=480`)).status).toBe(200);
    expect((await media(other!.path)).status).toBe(200);
    const before = await readMetrics(site.metricsUrl);
    await wp.stop();
    try {
      expect((await media(`${seen!.path}?w=480`)).status).toBe(200);
      // Another width: made from the cached original.
      const otherWidth = await media(`${seen!.path}?w=320`);
      expect(otherWidth.status).toBe(200);
      expect(otherWidth.headers.get("content-type")).toBe("image/avif");
      expect((await media(`${other!.path}?w=800`)).status).toBe(200);
      const missing = await media(`${never!.path}?w=480`);
      expect(missing.status).toBe(503);
      expect(missing.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(missing.headers.get("cache-control")).toBe("no-store");
    } finally {
      await wp.start();
    }
    const after = await readMetrics(site.metricsUrl);
    expect(
      metricValue(after, "media_requests_total", { result: "hit" }) -
        metricValue(before, "media_requests_total", { result: "hit" }),
    ).toBe(3);
    expect(
      metricValue(after, "media_requests_total", { result: "error" }) -
        metricValue(before, "media_requests_total", { result: "error" }),
    ).toBe(1);
    expect(metricValue(after, "media_cache_bytes")).toBeGreaterThan(0);
    // WordPress is back: the image never fetched is served, nothing of the outage was cached.
    expect((await media(`${never!.path}?w=480`)).status).toBe(200);
  });

  it("does not cache an image whose transfer broke off", async () => {
    // An image no test asked for yet: nothing of it is cached.
    const broken = images[4]!;
    wp.setFault(new RegExp(broken.path.replace(/[.]/g, "\\.") + "$"), {
      kind: "reset-mid-body",
      bytes: 1000,
      total: 50_000,
      contentType: "image/webp",
    });
    try {
      const answer = await media(`${broken.path}?w=1200`);
      expect(answer.status).toBe(503);
    } finally {
      wp.setFault(undefined);
    }
    expect(site.process.exitCode).toBeNull();
    const again = await media(`${broken.path}?w=1200`);
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toBe("image/avif");
  });

  it("keeps its cache across a restart", async () => {
    const [, seen] = images;
    await site.stop();
    await wp.stop();
    try {
      site = await startSite(env());
      expect((await media(`${seen!.path}?w=480`)).status).toBe(200);
    } finally {
      await wp.start();
    }
  });

  it("keeps a softly purged image as a fallback while WordPress is down, and counts it stale", async () => {
    const [, , other] = images;
    expect((await media(`${other!.path}?w=640`)).status).toBe(200);
    const res = await fetch(`${site.internalUrl}/api/cache/purge`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ tags: [`media:${other!.id}`], mode: "soft" }),
    });
    expect(res.status).toBe(200);
    await waitForLog(site, (l) => l.includes("media purged") && l.includes(other!.path) && l.includes('"mode":"soft"'));
    const before = await readMetrics(site.metricsUrl);
    await wp.stop();
    try {
      const answer = await media(`${other!.path}?w=640`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/avif");
    } finally {
      await wp.start();
    }
    const after = await readMetrics(site.metricsUrl);
    expect(
      metricValue(after, "media_requests_total", { result: "stale" }) -
        metricValue(before, "media_requests_total", { result: "stale" }),
    ).toBe(1);
  });

  it("drops an image's files on a purge of its media tag", async () => {
    const [, seen] = images;
    expect((await media(`${seen!.path}?w=480`)).status).toBe(200);
    await adminPurge(site, ADMIN_TOKEN, [`media:${seen!.id}`]);
    await waitForLog(site, (l) => l.includes("media purged") && l.includes(seen!.path));
    await wp.stop();
    try {
      // Nothing left to serve it from: as if never fetched.
      expect((await media(`${seen!.path}?w=480`)).status).toBe(503);
    } finally {
      await wp.start();
    }
  });

  it("names each answer for the edge's purges: the upload always, its media id once a page showed it", async () => {
    const [, , , unseen] = images;
    const direct = await media(`${unseen!.path}?w=480`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("surrogate-key")).toContain(uploadKey(unseen!.path));
    // The catalogue's images, as /products shows them: the mappers saw their ids.
    const listing = await probe(`${site.url}/products`);
    const file = /\/media\/([\w/.-]+\.webp)\?w=\d+/.exec(listing.body)?.[1];
    expect(file, "no rendition on /products").toBeDefined();
    const id = wp.catalogue.upload(file!)!.media.id;
    const shown = await media(`/${file}?w=480`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("surrogate-key")).toBe(`media:${id} ${uploadKey(`/${file}`)}`);
    expect(shown.headers.get("cache-tag")).toBe(`media:${id},${uploadKey(`/${file}`)}`);
  });

  it("drops the files of an image deleted in WordPress on a purge of its media tag", async () => {
    const listing = await probe(`${site.url}/products`);
    const files = [...listing.body.matchAll(/\/media\/([\w/.-]+\.webp)\?w=\d+/g)].map((m) => m[1]!);
    const file = files[files.length - 1]!;
    const id = wp.catalogue.upload(file)!.media.id;
    expect((await media(`/${file}?w=320`)).status).toBe(200);
    // Deleted for good: WordPress answers 404 for wp/v2/media/<id>; the site remembers the path.
    wp.catalogue.remove("media", id);
    await adminPurge(site, ADMIN_TOKEN, [`media:${id}`]);
    await waitForLog(site, (l) => l.includes("media purged") && l.includes(file));
    await wp.stop();
    try {
      expect((await media(`/${file}?w=320`)).status).toBe(503);
    } finally {
      await wp.start();
    }
  });
});
