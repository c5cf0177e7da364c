// The image service's figures (`npm run bench -- --only=media`, and part of every full run), on
// real photographs: the KDE wallpapers' photographs of Debian's plasma-workspace-wallpapers
// (GPL-2+; read from /usr/share/wallpapers, never committed).
//
//   quality    SSIM against the original (downscaled to the same width, greyscale) and bytes of
//              AVIF, WebP and JPEG at several qualities: how the qualities in
//              server/media/renditions.ts were chosen
//   page bytes the images home, /products and a product page load (every <img> of the document,
//              as a full scroll loads them) at 390 px DPR 3 and 1440 px DPR 2, each <img> given a
//              photograph: before, WordPress's renditions as srcset listed them (its default sizes
//              300, 768, 1024, 1536, 2048 and the 2560 original, JPEG quality 82 as WordPress
//              writes them — made here with sharp, not by a WordPress upload); after, the site's
//              widths in AVIF (what Chromium gets). The browser's choice: the smallest candidate at
//              least as wide as the slot × DPR
//   burst      200 distinct renditions asked at once of the real site: statuses (only 200 and 503
//              allowed), peak RSS, the event loop's largest delay
//   cached     a cached rendition answered by the site against a bare Node server sending the same bytes
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { encode, QUALITY } from "../server/media/renditions";
import { widthsFor } from "../common/renditions";
import { freePort, startSite } from "../tests/support/site";
import { startFaultyWordPress } from "../tests/support/faulty-wordpress";
import { load, pin, rssOf, table, type CaseResult } from "./support/measure";

const WALLPAPERS = "/usr/share/wallpapers";
/** The photographs among the wallpapers (the others are drawn or rendered). */
const PHOTOGRAPHS = [
  "Autumn",
  "BytheWater",
  "ColdRipple",
  "ColorfulCups",
  "DarkestHour",
  "EveningGlow",
  "FallenLeaf",
  "Grey",
  "Kite",
  "OneStandsOut",
  "Path",
  "summer_1am",
];
/** WordPress's default renditions of a 2560 px upload that srcset listed (the square thumbnail left out). */
const WORDPRESS_WIDTHS = [300, 768, 1024, 1536, 2048, 2560];
const WORDPRESS_JPEG_QUALITY = 82;

export function photographs(): { name: string; body: Buffer }[] {
  const found: { name: string; body: Buffer }[] = [];
  for (const name of PHOTOGRAPHS) {
    const dir = path.join(WALLPAPERS, name, "contents/images");
    if (!existsSync(dir)) continue;
    const file = readdirSync(dir).find((f) => f.startsWith("2560x") && f.endsWith(".jpg"));
    if (file) found.push({ name: name.toLowerCase(), body: readFileSync(path.join(dir, file)) });
  }
  return found;
}

/** Mean SSIM over 8×8 windows (stride 4) of two greyscale images of one size (Wang et al. 2004 constants). */
export function ssim(a: Buffer, b: Buffer, width: number, height: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let ma = 0,
        mb = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          const o = (y + j) * width + x + i;
          ma += a[o]!;
          mb += b[o]!;
        }
      ma /= 64;
      mb /= 64;
      let va = 0,
        vb = 0,
        cov = 0;
      for (let j = 0; j < 8; j++)
        for (let i = 0; i < 8; i++) {
          const o = (y + j) * width + x + i;
          const da = a[o]! - ma,
            db = b[o]! - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      va /= 63;
      vb /= 63;
      cov /= 63;
      sum += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows += 1;
    }
  }
  return sum / windows;
}

