// An editor's own upload in the fault-injecting demo WordPress (tests/support/faulty-wordpress.ts):
// a raster image of any size — a real photograph, or a picture a test draws — served at its
// upload URL, with an attachment that describes it as WordPress would (its natural width and
// height, its alt text). The demo's own artwork comes in three ratios only (4:5, 16:9, 3:2); what
// an editor uploads is whatever they chose.
import sharp from "sharp";
import type { FaultyWordPress } from "./faulty-wordpress";

/** Debian's plasma-workspace-wallpapers: real photographs, for tests of what an editor may pick. */
export const WALLPAPERS = "/usr/share/wallpapers";

export interface EditorUpload {
  /** A short name, unique per test: the upload is `2025/01/<name>.webp`. */
  name: string;
  /** Any image sharp reads (a JPEG or PNG file, an SVG, a buffer). */
  source: string | Buffer;
  /** The upload's size; the source is cropped to it (its centre kept). */
  width: number;
  height: number;
  alt: string;
}

/** Adds the upload to the catalogue (English) and serves its file; returns its media id. */
export async function addEditorUpload(wp: FaultyWordPress, upload: EditorUpload): Promise<number> {
  const body = await sharp(upload.source)
    .resize(upload.width, upload.height, { fit: "cover" })
    .webp({ quality: 90 })
    .toBuffer();
  const file = `2025/01/${upload.name}.webp`;
  // The catalogue's own attachments carry how the demo draws them; this one is served as a file
  // (a product photograph's recipe stands in: it sets no focal point).
  const template = wp.catalogue.postsOf("media").find((m) => m.attachment?.artwork.scene === "product")!.attachment!;
  const media = wp.catalogue.addItem("media", { title: upload.name, lang: "en" });
  if (!("base" in media)) throw new Error("the catalogue made a term of a media item");
  media.attachment = { ...template, file, width: upload.width, height: upload.height, alt: upload.alt, caption: "" };
  wp.addFault(new RegExp(`/wp-content/uploads/${file.replace(/[.]/g, "\\.")}(\\?|$)`), {
    kind: "file",
    body,
    contentType: "image/webp",
  });
  return media.id;
}
