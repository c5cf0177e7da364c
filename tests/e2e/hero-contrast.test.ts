// Text the site sets over the home hero — its title, its call to action, and the header, which is
// transparent over it — stays legible whatever photograph the editor chose: WCAG AA against the
// pixels under it. With a dark, a light and a busy real photograph as the hero, at a phone's and a
// desktop's width, the test hides the glyphs, takes a picture of what is under them, and measures
// the text colour's contrast against every pixel under each line of text: at least 4.5:1 for
// normal text and 3:1 for large text (24 px, or 18.66 px bold). The header keeps that once the
// visitor has scrolled past the hero.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { hasBuild, hasChromium, requirePart } from "../support/requirements";
import { adminPurge, startSite, type RunningSite } from "../support/site";
import { launchBrowser, screenshot, stopAll, waitForHydration, watchPage } from "../support/browser";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { addEditorUpload, WALLPAPERS } from "../support/editor-uploads";

/** Real photographs from Debian's plasma-workspace-wallpapers, at 1920×1200. */
const PHOTOS = {
  // A forest at dusk: almost black under the title.
  dark: { file: `${WALLPAPERS}/Path/contents/images/1920x1200.jpg` },
  // Fog over a lake (the upper part of a photograph of a jetty): pale grey everywhere.
  light: {
    file: `${WALLPAPERS}/ColdRipple/contents/images/1920x1200.jpg`,
    crop: { left: 0, top: 0, width: 1920, height: 640 },
  },
  // A façade of black and white ribbons: both extremes under every line.
  busy: { file: `${WALLPAPERS}/Grey/contents/images/1920x1200.jpg` },
} as const;
type Tone = keyof typeof PHOTOS;

const ready =
  hasChromium() &&
  hasBuild() &&
  requirePart(
    "Debian's wallpapers (real photographs)",
    Object.values(PHOTOS).every((p) => existsSync(p.file)),
    "apt-get install plasma-workspace-wallpapers",
  );
const ADMIN_TOKEN = "hero-contrast-admin-token";
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

let wp: FaultyWordPress;
let site: RunningSite;
let browser: Browser;
const heroIds = {} as Record<Tone, number>;

/** One line of text on screen: where it is, its colour and whether it counts as large. */
interface TextLine {
  text: string;
  rect: { x: number; y: number; width: number; height: number };
  color: [number, number, number];
  large: boolean;
}

/**
 * The visible lines of text in the header and the hero's text (their text nodes' boxes), then the
 * glyphs hidden (transparent, without transitions) and everything else left as it is.
 */
function linesThenHideGlyphs(page: Page, over: string): Promise<TextLine[]> {
  return page.evaluate((overSelector) => {
    const picture = document.querySelector(overSelector)?.getBoundingClientRect();
    const lines: TextLine[] = [];
    const styled = new Set<HTMLElement>();
    for (const root of document.querySelectorAll<HTMLElement>(".site-header, .hero__text")) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement!;
        const style = getComputedStyle(parent);
        if (!node.textContent?.trim() || style.visibility !== "visible" || Number(style.opacity) === 0) continue;
        // Text for screen readers only (in a clipped box of a pixel) is not seen.
        let clipped = false;
        for (let el: Element | null = parent; el && el !== root && !clipped; el = el.parentElement) {
          const box = el.getBoundingClientRect();
          clipped = box.width <= 1 && box.height <= 1;
        }
        if (clipped) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        const color = style.color
          .match(/[\d.]+/g)!
          .slice(0, 3)
          .map(Number) as [number, number, number];
        for (const r of range.getClientRects()) {
          // Visually hidden text (1 px, clipped) and lines outside the screen are not seen.
          if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.top >= innerHeight) continue;
          if (
            picture &&
            (r.right <= picture.left || r.left >= picture.right || r.bottom <= picture.top || r.top >= picture.bottom)
          )
            continue;
          lines.push({
            text: node.textContent.trim(),
            rect: { x: r.x, y: r.y, width: r.width, height: r.height },
            color,
            large,
          });
        }
        styled.add(parent);
      }
    }
    for (const el of styled) {
      el.style.setProperty("transition", "none", "important");
      el.style.setProperty("color", "transparent", "important");
    }
    return lines;
  }, over);
}

function luminance([r, g, b]: readonly number[]): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

function contrast(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Each line's lowest contrast against the pixels under it (in a picture of the viewport). */
async function lowestContrasts(png: Buffer, lines: TextLine[]) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return lines.map((line) => {
    let lowest = Infinity;
    const x0 = Math.max(0, Math.floor(line.rect.x));
    const x1 = Math.min(info.width, Math.ceil(line.rect.x + line.rect.width));
    const y0 = Math.max(0, Math.floor(line.rect.y));
    const y1 = Math.min(info.height, Math.ceil(line.rect.y + line.rect.height));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * info.width + x) * 3;
        lowest = Math.min(lowest, contrast(line.color, [data[i]!, data[i + 1]!, data[i + 2]!]));
      }
    }
    return { ...line, lowest, needed: line.large ? 3 : 4.5 };
  });
}

