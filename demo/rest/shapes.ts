// How WordPress presents stored content over REST: the post, attachment, term and user shapes in
// the `view` and `embed` contexts, with permalinks on the WordPress host, rendered fields, Polylang's
// `lang` and `translations`, and the `_links` that `_embed` follows.
import type { DemoCatalogue } from "../catalogue";
import { localToGmt } from "../dates";
import type { Lang, PostRecord, PostRestBase, TaxonomyName, TermRecord, UserRecord } from "../model";
import { POST_TYPE_BY_BASE } from "../model";
import { FULL_SIZE, aspectOf } from "../artwork/recipes";
import { focalPointOf } from "../artwork/scenes";
import { estimatedFilesize, imageSizes } from "../sizes";
import { renderExcerpt, texturize } from "./php";

export type Context = "view" | "embed";

/** What every presenter needs: the content and the host WordPress believes it is on. */
export interface Site {
  catalogue: DemoCatalogue;
  /** The WordPress host as the public sees it, without a trailing slash. */
  publicUrl: string;
  /** A request with credentials (Basic auth): errors become 403 instead of 401. */
  authenticated: boolean;
}

export function restUrl(site: Site, route: string): string {
  return `${site.publicUrl}/wp-json/${route.replace(/^\//, "")}`;
}

/** Fills in the WordPress host wherever stored HTML refers to it. */
export function onHost(site: Site, html: string): string {
  return html.replace(/\{\{wp\}\}/g, site.publicUrl);
}

/** Pretty permalinks, with Polylang's language directory and translated archive slugs. */
const ARCHIVE: Record<Exclude<PostRestBase, "pages" | "media">, Record<Lang, string>> = {
  products: { en: "products", it: "prodotti" },
  collections: { en: "collections", it: "collezioni" },
  exclusives: { en: "exclusives", it: "esclusivi" },
  designers: { en: "designers", it: "designer" },
  projects: { en: "projects", it: "progetti" },
  imagemap_products: { en: "imagemaps", it: "imagemap" },
  posts: { en: "blog", it: "blog" },
};

const TERM_ARCHIVE: Record<TaxonomyName, Record<Lang, string>> = {
  product_categories: { en: "product-categories", it: "categorie-prodotto" },
  product_colors: { en: "product-colors", it: "colori-prodotto" },
};

function languageRoot(site: Site, lang: Lang): string {
  return lang === "en" ? site.publicUrl : `${site.publicUrl}/${lang}`;
}

export function permalink(site: Site, post: PostRecord): string {
  if (post.base === "media") return `${site.publicUrl}/?attachment_id=${post.id}`;
  const type = POST_TYPE_BY_BASE[post.base];
  if (post.status !== "publish") {
    return post.base === "pages"
      ? `${site.publicUrl}/?page_id=${post.id}`
      : `${site.publicUrl}/?post_type=${type}&p=${post.id}`;
  }
  if (post.base === "pages") {
    if (site.catalogue.frontPageId(post.lang) === post.id) return `${languageRoot(site, post.lang)}/`;
    return `${languageRoot(site, post.lang)}/${post.slug}/`;
  }
  return `${languageRoot(site, post.lang)}/${ARCHIVE[post.base][post.lang]}/${post.slug}/`;
}

export function termLink(site: Site, term: TermRecord): string {
  return `${languageRoot(site, term.lang)}/${TERM_ARCHIVE[term.taxonomy][term.lang]}/${term.slug}/`;
}

export function uploadUrl(site: Site, file: string): string {
  return `${site.publicUrl}/wp-content/uploads/${file}`;
}

const CURIES = [{ name: "wp", href: "https://api.w.org/{rel}", templated: true }];

function rendered(value: string): { rendered: string } {
  return { rendered: value };
}

function dates(post: PostRecord) {
  return {
    date: post.date,
    date_gmt: localToGmt(post.date),
    modified: post.modified,
    modified_gmt: localToGmt(post.modified),
  };
}

/** Whether the request may see a post's content (WordPress's post_password_required). */
function unlocked(post: PostRecord, password: string | undefined): boolean {
  return !post.password || password === post.password;
}