async function grey(image: Buffer, width: number): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image).resize({ width }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** SSIM of an encoded rendition against the original brought to the same width losslessly. */
async function qualityOf(original: Buffer, encoded: Buffer, width: number): Promise<number> {
  const reference = await grey(original, width);
  const candidate = await grey(encoded, reference.width);
  return ssim(reference.data, candidate.data, reference.width, Math.min(reference.height, candidate.height));
}

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

async function qualitySweep(photos: { name: string; body: Buffer }[]) {
  const rows: Record<string, unknown>[] = [];
  const sample = photos.slice(0, 6);
  const settings: { label: string; make: (o: Buffer) => Promise<Buffer> }[] = [
    {
      label: `jpeg q${WORDPRESS_JPEG_QUALITY} (WordPress)`,
      make: (o) => sharp(o).resize({ width: 800 }).jpeg({ quality: WORDPRESS_JPEG_QUALITY }).toBuffer(),
    },
    ...[40, 50, 55, 60].map((q) => ({
      label: `avif q${q}`,
      make: (o: Buffer) => sharp(o).rotate().resize({ width: 800 }).avif({ quality: q, effort: 2 }).toBuffer(),
    })),
    ...[65, 75, 85].map((q) => ({
      label: `webp q${q}`,
      make: (o: Buffer) => sharp(o).rotate().resize({ width: 800 }).webp({ quality: q, effort: 4 }).toBuffer(),
    })),
    ...[70, 78, 85].map((q) => ({
      label: `jpeg q${q} mozjpeg`,
      make: (o: Buffer) => sharp(o).rotate().resize({ width: 800 }).jpeg({ quality: q, mozjpeg: true }).toBuffer(),
    })),
  ];
  for (const setting of settings) {
    let bytes = 0,
      quality = 0,
      ms = 0;
    for (const photo of sample) {
      const started = performance.now();
      const out = await setting.make(photo.body);
      ms += performance.now() - started;
      bytes += out.length;
      quality += await qualityOf(photo.body, out, 800);
    }
    rows.push({
      setting: setting.label,
      width: 800,
      meanKB: round(bytes / sample.length / 1024, 1),
      meanSSIM: round(quality / sample.length),
      msPerImage: Math.round(ms / sample.length),
    });
  }
  return rows;
}

/** The slot width in CSS px that a `sizes` attribute gives at a viewport width. */
function slotWidth(sizes: string, viewport: number): number {
  for (const part of sizes.split(",").map((s) => s.trim())) {
    const match = /^(?:\((min|max)-width:\s*(\d+)px\)\s+)?(\d+(?:\.\d+)?)(px|vw)$/.exec(part);
    if (!match) continue;
    const [, kind, limit, value, unit] = match;
    if (kind === "min" && viewport < Number(limit)) continue;
    if (kind === "max" && viewport > Number(limit)) continue;
    return unit === "vw" ? (Number(value) * viewport) / 100 : Number(value);
  }
  return viewport;
}

function pick(candidates: number[], needed: number): number {
  return candidates.find((w) => w >= needed) ?? candidates[candidates.length - 1]!;
}

async function pageBytes(photos: { name: string; body: Buffer }[]) {
  const site = await startSite({
    LOG_LEVEL: "warn",
    MEDIA_CACHE_DIR: path.join(process.cwd(), ".cache/bench-media-pages"),
  });
  const catalogue = (await (await fetch(`${site.url}/products`)).text()).match(/href="\/products\/(\d+)"/)?.[1];
  const pages = ["/", "/products", `/products/${catalogue}`];
  const slots: { page: string; sizes: string }[] = [];
  for (const page of pages) {
    const html = await (await fetch(site.url + page)).text();
    for (const img of html.matchAll(/<img\b[^>]*>/g)) {
      const sizes = /\ssizes="([^"]*)"/.exec(img[0])?.[1];
      if (sizes && /srcSet="|srcset="/.test(img[0])) slots.push({ page, sizes });
    }
  }
  await site.stop();
  const encoded = new Map<string, Promise<{ bytes: number; ssim: number }>>();
  const measured = (photo: { name: string; body: Buffer }, kind: "before" | "after", width: number) => {
    const key = `${photo.name}|${kind}|${width}`;
    let pending = encoded.get(key);
    if (!pending) {
      pending = (async () => {
        const body =
          kind === "before"
            ? width >= 2560
              ? photo.body
              : await sharp(photo.body).resize({ width }).jpeg({ quality: WORDPRESS_JPEG_QUALITY }).toBuffer()
            : await encode(photo.body, width, "avif");
        return { bytes: body.length, ssim: await qualityOf(photo.body, body, width) };
      })();
      encoded.set(key, pending);
    }
    return pending;
  };
  const rows: Record<string, unknown>[] = [];
  for (const [viewport, dpr] of [
    [390, 3],
    [1440, 2],
  ] as const) {
    for (const page of pages) {
      let before = 0,
        after = 0,
        ssimBefore = 0,
        ssimAfter = 0,
        images = 0;
      for (const [i, slot] of slots.filter((s) => s.page === page).entries()) {
        const photo = photos[i % photos.length]!;
        const needed = slotWidth(slot.sizes, viewport) * dpr;
        const b = await measured(photo, "before", pick(WORDPRESS_WIDTHS, needed));
        const a = await measured(photo, "after", pick(widthsFor(2560), needed));
        before += b.bytes;
        after += a.bytes;
        ssimBefore += b.ssim;
        ssimAfter += a.ssim;
        images += 1;
      }
      rows.push({
        page: page.replace(/\d+$/, ":id"),
        viewport: `${viewport}px DPR${dpr}`,
        images,
        beforeKB: Math.round(before / 1024),
        afterKB: Math.round(after / 1024),
        afterPct: Math.round((after / before) * 1000) / 10,
        ssimBefore: round(ssimBefore / images),
        ssimAfter: round(ssimAfter / images),
      });
    }
  }
  return rows;
}

