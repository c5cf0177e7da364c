// /wp-content/uploads/…: the demo's images as a web server in front of WordPress serves uploads —
// the right content type, long-lived caching, validators, and 404 for anything not uploaded.
// Paths are looked up in the catalogue, never joined onto the file system, so "../" goes nowhere.
import type { DemoCatalogue } from "./catalogue";
import { localToGmt } from "./dates";
import type { MediaRenderer } from "./images";

export interface UploadResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
}

const NOT_FOUND: UploadResponse = {
  status: 404,
  headers: { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-cache" },
  body: "<!doctype html><title>404 Not Found</title><h1>Not Found</h1><p>The requested URL was not found on this server.</p>\n",
};

export async function serveUpload(
  catalogue: DemoCatalogue,
  renderer: MediaRenderer,
  method: string,
  rawPath: string,
  ifNoneMatch: string | undefined,
): Promise<UploadResponse> {
  if (method !== "GET" && method !== "HEAD") {
    return {
      status: 405,
      headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=UTF-8" },
      body: "Method Not Allowed\n",
    };
  }
  let relative: string;
  try {
    relative = decodeURIComponent(rawPath);
  } catch {
    return NOT_FOUND;
  }
  if (relative.includes("..") || relative.includes("\\") || relative.includes("\0") || relative.startsWith("/"))
    return NOT_FOUND;
  const found = catalogue.upload(relative);
  if (!found?.media.attachment) return NOT_FOUND;

  const image = await renderer.render(found.media.attachment.artwork, found.size);
  const headers: Record<string, string> = {
    "Content-Type": "image/webp",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: image.etag,
    "Last-Modified": new Date(`${localToGmt(found.media.date)}Z`).toUTCString(),
    "Accept-Ranges": "none",
    "X-Content-Type-Options": "nosniff",
  };
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === image.etag || tag.trim() === "*")) {
    return { status: 304, headers, body: null };
  }
  headers["Content-Length"] = String(image.body.length);
  return { status: 200, headers, body: method === "HEAD" ? null : image.body };
}
