// The imagemap draws the scene an editor uploaded as it is, and each hotspot on the point the
// editor placed: a hotspot is stored as percentages of the scene's natural width and height
// (docs/content-model.md), so its centre must sit at that fraction of the picture as drawn, at
// every width. The scene here is not 16:9 (1920×1200, as a camera makes them) and shows a round
// red marker at each stored point: on the page, each marker must still be round (the picture is
// not stretched) and each hotspot's centre on its marker, at a phone's and a desktop's width.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { launchBrowser, screenshot, stopAll, watchPage } from "../support/browser";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { addEditorUpload } from "../support/editor-uploads";

const ready = hasChromium() && hasBuild();
const SCENE = { width: 1920, height: 1200 };
/** Where the editor placed the hotspots (percent of the scene), near every edge and the middle. */
const POINTS = [
  { x: 12.5, y: 20 },
  { x: 50, y: 50 },
  { x: 87.5, y: 75 },
  { x: 30, y: 88.25 },
  { x: 71.2, y: 12.6 },
];
const MARKER_RADIUS = 40;

/** The scene: a calm ground with a thin grid, and a red disc at each stored point. */
function sceneSvg(): Buffer {
  const { width, height } = SCENE;
  const grid = Array.from(
    { length: 9 },
    (_, i) =>
      `<line x1="${(i + 1) * 192}" y1="0" x2="${(i + 1) * 192}" y2="${height}"/><line x1="0" y1="${(i + 1) * 120}" x2="${width}" y2="${(i + 1) * 120}"/>`,
  ).join("");
  const markers = POINTS.map(
    (p) => `<circle cx="${(p.x / 100) * width}" cy="${(p.y / 100) * height}" r="${MARKER_RADIUS}" fill="#d0101e"/>`,
  ).join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e9e4da"/><g stroke="#cfc8ba" stroke-width="2">${grid}</g>${markers}</svg>`,
  );
}

let wp: FaultyWordPress;
let site: RunningSite;
let browser: Browser;

interface Geometry {
  /** The picture as drawn (after object-fit), relative to the img element's box. */
  drawn: { left: number; top: number; width: number; height: number };
  box: { width: number; height: number };
  /** Each hotspot button's centre, relative to the img element's box. */
  hotspots: { x: number; y: number }[];
}

/** Where the page draws the scene and its hotspots, read from layout (object-fit and object-position included). */
function geometry(page: Page): Promise<Geometry> {
  return page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>(".home .imagemap__scene > img")!;
    const box = img.getBoundingClientRect();
    const style = getComputedStyle(img);
    const natural = img.naturalWidth / img.naturalHeight;
    let width = box.width;
    let height = box.height;
    if (style.objectFit === "contain" || style.objectFit === "cover") {
      const wider = box.width / box.height > natural;
      const fitHeight = style.objectFit === "contain" ? wider : !wider;
      width = fitHeight ? box.height * natural : box.width;
      height = fitHeight ? box.height : box.width / natural;
    }
    const [px, py] = style.objectPosition.split(" ").map((v) => parseFloat(v) / 100);
    const drawn = { left: (box.width - width) * (px ?? 0.5), top: (box.height - height) * (py ?? 0.5), width, height };
    const hotspots = [...document.querySelectorAll(".home .imagemap .hotspot__button")].map((b) => {
      const r = b.getBoundingClientRect();
      return { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top };
    });
    return { drawn, box: { width: box.width, height: box.height }, hotspots };
  });
}

