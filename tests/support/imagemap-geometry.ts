// Where a hotspot sits on its scene, as a fraction of the scene image (0–1 across, 0–1 down), in
// wp-admin (fc-catalogue's hotspot editor, where the image is drawn whole at its own aspect ratio)
// and on the site (app/components/Imagemap.tsx). On the site the image's drawn box is worked out
// from the element's box, its `object-fit` and `object-position`, so a scene that is stretched,
// cropped or letterboxed is measured as the visitor sees it.
import type { Page } from "playwright-core";

export interface Fraction {
  x: number;
  y: number;
}

/** The centre of each hotspot of the (sidebar) scene in wp-admin, as a fraction of the scene image. */
export async function placedHotspots(page: Page): Promise<Fraction[]> {
  return page.evaluate(() => {
    const image = document.querySelector(".fc-catalogue-scene .fc-catalogue-scene-image")!.getBoundingClientRect();
    return [...document.querySelectorAll(".fc-catalogue-scene .fc-catalogue-hotspot")].map((spot) => {
      const box = spot.getBoundingClientRect();
      return {
        x: (box.left + box.width / 2 - image.left) / image.width,
        y: (box.top + box.height / 2 - image.top) / image.height,
      };
    });
  });
}

/**
 * On the site: the scene image's drawn aspect ratio against its natural one, and each hotspot
 * button's centre as a fraction of the image as drawn.
 */
export async function drawnHotspots(
  page: Page,
): Promise<{ aspect: { drawn: number; natural: number }; hotspots: Fraction[] }> {
  const scene = page.locator(".imagemap__scene").first();
  await scene.scrollIntoViewIfNeeded();
  const image = scene.locator("img").first();
  await page.waitForFunction(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    await image.elementHandle(),
  );
  return scene.evaluate((root) => {
    const img = root.querySelector("img") as HTMLImageElement;
    const style = getComputedStyle(img);
    const box = img.getBoundingClientRect();
    const px = (v: string) => parseFloat(v) || 0;
    const left = box.left + px(style.borderLeftWidth) + px(style.paddingLeft);
    const top = box.top + px(style.borderTopWidth) + px(style.paddingTop);
    const width =
      box.width -
      px(style.borderLeftWidth) -
      px(style.borderRightWidth) -
      px(style.paddingLeft) -
      px(style.paddingRight);
    const height =
      box.height -
      px(style.borderTopWidth) -
      px(style.borderBottomWidth) -
      px(style.paddingTop) -
      px(style.paddingBottom);
    const nw = img.naturalWidth;
    const nh = img.naturalHeight;
    const scale =
      {
        fill: NaN,
        contain: Math.min(width / nw, height / nh),
        cover: Math.max(width / nw, height / nh),
        none: 1,
        "scale-down": Math.min(1, width / nw, height / nh),
      }[style.objectFit] ?? NaN;
    const drawnW = Number.isNaN(scale) ? width : nw * scale;
    const drawnH = Number.isNaN(scale) ? height : nh * scale;
    // object-position: "<x> <y>", each a percentage of the free space or a length.
    const [ox, oy] = style.objectPosition
      .split(" ")
      .map((v, i) =>
        v.endsWith("%") ? (parseFloat(v) / 100) * ((i ? height : width) - (i ? drawnH : drawnW)) : px(v),
      );
    const originX = left + (ox ?? 0);
    const originY = top + (oy ?? 0);
    const hotspots = [...root.querySelectorAll(".hotspot__button")].map((button) => {
      const b = button.getBoundingClientRect();
      return { x: (b.left + b.width / 2 - originX) / drawnW, y: (b.top + b.height / 2 - originY) / drawnH };
    });
    return { aspect: { drawn: drawnW / drawnH, natural: nw / nh }, hotspots };
  });
}
