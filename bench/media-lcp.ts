// Largest Contentful Paint on a throttled phone (`npm run bench -- --only=lcp`, and part of every
// full run): Debian's Chromium (playwright-core, never a downloaded browser) at 390 px, DPR 3,
// the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) and the network at 1.6 Mbps down,
// 750 kbps up, 150 ms round trip (Network.emulateNetworkConditions), a fresh browser cache each
// load; the home page and a product page, each loaded RUNS times per side, median reported.
//
//   before  MEDIA_URL set to WordPress's uploads: srcset lists WordPress's own renditions (its
//           sizes of each upload, JPEG quality 82 as WordPress writes them), straight from it
//   after   the site's /media/ renditions (AVIF at the site's widths), from its warm disk cache
//
// Both sides run against one demo WordPress whose uploads are real photographs (the KDE
// wallpapers of Debian's plasma-workspace-wallpapers, GPL-2+, read from /usr/share/wallpapers):
// every upload file either page references is answered with a photograph cropped to the
// attachment's size (originals as JPEG quality 90). The site's caches are warmed by one
// unthrottled load of each page first: the figures are a visitor's after the first one (what a
// CDN in front gives everybody), not the encode of a rendition.
import path from "node:path";
import sharp from "sharp";
import type { CDPSession } from "playwright-core";
import { launchBrowser } from "../tests/support/browser";
import { hasChromium } from "../tests/support/requirements";
import { startFaultyWordPress, type FaultyWordPress } from "../tests/support/faulty-wordpress";
import { startSite, type RunningSite } from "../tests/support/site";
import { table } from "./support/measure";

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** 1.6 Mbps down, 750 kbps up, 150 ms round trip (bytes per second for CDP). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const CPU_SLOWDOWN = 4;
const WORDPRESS_JPEG_QUALITY = 82;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Upload files (relative to wp-content/uploads) a page's HTML references, by either side's URLs. */
function uploadFiles(html: string, uploadsBase: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)) {
    for (const candidate of match[1]!.replaceAll("&amp;", "&").split(",")) {
      const url = candidate.trim().split(/\s+/)[0] ?? "";
      const at = url.startsWith("/media/")
        ? "/media/".length
        : url.startsWith(uploadsBase)
          ? uploadsBase.length + 1
          : -1;
      if (at >= 0) files.add(url.slice(at).split("?")[0]!);
    }
  }
  return [...files];
}

/** Answers each upload file with a photograph cropped to the attachment's size. */
async function photographUploads(wp: FaultyWordPress, files: string[], photos: { body: Buffer }[]): Promise<number> {
  let served = 0;
  for (const [i, file] of files.entries()) {
    const upload = wp.catalogue.upload(file);
    if (!upload || !upload.size.width || !upload.size.height) continue;
    const original = upload.size.name === "full";
    const body = await sharp(photos[i % photos.length]!.body)
      .resize({ width: upload.size.width, height: upload.size.height, fit: "cover" })
      .jpeg({ quality: original ? 90 : WORDPRESS_JPEG_QUALITY })
      .toBuffer();
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    wp.addFault(new RegExp(`/wp-content/uploads/${escaped}$`), { kind: "file", body, contentType: "image/jpeg" });
    served += 1;
  }
  return served;
}