/** The red markers in a picture of the viewport, near each point given: each one's centre and size (px). */
async function markers(png: Buffer, near: { x: number; y: number }[], window: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return near.map((c) => {
    let [n, sx, sy] = [0, 0, 0];
    let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
    for (let y = Math.max(0, Math.floor(c.y - window)); y < Math.min(info.height, Math.ceil(c.y + window)); y++) {
      for (let x = Math.max(0, Math.floor(c.x - window)); x < Math.min(info.width, Math.ceil(c.x + window)); x++) {
        const i = (y * info.width + x) * info.channels;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r - Math.max(g, b) < 90) continue;
        n += 1;
        sx += x + 0.5;
        sy += y + 0.5;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    return n === 0 ? undefined : { x: sx / n, y: sy / n, width: maxX - minX + 1, height: maxY - minY + 1 };
  });
}

describe.runIf(ready)("the imagemap draws the scene and its hotspots where the editor placed them", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    const scene = await addEditorUpload(wp, {
      name: "room-1920x1200",
      source: sceneSvg(),
      ...SCENE,
      alt: "A room with five objects",
    });
    const front = wp.catalogue.get("pages", wp.catalogue.frontPageId("en"))!;
    const imagemapId = (front.meta as { imagemap: number }).imagemap;
    const imagemap = wp.catalogue.get("imagemap_products", imagemapId)!;
    const products = (imagemap.meta.hotspots as { product: number }[]).map((h) => h.product);
    wp.catalogue.update("imagemap_products", imagemapId, {
      meta: { image: scene, hotspots: POINTS.map((p, i) => ({ product: products[i % products.length], ...p })) },
    });
    site = await startSite({ WP_URL: wp.url });
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site, wp));

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(`at ${viewport.width} px: the scene keeps its ratio and each hotspot's centre is on its stored point`, async () => {
      const context = await browser.newContext({ viewport, serviceWorkers: "block" });
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(`${site.url}/`, { waitUntil: "load" });
      const img = page.locator(".home .imagemap__scene > img");
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const el = document.querySelector<HTMLImageElement>(".home .imagemap__scene > img");
        return !!el && el.complete && el.naturalWidth > 0;
      });
      const { drawn, hotspots } = await geometry(page);
      expect(hotspots).toHaveLength(POINTS.length);
      // Not stretched: the picture as drawn has the scene's ratio.
      expect(drawn.width / drawn.height).toBeCloseTo(SCENE.width / SCENE.height, 2);
      POINTS.forEach((p, i) => {
        const off = Math.hypot(
          hotspots[i]!.x - (drawn.left + (p.x / 100) * drawn.width),
          hotspots[i]!.y - (drawn.top + (p.y / 100) * drawn.height),
        );
        expect(
          off,
          `hotspot ${i + 1} is ${off.toFixed(2)} px from (${p.x} %, ${p.y} %) of the picture`,
        ).toBeLessThanOrEqual(1.5);
      });
      await img.evaluate((el: HTMLImageElement) => el.decode());
      await img.evaluate((el) => el.closest("figure")!.scrollIntoView({ block: "end", behavior: "instant" }));
      await screenshot(page, `imagemap-scene-${viewport.width}`);

      // The same, in pixels: with the hotspots and the header out of the way, each marker is round
      // and its centre is the hotspot's.
      // Both in the viewport's pixels, read in the same scroll position as the picture is taken.
      const centres = await page.evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>(".home .imagemap .hotspot, .site-header"))
          el.style.visibility = "hidden";
        return [...document.querySelectorAll(".home .imagemap .hotspot__button")].map((b) => {
          const r = b.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        });
      });
      const found = await markers(await page.screenshot(), centres, MARKER_RADIUS);
      found.forEach((m, i) => {
        expect(m, `marker ${i + 1}`).toBeDefined();
        expect(
          Math.abs(m!.width - m!.height),
          `marker ${i + 1} is round (${m!.width}×${m!.height})`,
        ).toBeLessThanOrEqual(2);
        const off = Math.hypot(m!.x - centres[i]!.x, m!.y - centres[i]!.y);
        console.log(
          `FIGURE imagemap_${viewport.width}_hotspot_${i + 1}: ${off.toFixed(2)} px from its marker, marker ${m!.width}×${m!.height} px`,
        );
        expect(off, `hotspot ${i + 1} is ${off.toFixed(2)} px from its marker's centre`).toBeLessThanOrEqual(1.5);
      });
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  }
});
