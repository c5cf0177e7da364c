// URLs WordPress writes, turned into URLs of the site. Two kinds:
//
// Media: `$WP_URL/wp-content/uploads/YYYY/MM/file` → `/media/YYYY/MM/file` (streamed by the site) or
// `$MEDIA_URL/YYYY/MM/file` when uploads have a public home of their own (a CDN bucket). Visitors
// never load anything from the WordPress host (it is only for preconnect, feed, pingback).
//
// Links: a permalink on the WordPress host (`WP_URL` or `WP_PUBLIC_URL`; the scheme is ignored,
// WordPress often writes http behind a TLS proxy) becomes the site's route for the same thing
// (permalinks.ts holds the table).
import type { ImageSize } from "../../common/content";
import { RESIZABLE, renditionUrl, widthsFor } from "../../common/renditions";
import { sitePath, type ProductLookup } from "./permalinks";

export { companyPageOfSlug, type ProductLookup } from "./permalinks";

export interface SiteUrlConfig {
  /** WordPress as the server reaches it. */
  wpUrl: string;
  /** WordPress as the public (and the editors' links) name it. */
  wpPublicUrl?: string;
  /** Public base of uploads; unset: `/media`. */
  mediaUrl?: string;
}

export interface SiteUrls {
  /** An upload URL → its public URL; anything else unchanged. */
  media(url: string): string;
  /**
   * A link as WordPress wrote it → the site's link. `external` is true for links that leave the
   * site (another host, mailto:, tel:). Relative paths are site paths already (menu items typed
   * by editors, `/it/collezioni`).
   */
  link(url: string, lookup?: ProductLookup): { href: string; external: boolean };
  /** True for a URL on the WordPress host (either name of it). */
  isWordPress(url: string): boolean;
  /**
   * The site's own renditions of an upload (its public URL, as `media` made it) for srcset, when
   * the site serves media itself (MEDIA_URL unset) and the image is one it resizes; undefined
   * otherwise (the caller lists WordPress's renditions).
   */
  renditions(mediaUrl: string, width: number, height: number): ImageSize[] | undefined;
}

const UPLOADS = "/wp-content/uploads/";

export function createSiteUrls(config: SiteUrlConfig): SiteUrls {
  const wpHosts = new Set<string>();
  const wpBasePaths: string[] = [];
  for (const raw of [config.wpUrl, config.wpPublicUrl]) {
    if (!raw) continue;
    const url = new URL(raw);
    wpHosts.add(url.host.toLowerCase());
    wpBasePaths.push(url.pathname.replace(/\/+$/, ""));
  }
  const mediaBase = (config.mediaUrl ?? "/media").replace(/\/+$/, "");

  function parse(url: string): URL | undefined {
    try {
      return new URL(url, "http://relative.invalid");
    } catch {
      return undefined;
    }
  }

  function isWordPress(url: string): boolean {
    const parsed = /^https?:\/\//i.test(url) || url.startsWith("//") ? parse(url) : undefined;
    return parsed !== undefined && wpHosts.has(parsed.host.toLowerCase());
  }

  /** The path inside WordPress (its install directory removed), or undefined for other hosts. */
  function wordpressPath(url: string): URL | undefined {
    if (!isWordPress(url)) return undefined;
    const parsed = parse(url)!;
    for (const base of wpBasePaths) {
      if (base && (parsed.pathname === base || parsed.pathname.startsWith(`${base}/`))) {
        parsed.pathname = parsed.pathname.slice(base.length) || "/";
        break;
      }
    }
    return parsed;
  }

  function media(url: string): string {
    if (!url) return url;
    const local = url.startsWith("/") && !url.startsWith("//");
    const parsed = local ? parse(url) : wordpressPath(url);
    if (!parsed) return url;
    const at = parsed.pathname.indexOf(UPLOADS);
    if (at < 0) return url;
    return `${mediaBase}/${parsed.pathname.slice(at + UPLOADS.length)}${parsed.search}`;
  }

  function renditions(url: string, width: number, height: number): ImageSize[] | undefined {
    if (
      config.mediaUrl ||
      !url.startsWith(`${mediaBase}/`) ||
      !RESIZABLE.test(url.split("?")[0]!) ||
      width <= 0 ||
      height <= 0
    )
      return undefined;
    const widths = widthsFor(width);
    if (widths.length === 0) return undefined;
    return widths.map((w) => ({ url: renditionUrl(url, w), width: w, height: Math.round((height * w) / width) }));
  }

  function link(url: string, lookup?: ProductLookup): { href: string; external: boolean } {
    const trimmed = url.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return { href: trimmed || "#", external: false };
    const wp = wordpressPath(trimmed);
    if (wp) {
      if (wp.pathname.includes(UPLOADS)) return { href: media(trimmed), external: false };
      return { href: `${sitePath(wp.pathname, lookup)}${wp.hash}`, external: false };
    }
    if (trimmed.startsWith("/") && !trimmed.startsWith("//")) {
      if (trimmed.includes(UPLOADS)) return { href: media(trimmed), external: false };
      return { href: trimmed, external: false };
    }
    return { href: trimmed, external: /^(https?:)?\/\/|^(mailto|tel):/i.test(trimmed) };
  }

  return { media, link, isWordPress, renditions };
}