export function preparePost(
  site: Site,
  post: PostRecord,
  context: Context,
  password?: string,
): Record<string, unknown> {
  if (post.base === "media") return prepareAttachment(site, post, context);
  const type = POST_TYPE_BY_BASE[post.base];
  const open = unlocked(post, password);
  const title = rendered(texturize(post.title));
  const excerpt = {
    rendered: open ? onHost(site, renderExcerpt(post.excerpt, post.content)) : "",
    protected: Boolean(post.password),
  };
  const taxonomies = post.base === "products" ? (["product_categories", "product_colors"] as const) : [];
  const links = postLinks(site, post, taxonomies);
  const i18n = { lang: post.lang, translations: { ...post.translations } };

  if (context === "embed") {
    return {
      id: post.id,
      date: post.date,
      slug: post.slug,
      type,
      link: permalink(site, post),
      title,
      excerpt,
      author: post.author,
      featured_media: post.featuredMedia,
      ...(post.base === "pages" ? { parent: post.parent } : {}),
      ...i18n,
      _links: links,
    };
  }

  const data: Record<string, unknown> = {
    id: post.id,
    ...dates(post),
    guid: rendered(
      post.base === "pages"
        ? `${site.publicUrl}/?page_id=${post.id}`
        : `${site.publicUrl}/?post_type=${type}&#038;p=${post.id}`,
    ),
    slug: post.slug,
    status: post.status,
    type,
    link: permalink(site, post),
    title,
    content: {
      rendered: open ? onHost(site, texturize(post.content)) + (post.content ? "\n" : "") : "",
      protected: Boolean(post.password),
    },
    excerpt,
    author: post.author,
    featured_media: post.featuredMedia,
  };
  if (post.base === "pages") {
    data.parent = post.parent;
    data.menu_order = post.menuOrder;
    data.comment_status = "closed";
    data.ping_status = "closed";
  } else {
    data.menu_order = post.menuOrder;
  }
  data.template = post.template;
  data.meta = { ...post.meta };
  for (const taxonomy of taxonomies) data[taxonomy] = [...(post.terms[taxonomy] ?? [])];
  data.class_list = classList(site, post, taxonomies);
  Object.assign(data, i18n);
  data._links = links;
  return data;
}

function classList(site: Site, post: PostRecord, taxonomies: readonly TaxonomyName[]): string[] {
  const type = POST_TYPE_BY_BASE[post.base];
  const classes = [`post-${post.id}`, type, `type-${type}`, `status-${post.status}`];
  if (post.password) classes.push("post-password-required");
  if (post.featuredMedia) classes.push("has-post-thumbnail");
  classes.push("hentry");
  for (const taxonomy of taxonomies) {
    for (const id of post.terms[taxonomy] ?? []) {
      const term = site.catalogue.anyTerm(id);
      if (term) classes.push(`${taxonomy}-${term.slug}`);
    }
  }
  return classes;
}

function postLinks(site: Site, post: PostRecord, taxonomies: readonly TaxonomyName[]): Record<string, unknown[]> {
  const type = POST_TYPE_BY_BASE[post.base];
  const links: Record<string, unknown[]> = {
    self: [{ href: restUrl(site, `wp/v2/${post.base}/${post.id}`), targetHints: { allow: ["GET"] } }],
    collection: [{ href: restUrl(site, `wp/v2/${post.base}`) }],
    about: [{ href: restUrl(site, `wp/v2/types/${type}`) }],
    author: [{ embeddable: true, href: restUrl(site, `wp/v2/users/${post.author}`) }],
  };
  if (post.base === "pages" && post.parent)
    links.up = [{ embeddable: true, href: restUrl(site, `wp/v2/pages/${post.parent}`) }];
  if (post.featuredMedia)
    links["wp:featuredmedia"] = [{ embeddable: true, href: restUrl(site, `wp/v2/media/${post.featuredMedia}`) }];
  links["wp:attachment"] = [{ href: restUrl(site, `wp/v2/media?parent=${post.id}`) }];
  if (taxonomies.length) {
    links["wp:term"] = taxonomies.map((taxonomy) => ({
      taxonomy,
      embeddable: true,
      href: restUrl(site, `wp/v2/${taxonomy}?post=${post.id}`),
    }));
  }
  links.curies = CURIES;
  return links;
}

// ——— Attachments ————————————————————————————————————————————————————————————

export function mediaDetails(site: Site, post: PostRecord): Record<string, unknown> {
  const a = post.attachment;
  if (!a) return {};
  const sizes: Record<string, unknown> = {};
  for (const size of imageSizes(FULL_SIZE[aspectOf(a.artwork)])) {
    const file = size.file(a.file);
    sizes[size.name] = {
      file: file.slice(file.lastIndexOf("/") + 1),
      width: size.width,
      height: size.height,
      filesize: estimatedFilesize(size.width, size.height),
      mime_type: a.mimeType,
      source_url: uploadUrl(site, file),
    };
  }
  const focal = focalPointOf(a.artwork);
  return {
    width: a.width,
    height: a.height,
    file: a.file,
    filesize: estimatedFilesize(a.width, a.height),
    sizes,
    ...(focal ? { focal_point: focal } : {}),
    image_meta: {
      aperture: "0",
      credit: "",
      camera: "",
      caption: "",
      created_timestamp: "0",
      copyright: "",
      focal_length: "0",
      iso: "0",
      shutter_speed: "0",
      title: "",
      orientation: "0",
      keywords: [],
    },
  };
}