/** The home page with `tone`'s photograph as its hero, loaded and drawn. */
async function openHome(page: Page, tone: Tone): Promise<void> {
  await page.goto(`${site.url}/`, { waitUntil: "load" });
  await page.waitForFunction((name) => {
    const img = document.querySelector<HTMLImageElement>(".hero__media img");
    return !!img && img.currentSrc.includes(name) && img.complete && img.naturalWidth > 0;
  }, `hero-${tone}`);
  await page.locator(".hero__media img").evaluate((img: HTMLImageElement) => img.decode());
  // The site's fonts, as a visitor sees the page once it is ready (the stylesheet comes after load).
  await page.waitForFunction(() => !!document.querySelector<HTMLLinkElement>('link[href="/fonts/fonts.css"]')?.sheet);
  await page.evaluate(() => document.fonts.ready);
}

async function measure(page: Page, over: string, name: string) {
  await screenshot(page, name);
  const lines = await linesThenHideGlyphs(page, over);
  // Two frames: the transparent glyphs are painted before the picture is taken.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const measured = await lowestContrasts(await page.screenshot(), lines);
  const report = measured.map((l) => `${l.text} (${l.large ? "large" : "normal"}): ${l.lowest.toFixed(2)}:1`);
  console.log(`FIGURE ${name}: ${report.join("; ")}`);
  return {
    measured,
    failing: measured
      .filter((l) => l.lowest < l.needed)
      .map((l) => `${l.text}: ${l.lowest.toFixed(2)}:1 < ${l.needed}:1`),
  };
}

describe.runIf(ready)("text over the home hero stays legible whatever the photograph", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    for (const [tone, photo] of Object.entries(PHOTOS) as [Tone, (typeof PHOTOS)[Tone]][]) {
      const source = "crop" in photo ? await sharp(photo.file).extract(photo.crop).toBuffer() : photo.file;
      heroIds[tone] = await addEditorUpload(wp, {
        name: `hero-${tone}`,
        source,
        width: 1920,
        height: 1200,
        alt: `A ${tone} photograph`,
      });
    }
    site = await startSite({ WP_URL: wp.url, ADMIN_TOKEN });
    browser = await launchBrowser();
  });
  afterAll(() => stopAll(browser, site, wp));

  for (const tone of Object.keys(PHOTOS) as Tone[]) {
    it(`meets AA over a ${tone} photograph at a phone's and a desktop's width`, async () => {
      wp.catalogue.update("pages", wp.catalogue.frontPageId("en"), { meta: { hero_media: heroIds[tone] } });
      await adminPurge(site, ADMIN_TOKEN, ["front-page"]);
      const failing: string[] = [];
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext({ viewport, serviceWorkers: "block" });
        const page = await context.newPage();
        const watch = watchPage(page);
        await openHome(page, tone);
        const result = await measure(page, ".hero__media", `hero-${tone}-${viewport.width}`);
        // The hero's title and link, and the header's words, are over the photograph on a desktop;
        // on a phone the title sits below it and the header is over it.
        const texts = new Set(result.measured.map((l) => l.text));
        expect(texts.has("FC"), `the wordmark over the ${tone} photograph at ${viewport.width}`).toBe(true);
        if (viewport.width > 700) expect([...texts].some((t) => /Contemporary|porcelain/.test(t))).toBe(true);
        failing.push(...result.failing.map((f) => `${viewport.width} px, ${f}`));
        expect(watch.errors).toEqual([]);
        await context.close();
      }
      expect(failing).toEqual([]);
    });
  }

  it("keeps the header legible over the page once the visitor has scrolled past the hero", async () => {
    wp.catalogue.update("pages", wp.catalogue.frontPageId("en"), { meta: { hero_media: heroIds.busy } });
    await adminPurge(site, ADMIN_TOKEN, ["front-page"]);
    const failing: string[] = [];
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport, serviceWorkers: "block" });
      const page = await context.newPage();
      await openHome(page, "busy");
      await waitForHydration(page);
      // Down past the hero, then back up a little (the header returns) until the first band's
      // title is under the header's words.
      const title = await page
        .locator(".home .band__header h2")
        .first()
        .evaluate((h) => h.getBoundingClientRect().top + scrollY);
      const scrollTo = (top: number) => page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
      await scrollTo(title + 40);
      await page.waitForFunction(() => document.documentElement.dataset.scrollDirection === "down");
      await scrollTo(title - 16);
      await page.waitForFunction(
        () =>
          document.documentElement.dataset.scrollDirection === "up" &&
          document.querySelector(".site-header")!.getBoundingClientRect().top === 0,
      );
      const result = await measure(page, "body", `header-past-hero-${viewport.width}`);
      failing.push(...result.failing.map((f) => `${viewport.width} px, ${f}`));
      await context.close();
    }
    expect(failing).toEqual([]);
  });
});
