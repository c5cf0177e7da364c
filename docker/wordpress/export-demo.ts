// Exports the demo catalogue (demo/) for seed.php: every post, attachment, term and menu as
// JSON with its demo id, and the attachments' images rendered to WebP in WordPress's upload
// layout (WordPress rejects SVG, and a real WordPress serves the files it lists).
//
//   npx tsx docker/wordpress/export-demo.ts --json /tmp/fc-demo.json [--uploads /path/wp-content/uploads] [--scale 1]
//
// Tests import exportCatalogue() and renderUploads() instead of running the CLI.
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  DemoCatalogue,
  MediaRenderer,
  estimatedFilesize,
  imageSizes,
  FULL_SIZE,
  aspectOf,
  focalPointOf,
  POST_TYPE_BY_BASE,
  type PostRecord,
} from "../../demo";

/** Bumped when the export's shape changes, so cached seeds made from an older one are not reused. */
export const EXPORT_VERSION = 1;

export interface ExportedSize {
  file: string;
  width: number;
  height: number;
  filesize: number;
  mime_type: string;
}

export interface ExportedPost {
  id: number;
  /** The WordPress post type name ("page", "attachment", "products"). */
  type: string;
  /** The REST base ("pages", "media", "products"). */
  base: string;
  slug: string;
  status: string;
  date: string;
  modified: string;
  author: number;
  parent: number;
  menu_order: number;
  title: string;
  /** HTML; `{{wp}}` stands for the WordPress host (seed.php fills in home_url()). */
  content: string;
  excerpt: string;
  password: string;
  featured_media: number;
  template: string;
  meta: Record<string, unknown>;
  terms: Record<string, number[]>;
  lang: string;
  translations: Record<string, number>;
  attachment?: {
    file: string;
    width: number;
    height: number;
    filesize: number;
    mime_type: string;
    alt: string;
    caption: string;
    /** Every intermediate size, in WordPress's order (`full` is the original itself). */
    sizes: Record<string, ExportedSize>;
    /** Where the subject is (fractions of width and height), kept in the attachment metadata. */
    focal_point?: { x: number; y: number };
  };
}

export interface ExportedCatalogue {
  version: number;
  scale: number;
  users: { id: number; name: string; slug: string; description: string }[];
  front_page: { en: number; it: number };
  terms: {
    id: number;
    taxonomy: string;
    slug: string;
    name: string;
    description: string;
    parent: number;
    meta: Record<string, unknown>;
    lang: string;
    translations: Record<string, number>;
  }[];
  posts: ExportedPost[];
  menus: {
    id: number;
    slug: string;
    name: string;
    location: string;
    lang: string;
    items: {
      id: number;
      menu_order: number;
      parent: number;
      title: string;
      kind: "custom" | "page";
      url: string;
      object_id: number;
      target: string;
      date: string;
    }[];
  }[];
}

const POST_BASES = [
  "media",
  "pages",
  "products",
  "collections",
  "exclusives",
  "designers",
  "projects",
  "imagemap_products",
] as const;

function exportPost(post: PostRecord): ExportedPost {
  const out: ExportedPost = {
    id: post.id,
    type: POST_TYPE_BY_BASE[post.base],
    base: post.base,
    slug: post.slug,
    status: post.status,
    date: post.date,
    modified: post.modified,
    author: post.author,
    parent: post.parent,
    menu_order: post.menuOrder,
    title: post.title,
    content: post.content,
    excerpt: post.excerpt,
    password: post.password,
    featured_media: post.featuredMedia,
    template: post.template,
    meta: post.meta,
    terms: Object.fromEntries(Object.entries(post.terms).map(([k, v]) => [k, [...(v ?? [])]])),
    lang: post.lang,
    translations: { ...post.translations } as Record<string, number>,
  };
  const a = post.attachment;
  if (a) {
    const sizes: Record<string, ExportedSize> = {};
    for (const size of imageSizes(FULL_SIZE[aspectOf(a.artwork)])) {
      if (size.name === "full") continue;
      sizes[size.name] = {
        file: path.posix.basename(size.file(a.file)),
        width: size.width,
        height: size.height,
        // The demo's own estimate (demo/sizes.ts), so both hosts report the same numbers.
        filesize: estimatedFilesize(size.width, size.height),
        mime_type: a.mimeType,
      };
    }
    out.attachment = {
      file: a.file,
      width: a.width,
      height: a.height,
      filesize: estimatedFilesize(a.width, a.height),
      mime_type: a.mimeType,
      alt: a.alt,
      caption: a.caption,
      sizes,
      ...(focalPointOf(a.artwork) ? { focal_point: focalPointOf(a.artwork) } : {}),
    };
  }
  return out;
}