function prepareAttachment(site: Site, post: PostRecord, context: Context): Record<string, unknown> {
  const a = post.attachment;
  const source = a ? uploadUrl(site, a.file) : "";
  const caption = rendered(a?.caption ? `<p>${texturize(a.caption)}</p>\n` : "");
  const links: Record<string, unknown[]> = {
    self: [{ href: restUrl(site, `wp/v2/media/${post.id}`), targetHints: { allow: ["GET"] } }],
    collection: [{ href: restUrl(site, "wp/v2/media") }],
    about: [{ href: restUrl(site, "wp/v2/types/attachment") }],
    author: [{ embeddable: true, href: restUrl(site, `wp/v2/users/${post.author}`) }],
  };
  const common = {
    title: rendered(texturize(post.title)),
    author: post.author,
  };
  const i18n = { lang: post.lang, translations: { ...post.translations } };
  if (context === "embed") {
    return {
      id: post.id,
      date: post.date,
      slug: post.slug,
      type: "attachment",
      link: permalink(site, post),
      ...common,
      caption,
      alt_text: a?.alt ?? "",
      media_type: "image",
      mime_type: a?.mimeType ?? "image/webp",
      media_details: mediaDetails(site, post),
      source_url: source,
      ...i18n,
      _links: links,
    };
  }
  const medium = a ? imageSizes(FULL_SIZE[aspectOf(a.artwork)]).find((s) => s.name === "medium") : undefined;
  const description =
    a && medium
      ? `<p class="attachment"><a href='${source}'><img decoding="async" width="${medium.width}" height="${medium.height}" src="${uploadUrl(site, medium.file(a.file))}" class="attachment-medium size-medium" alt="" /></a></p>\n`
      : "";
  return {
    id: post.id,
    ...dates(post),
    guid: rendered(source),
    slug: post.slug,
    status: post.status,
    type: "attachment",
    link: permalink(site, post),
    ...common,
    comment_status: "closed",
    ping_status: "closed",
    template: "",
    meta: [],
    class_list: [`post-${post.id}`, "attachment", "type-attachment", `status-${post.status}`, "hentry"],
    description: rendered(description),
    caption,
    alt_text: a?.alt ?? "",
    media_type: "image",
    mime_type: a?.mimeType ?? "image/webp",
    media_details: mediaDetails(site, post),
    post: post.parent || null,
    source_url: source,
    ...i18n,
    _links: links,
  };
}

// ——— Terms and users ————————————————————————————————————————————————————————

export function prepareTerm(site: Site, term: TermRecord, context: Context): Record<string, unknown> {
  const links: Record<string, unknown[]> = {
    self: [{ href: restUrl(site, `wp/v2/${term.taxonomy}/${term.id}`), targetHints: { allow: ["GET"] } }],
    collection: [{ href: restUrl(site, `wp/v2/${term.taxonomy}`) }],
    about: [{ href: restUrl(site, `wp/v2/taxonomies/${term.taxonomy}`) }],
  };
  if (term.parent) links.up = [{ embeddable: true, href: restUrl(site, `wp/v2/${term.taxonomy}/${term.parent}`) }];
  links["wp:post_type"] = [{ href: restUrl(site, `wp/v2/products?${term.taxonomy}=${term.id}`) }];
  links.curies = CURIES;
  const i18n = { lang: term.lang, translations: { ...term.translations } };
  if (context === "embed") {
    return {
      id: term.id,
      link: termLink(site, term),
      name: term.name,
      slug: term.slug,
      taxonomy: term.taxonomy,
      ...i18n,
      _links: links,
    };
  }
  return {
    id: term.id,
    count: site.catalogue.termCount(term),
    description: term.description,
    link: termLink(site, term),
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    parent: term.parent,
    meta: { ...term.meta },
    ...i18n,
    _links: links,
  };
}

export function prepareUser(site: Site, user: UserRecord): Record<string, unknown> {
  const avatar = (size: number) =>
    `https://secure.gravatar.com/avatar/00000000000000000000000000000000?s=${size}&d=mm&r=g`;
  return {
    id: user.id,
    name: user.name,
    url: "",
    description: user.description,
    link: `${site.publicUrl}/author/${user.slug}/`,
    slug: user.slug,
    avatar_urls: { 24: avatar(24), 48: avatar(48), 96: avatar(96) },
    meta: [],
    _links: {
      self: [{ href: restUrl(site, `wp/v2/users/${user.id}`), targetHints: { allow: ["GET"] } }],
      collection: [{ href: restUrl(site, "wp/v2/users") }],
    },
  };
}
