// The renditions WordPress makes of every upload, with FC's media settings: a 150×150 cropped
// thumbnail, `medium` fitting 300×300 (240 wide for 4:5 products), `medium_large` 768 wide,
// `large` 1024 wide (height unlimited) and the 1600-wide original as `full`.

export type SizeName = "thumbnail" | "medium" | "medium_large" | "large" | "full";

export interface ImageSize {
  name: SizeName;
  width: number;
  height: number;
  /** Cropped to fill (thumbnail) rather than scaled to fit. */
  crop: boolean;
  /** The rendition's path next to the original: "2024/03/x.webp" → "2024/03/x-240x300.webp". */
  file(original: string): string;
}

export function imageSizes(full: { width: number; height: number }): ImageSize[] {
  const scaled = (name: SizeName, width: number): ImageSize => {
    const height = Math.round((full.height * width) / full.width);
    return { name, width, height, crop: false, file: (original) => suffixed(original, width, height) };
  };
  const mediumScale = Math.min(300 / full.width, 300 / full.height);
  const mediumWidth = Math.round(full.width * mediumScale);
  return [
    { name: "thumbnail", width: 150, height: 150, crop: true, file: (original) => suffixed(original, 150, 150) },
    scaled("medium", mediumWidth),
    scaled("medium_large", 768),
    scaled("large", 1024),
    { name: "full", width: full.width, height: full.height, crop: false, file: (original) => original },
  ];
}

function suffixed(original: string, width: number, height: number): string {
  return original.replace(/\.webp$/, `-${width}x${height}.webp`);
}

/**
 * WordPress records each rendition's byte size at upload. The demo renders lazily, so it reports
 * an estimate from the pixel count (these smooth WebP images compress to roughly this), stable
 * across restarts so responses do not change once an image is first requested.
 */
export function estimatedFilesize(width: number, height: number): number {
  return Math.round(width * height * 0.0075) + 420;
}