async function throttle(session: CDPSession): Promise<void> {
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", NETWORK);
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/** The last largest-contentful-paint entry once the page has loaded: its time and what it was. */
const OBSERVE_LCP = `
  window.__lcp = { ms: 0, what: "" };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = { ms: e.startTime, what: e.element ? e.element.tagName.toLowerCase() + (e.url ? " " + e.url.replace(/^https?:\\/\\/[^/]+/, "").slice(0, 80) : "") : "" };
  }).observe({ type: "largest-contentful-paint", buffered: true });
`;

export async function lcpBench(report: Record<string, unknown>, photos: { body: Buffer }[]): Promise<void> {
  if (!hasChromium()) {
    console.log("lcp: skipped, no Chromium (apt-get install chromium)");
    return;
  }
  const wp = await startFaultyWordPress();
  const uploadsBase = `${wp.url}/wp-content/uploads`;
  const cacheDir = path.join(process.cwd(), `.cache/bench-media-lcp-${Date.now()}`);
  const sites: Record<"before" | "after", RunningSite | undefined> = { before: undefined, after: undefined };
  const browser = await launchBrowser();
  try {
    sites.before = await startSite({ LOG_LEVEL: "warn", WP_URL: wp.url, MEDIA_URL: uploadsBase });
    sites.after = await startSite({ LOG_LEVEL: "warn", WP_URL: wp.url, MEDIA_CACHE_DIR: cacheDir });
    const home = new URL((await fetch(`${sites.after.url}/`)).url).pathname;
    const productId = (await (await fetch(`${sites.after.url}/products`)).text()).match(
      /href="\/products\/(\d+)"/,
    )?.[1];
    const pages = [home, `/products/${productId}`];
    const files = new Set<string>();
    for (const site of [sites.before, sites.after]) {
      for (const page of pages)
        for (const file of uploadFiles(await (await fetch(site.url + page)).text(), uploadsBase)) files.add(file);
    }
    const photographed = await photographUploads(wp, [...files], photos);
    console.log(
      `lcp: ${photographed} upload files answered with photographs; ${RUNS} loads per page and side, 4× CPU, 1.6 Mbps / 750 kbps, 150 ms RTT, 390 px DPR 3`,
    );

    async function load(
      site: RunningSite,
      page: string,
      throttled: boolean,
    ): Promise<{ ms: number; what: string; imageKB: number }> {
      const context = await browser.newContext(PHONE);
      try {
        await context.addInitScript(OBSERVE_LCP);
        const tab = await context.newPage();
        let imageBytes = 0;
        tab.on("response", (res) => {
          if (res.request().resourceType() === "image")
            void res.body().then(
              (b) => (imageBytes += b.length),
              () => undefined,
            );
        });
        if (throttled) await throttle(await context.newCDPSession(tab));
        await tab.goto(site.url + page, { waitUntil: "load", timeout: 180_000 });
        // LCP is final once the page is loaded and a frame has been painted since.
        await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))));
        const lcp = await tab.evaluate<{ ms: number; what: string }>("window.__lcp");
        return { ms: lcp.ms, what: lcp.what, imageKB: Math.round(imageBytes / 1024) };
      } finally {
        await context.close();
      }
    }

    // Warm-up: renditions encoded and cached, pages rendered once.
    for (const side of ["before", "after"] as const) for (const page of pages) await load(sites[side]!, page, false);
    const rows: Record<string, unknown>[] = [];
    for (const page of pages) {
      const runs: Record<"before" | "after", { ms: number; what: string; imageKB: number }[]> = {
        before: [],
        after: [],
      };
      // Interleaved, so a busier moment of the machine weighs on both sides alike.
      for (let i = 0; i < RUNS; i++)
        for (const side of ["before", "after"] as const) runs[side].push(await load(sites[side]!, page, true));
      const before = median(runs.before.map((r) => r.ms));
      const after = median(runs.after.map((r) => r.ms));
      rows.push({
        page: page.replace(/\d+$/, ":id"),
        beforeMs: Math.round(before),
        afterMs: Math.round(after),
        changePct: Math.round(((after - before) / before) * 1000) / 10,
        beforeImageKB: median(runs.before.map((r) => r.imageKB)),
        afterImageKB: median(runs.after.map((r) => r.imageKB)),
        beforeRunsMs: runs.before.map((r) => Math.round(r.ms)).join(" "),
        afterRunsMs: runs.after.map((r) => Math.round(r.ms)).join(" "),
        lcpElementBefore: runs.before[0]!.what,
        lcpElementAfter: runs.after[0]!.what,
      });
    }
    console.log(table(rows));
    report.lcp = { runs: RUNS, cpuSlowdown: CPU_SLOWDOWN, network: NETWORK, phone: PHONE, pages: rows };
  } finally {
    await browser.close();
    await sites.before?.stop();
    await sites.after?.stop();
    await wp.close();
    const { rm } = await import("node:fs/promises");
    await rm(cacheDir, { recursive: true, force: true });
  }
}
