// Images as Chromium gets them from the built site (demo catalogue): every <img> lists the site's
// own renditions in srcset (the fixed widths, never wider than the upload, no WordPress size), and
// the rendition the browser picks for its slot and density arrives as AVIF, decoded at the width
// it asked for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { launchBrowser, stopAll, watchPage } from "../support/browser";
import { RENDITION_WIDTHS } from "../../common/renditions";

const ready = hasBuild() && hasChromium();
let site: RunningSite;
let browser: Browser;

describe.runIf(ready)("images in Chromium", () => {
  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopAll(browser, site);
  });

  for (const [name, viewport, dpr] of [
    ["a phone, DPR 3", { width: 390, height: 844 }, 3],
    ["a desktop, DPR 2", { width: 1440, height: 900 }, 2],
  ] as const) {
    it(`lists the site's widths in srcset and gets AVIF at the width the slot needs on ${name}`, async () => {
      const context = await browser.newContext({ viewport, deviceScaleFactor: dpr });
      const page = await context.newPage();
      const { errors } = watchPage(page);
      const images: { url: string; type: string; status: number }[] = [];
      page.on("response", async (res) => {
        if (new URL(res.url()).pathname.startsWith("/media/"))
          images.push({ url: res.url(), type: res.headers()["content-type"] ?? "", status: res.status() });
      });
      await page.goto(`${site.url}/products`, { waitUntil: "load" });
      const first = page.locator("img[srcset]").first();
      await first.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("img[srcset]");
        return img !== null && img.complete && img.naturalWidth > 0;
      });
      // The slot as `sizes` declares it (what the browser chooses by), with the page's own media queries.
      const shown = await first.evaluate((img: HTMLImageElement) => {
        let slot = window.innerWidth;
        for (const part of img.sizes.split(",").map((p) => p.trim())) {
          const match = /^(\([^)]*\))?\s*(\d+(?:\.\d+)?)(px|vw)$/.exec(part);
          if (!match || (match[1] && !window.matchMedia(match[1]).matches)) continue;
          slot = match[3] === "vw" ? (Number(match[2]) * window.innerWidth) / 100 : Number(match[2]);
          break;
        }
        return { srcset: img.srcset, current: img.currentSrc, natural: img.naturalWidth, slot };
      });
      // srcset: only the site's widths, ascending, each the URL of the upload with ?w=.
      const candidates = shown.srcset.split(",").map((c) => c.trim().split(/\s+/) as [string, string]);
      const widths = candidates.map(([, w]) => Number(w.replace(/w$/, "")));
      expect(widths.length).toBeGreaterThan(3);
      for (const w of widths) expect(RENDITION_WIDTHS as readonly number[]).toContain(w);
      expect([...widths].sort((a, b) => a - b)).toEqual(widths);
      for (const [url, w] of candidates)
        expect(url).toMatch(new RegExp(`^/media/\\d{4}/\\d{2}/[\\w.-]+\\.\\w+\\?w=${w.replace(/w$/, "")}$`));
      // The browser's pick: at least the slot's width in device pixels when the list has one, and it came as AVIF.
      const picked = Number(new URL(shown.current).searchParams.get("w"));
      const needed = shown.slot * dpr;
      if (widths.some((w) => w >= needed)) expect(picked).toBeGreaterThanOrEqual(needed);
      expect(shown.natural).toBeLessThanOrEqual(picked);
      const response = images.find((i) => i.url === shown.current);
      expect(response?.status).toBe(200);
      expect(response?.type).toBe("image/avif");
      expect(images.every((i) => i.status === 200 && i.type === "image/avif")).toBe(true);
      expect(errors, errors.join("\n")).toEqual([]);
      await context.close();
    });
  }
});
