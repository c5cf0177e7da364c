// The uploads /media/ serves, by extension: which are resized (JPEG, PNG, WebP, AVIF), which are
// kept whole in the cache (those, GIF and SVG), which stream through (PDF, MP4), and the type each
// is served as (the upstream's Content-Type is not trusted). Anything else is not an upload the
// site links to, and is never asked of WordPress.

/** Upload paths as WordPress names them (YYYY/MM/name.ext), and only the kinds the site links to. */
const SAFE_PATH = /^\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(webp|jpe?g|png|gif|avif|svg|pdf|mp4)$/i;

export const RESIZED_KINDS: ReadonlySet<string> = new Set(["jpg", "png", "webp", "avif"]);
export const CACHED_KINDS: ReadonlySet<string> = new Set([...RESIZED_KINDS, "gif", "svg"]);

export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  mp4: "video/mp4",
};

/** The extension of a valid upload path (lower case, `jpeg` as `jpg`), or undefined for anything else. */
export function uploadKind(path: string): string | undefined {
  const match = SAFE_PATH.exec(path);
  if (!match || path.includes("..")) return undefined;
  const ext = match[1]!.toLowerCase();
  return ext === "jpeg" ? "jpg" : ext;
}