/** The catalogue as seed.php reads it. */
export function exportCatalogue(catalogue: DemoCatalogue): ExportedCatalogue {
  const posts = POST_BASES.flatMap((base) => catalogue.postsOf(base))
    .sort((a, b) => a.id - b.id)
    .map(exportPost);
  const terms = [...catalogue.termsOf("product_categories"), ...catalogue.termsOf("product_colors")]
    .sort((a, b) => a.id - b.id)
    .map((t) => ({
      id: t.id,
      taxonomy: t.taxonomy,
      slug: t.slug,
      name: t.name,
      description: t.description,
      parent: t.parent,
      meta: t.meta,
      lang: t.lang,
      translations: { ...t.translations } as Record<string, number>,
    }));
  const menus = catalogue.menus.map((m) => ({
    id: m.id,
    slug: m.slug,
    name: m.name,
    location: m.location,
    lang: m.lang,
    items: m.items.map((i) => ({
      id: i.id,
      menu_order: i.menuOrder,
      parent: i.parent,
      title: i.title,
      kind: i.kind,
      url: i.url,
      object_id: i.objectId,
      target: i.target,
      date: i.date,
    })),
  }));
  return {
    version: EXPORT_VERSION,
    scale: catalogue.scale,
    users: catalogue.users.map((u) => ({ ...u })),
    front_page: { en: catalogue.frontPageId("en"), it: catalogue.frontPageId("it") },
    terms,
    posts,
    menus,
  };
}

/**
 * The catalogue as a WordPress without a language plugin holds it: the English items only (media
 * kept: they have no language of their own there), no translations. What an operator who follows
 * "one language, no Polylang" in wordpress/README.md has.
 */
export function inOneLanguage(exported: ExportedCatalogue, lang = "en"): ExportedCatalogue {
  const alone = (translations: Record<string, number>) =>
    Object.fromEntries(Object.entries(translations).filter(([l]) => l === lang));
  return {
    ...exported,
    front_page: { ...exported.front_page, it: exported.front_page.en },
    terms: exported.terms.filter((t) => t.lang === lang).map((t) => ({ ...t, translations: alone(t.translations) })),
    posts: exported.posts
      .filter((p) => p.lang === lang || p.base === "media")
      .map((p) => ({ ...p, lang, translations: p.base === "media" ? { [lang]: p.id } : alone(p.translations) })),
    menus: exported.menus.filter((m) => m.lang === lang),
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/**
 * Renders every size of every attachment into `uploadsDir` (YYYY/MM/file-WxH.webp), skipping
 * files already there. Rendering goes through the demo's MediaRenderer, whose disk cache
 * (.cache/demo-media) makes a second run a matter of copying. Returns how many files it wrote.
 */
export async function renderUploads(
  catalogue: DemoCatalogue,
  uploadsDir: string,
  options: { concurrency?: number; renderer?: MediaRenderer } = {},
): Promise<number> {
  const renderer = options.renderer ?? new MediaRenderer({ memoryBytes: 8 * 1024 * 1024 });
  const jobs: { target: string; run: () => Promise<Buffer> }[] = [];
  const seen = new Set<string>();
  for (const media of catalogue.postsOf("media")) {
    const a = media.attachment;
    if (!a || seen.has(a.file)) continue;
    seen.add(a.file);
    for (const size of imageSizes(FULL_SIZE[aspectOf(a.artwork)])) {
      jobs.push({
        target: path.join(uploadsDir, size.file(a.file)),
        run: async () => (await renderer.render(a.artwork, size)).body,
      });
    }
  }
  let written = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (await exists(job.target)) continue;
      const body = await job.run();
      await mkdir(path.dirname(job.target), { recursive: true });
      const temp = `${job.target}.${process.pid}.tmp`;
      await writeFile(temp, body);
      await rename(temp, job.target);
      written += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return written;
}

async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at === -1 ? undefined : argv[at + 1];
  };
  const json = arg("json");
  const uploads = arg("uploads");
  if (!json && !uploads) {
    console.error("usage: export-demo.ts --json FILE [--uploads DIR] [--scale N]");
    process.exit(2);
  }
  const catalogue = new DemoCatalogue({ scale: Number(arg("scale") ?? process.env.DEMO_SCALE ?? 1) });
  if (json) {
    await mkdir(path.dirname(path.resolve(json)), { recursive: true });
    await writeFile(json, JSON.stringify(exportCatalogue(catalogue)));
    console.log(`wrote ${json}`);
  }
  if (uploads) {
    const written = await renderUploads(catalogue, uploads);
    console.log(`rendered ${written} files into ${uploads}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
