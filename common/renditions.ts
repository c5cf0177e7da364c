// The widths /media/ renders an image at, and the only ones it will: the components list them in
// srcset (the browser picks one by `sizes` and the screen's density), the CDN caches each once,
// and a visitor cannot ask for a resize of their own choosing (any other width answers 400).
export const RENDITION_WIDTHS = [240, 320, 480, 640, 800, 960, 1200, 1600, 2000, 2560] as const;

const OFFERED = new Set<number>(RENDITION_WIDTHS);

export function isRenditionWidth(width: number): boolean {
  return OFFERED.has(width);
}

/** Upload kinds the site resizes and re-encodes; GIF (often animated) and SVG pass unchanged. */
export const RESIZABLE = /\.(?:jpe?g|png|webp|avif)$/i;

/** The query a rendition's URL carries: the CDN and the page cache key on it. */
export function renditionUrl(original: string, width: number): string {
  return `${original}${original.includes("?") ? "&" : "?"}w=${width}`;
}

/**
 * The widths worth offering for an image `width` pixels wide: those of the list up to it (never
 * an upscale); an image narrower than the smallest is offered at its own size only (empty list).
 */
export function widthsFor(width: number): number[] {
  return RENDITION_WIDTHS.filter((w) => w <= width);
}
