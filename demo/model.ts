// The demo WordPress's storage: posts, terms and menus as WordPress keeps them (wp_posts,
// wp_terms, nav menus), before the REST layer turns them into responses. Dates are the site's
// local time (Europe/Rome), like post_date; the REST layer derives the *_gmt fields.
import type { Artwork } from "./artwork/recipes";
import type { Lang } from "../common/locale";

export type { Lang } from "../common/locale";
export const LANGS: readonly Lang[] = ["en", "it"];
export const DEFAULT_LANG: Lang = "en";

/** Post types by their REST base, which is also how the site and the webhook name them. */
export type PostRestBase =
  | "products"
  | "collections"
  | "exclusives"
  | "designers"
  | "projects"
  | "imagemap_products"
  | "pages"
  | "media"
  | "posts";
export type TaxonomyName = "product_categories" | "product_colors";
/** Everything the catalogue can read and mutate, named by REST base. */
export type ContentType = Exclude<PostRestBase, "posts"> | TaxonomyName;

export const POST_TYPE_BY_BASE: Record<PostRestBase, string> = {
  products: "products",
  collections: "collections",
  exclusives: "exclusives",
  designers: "designers",
  projects: "projects",
  imagemap_products: "imagemap_products",
  pages: "page",
  media: "attachment",
  posts: "post",
};

export type PostStatus = "publish" | "future" | "draft" | "pending" | "private" | "trash" | "inherit";

export interface AttachmentData {
  /** Relative to wp-content/uploads: "2024/03/fc-v014-onda-vase.webp". */
  file: string;
  width: number;
  height: number;
  mimeType: "image/webp";
  alt: string;
  caption: string;
  /** How images.ts draws it. */
  artwork: Artwork;
}

export interface PostRecord {
  id: number;
  base: PostRestBase;
  slug: string;
  status: PostStatus;
  /** Local time, "YYYY-MM-DDTHH:mm:ss". */
  date: string;
  modified: string;
  author: number;
  parent: number;
  menuOrder: number;
  title: string;
  /** HTML. `{{wp}}` stands for the WordPress host and is filled in per response. */
  content: string;
  /** Plain text; WordPress renders it as a paragraph. */
  excerpt: string;
  password: string;
  featuredMedia: number;
  template: string;
  meta: Record<string, unknown>;
  terms: Partial<Record<TaxonomyName, number[]>>;
  lang: Lang;
  translations: Partial<Record<Lang, number>>;
  attachment?: AttachmentData;
}

export interface TermRecord {
  id: number;
  taxonomy: TaxonomyName;
  slug: string;
  name: string;
  description: string;
  parent: number;
  meta: Record<string, unknown>;
  lang: Lang;
  translations: Partial<Record<Lang, number>>;
}

export interface MenuItemRecord {
  /** A nav_menu_item post id, from the shared post sequence. */
  id: number;
  menuOrder: number;
  parent: number;
  /** The label typed by the editor; empty means "use the page's title". */
  title: string;
  kind: "custom" | "page";
  url: string;
  objectId: number;
  target: "" | "_blank";
  date: string;
}

export interface MenuRecord {
  /** A nav_menu term id, from the shared term sequence. */
  id: number;
  slug: string;
  name: string;
  /** Polylang's location name: `header` for English, `header___it` for Italian. */
  location: string;
  lang: Lang;
  items: MenuItemRecord[];
}

export interface UserRecord {
  id: number;
  name: string;
  slug: string;
  description: string;
}