async function bareImageServer(
  body: Buffer,
  type: string,
): Promise<{ url: string; process: import("node:child_process").ChildProcess }> {
  const port = await freePort();
  const script = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BODY_B64, "base64");
    http.createServer((req, res) => { res.writeHead(200, { "content-type": "${type}", "cache-control": "public, max-age=31536000, immutable", "vary": "Accept", "content-length": body.length }); res.end(body); }).listen(${port}, "127.0.0.1");
  `;
  const child = spawn(process.execPath, ["-e", script], {
    env: { ...process.env, BODY_B64: body.toString("base64") },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, process: child };
}

/** The main thread's time on a CPU and waiting in the run queue so far (Linux schedstat), in ms. */
function mainThreadSchedule(pid: number): { onCpuMs: number; waitingMs: number } | undefined {
  try {
    const [onCpu, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").trim().split(" ").map(Number);
    return { onCpuMs: Math.round(onCpu! / 1e6), waitingMs: Math.round(waiting! / 1e6) };
  } catch {
    return undefined;
  }
}

async function burstAndCached(photos: { name: string; body: Buffer }[], env: Record<string, string>) {
  const wp = await startFaultyWordPress();
  for (const photo of photos)
    wp.addFault(new RegExp(`/wp-content/uploads/bench/${photo.name}\\.jpg$`), {
      kind: "file",
      body: photo.body,
      contentType: "image/jpeg",
    });
  const cacheDir = path.join(process.cwd(), `.cache/bench-media-${Date.now()}`);
  const site = await startSite({ ...env, WP_URL: wp.url, MEDIA_CACHE_DIR: cacheDir });
  pin(0, site.process.pid!);
  // Originals fetched once (the burst measures transforms, not the upstream).
  for (const photo of photos) await fetch(`${site.url}/media/bench/${photo.name}.jpg`).then((r) => r.arrayBuffer());
  const urls: { url: string; accept: string }[] = [];
  for (const accept of ["image/avif,image/webp,*/*", "image/webp,*/*"])
    for (const width of widthsFor(2560))
      for (const photo of photos) urls.push({ url: `${site.url}/media/bench/${photo.name}.jpg?w=${width}`, accept });
  const burst = urls.slice(0, 200);
  await fetch(site.metricsUrl).then((r) => r.text()); // resets the event loop's delay histogram
  const mainBefore = mainThreadSchedule(site.process.pid!);
  let peakRss = rssOf(site.process.pid) ?? 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(site.process.pid) ?? 0)), 25);
  const started = performance.now();
  const statuses = await Promise.all(
    burst.map(({ url, accept }) =>
      fetch(url, { headers: { Accept: accept } }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => 0,
      ),
    ),
  );
  const wallMs = Math.round(performance.now() - started);
  clearInterval(sampler);
  const mainAfter = mainThreadSchedule(site.process.pid!);
  const metrics = await (await fetch(site.metricsUrl)).text();
  const lagMaxMs = Math.round(Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(metrics)?.[1] ?? NaN) * 1000);
  const count: Record<string, number> = {};
  for (const s of statuses) count[s] = (count[s] ?? 0) + 1;
  const transforms = [
    ...metrics.matchAll(/^media_transform_duration_seconds_(sum|count)\{format="(\w+)"\} (\S+)$/gm),
  ].reduce<Record<string, { sum: number; count: number }>>((acc, m) => {
    acc[m[2]!] ??= { sum: 0, count: 0 };
    acc[m[2]!]![m[1] as "sum" | "count"] = Number(m[3]);
    return acc;
  }, {});
  const msPerTransform = Object.fromEntries(
    Object.entries(transforms)
      .filter(([, v]) => v.count > 0)
      .map(([f, v]) => [f, Math.round((v.sum / v.count) * 1000)]),
  );
  // A stall is either the main thread busy (its own CPU time) or waiting for a core (the run queue).
  const mainThread =
    mainBefore && mainAfter
      ? { onCpuMs: mainAfter.onCpuMs - mainBefore.onCpuMs, waitingForCpuMs: mainAfter.waitingMs - mainBefore.waitingMs }
      : "unknown";
  const burstFigures = {
    requests: burst.length,
    statuses: count,
    wallMs,
    peakRssMB: peakRss,
    eventLoopMaxDelayMs: lagMaxMs,
    mainThread,
    msPerTransform,
  };

  // Cached: one 640 px AVIF rendition, the site against a bare Node server with the same bytes.
  const cachedUrl = `${site.url}/media/bench/${photos[0]!.name}.jpg?w=640`;
  const bytes = Buffer.from(await (await fetch(cachedUrl, { headers: { Accept: "image/avif" } })).arrayBuffer());
  const bare = await bareImageServer(bytes, "image/avif");
  pin(0, bare.process.pid!);
  const requests = [{ method: "GET" as const, headers: { accept: "image/avif" } }];
  const bareCase = await load("media: bare node, same bytes", `${bare.url}/x`, { requests }, bare.process.pid);
  bare.process.kill();
  const siteCase = await load("media: cached rendition", cachedUrl, { requests }, site.process.pid);
  await site.stop();
  await wp.close();
  const { rm } = await import("node:fs/promises");
  await rm(cacheDir, { recursive: true, force: true });
  return {
    burst: burstFigures,
    cached: {
      bytes: bytes.length,
      bare: bareCase,
      site: siteCase,
      ratio: Math.round((siteCase.reqPerSec / bareCase.reqPerSec) * 100) / 100,
    },
  };
}

export async function mediaBench(
  report: Record<string, unknown>,
  env: Record<string, string>,
  cases: CaseResult[],
): Promise<void> {
  const photos = photographs();
  if (photos.length < 4) {
    console.log("media: skipped, no photographs (apt-get install plasma-workspace-wallpapers)");
    return;
  }
  console.log(`media: ${photos.length} photographs from ${WALLPAPERS}; chosen qualities ${JSON.stringify(QUALITY)}`);
  const quality = await qualitySweep(photos);
  console.log(table(quality));
  const bytes = await pageBytes(photos);
  console.log(table(bytes));
  const { burst, cached } = await burstAndCached(photos, env);
  console.log(`media burst: ${JSON.stringify(burst)}`);
  console.log(
    `media cached: ${cached.site.reqPerSec} req/s against bare node ${cached.bare.reqPerSec} req/s (${cached.ratio}×), ${cached.bytes} bytes`,
  );
  cases.push(cached.bare, cached.site);
  report.media = {
    photographs: photos.map((p) => p.name),
    quality,
    pageBytes: bytes,
    burst,
    cached: {
      bytes: cached.bytes,
      ratio: cached.ratio,
      bareReqPerSec: cached.bare.reqPerSec,
      siteReqPerSec: cached.site.reqPerSec,
    },
  };
}
