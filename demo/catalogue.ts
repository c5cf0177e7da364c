// The demo catalogue: FC's WordPress content in memory — products, taxonomies, editions, pages,
// media and menus in both languages — with the reads the REST layer needs and the few mutations
// tests use to play editor (publish, unpublish, edit, delete) while a site runs against it.
import { seedSite, slugify } from "./seed";
import { nowLocal, wallClock } from "./dates";
import {
  POST_TYPE_BY_BASE,
  type ContentType,
  type Lang,
  type MenuRecord,
  type PostRecord,
  type PostRestBase,
  type PostStatus,
  type TaxonomyName,
  type TermRecord,
  type UserRecord,
} from "./model";
import { FULL_SIZE, aspectOf } from "./artwork/recipes";
import { imageSizes, type ImageSize } from "./sizes";

export interface CatalogueOptions {
  /** Multiplies the 40 products per language (names get edition numbers: "Onda Vase II"). */
  scale?: number;
}

export type CatalogueItem = PostRecord | TermRecord;

/** Fields a test may change on a post; `meta` is merged key by key. */
export type PostPatch = Partial<
  Pick<
    PostRecord,
    | "title"
    | "content"
    | "excerpt"
    | "slug"
    | "status"
    | "featuredMedia"
    | "menuOrder"
    | "password"
    | "parent"
    | "date"
    | "author"
  >
> & {
  meta?: Record<string, unknown>;
  terms?: Partial<Record<TaxonomyName, number[]>>;
  translations?: Partial<Record<Lang, number>>;
};

export type TermPatch = Partial<Pick<TermRecord, "name" | "slug" | "description" | "parent">> & {
  meta?: Record<string, unknown>;
  translations?: Partial<Record<Lang, number>>;
};

/** A new post: title and language at least; the rest has WordPress's defaults. */
export type NewPost = PostPatch & { title: string; lang: Lang };
export type NewTerm = TermPatch & { name: string; lang: Lang };

const TAXONOMIES: readonly TaxonomyName[] = ["product_categories", "product_colors"];

export function isTaxonomy(type: string): type is TaxonomyName {
  return (TAXONOMIES as readonly string[]).includes(type);
}

export class DemoCatalogue {
  readonly scale: number;
  readonly users: readonly UserRecord[];
  readonly menus: readonly MenuRecord[];
  private readonly posts = new Map<number, PostRecord>();
  private readonly terms = new Map<number, TermRecord>();
  private readonly frontPages: Record<Lang, number>;
  private nextPostId: number;
  private nextTermId: number;
  private uploads: Map<string, { media: PostRecord; size: ImageSize }> | null = null;
  private listeners = new Set<(type: ContentType, id: number) => void>();
  /** Bumped by every mutation. */
  revision = 0;

  constructor(options: CatalogueOptions = {}) {
    const scale = Math.floor(options.scale ?? 1);
    if (!Number.isFinite(scale) || scale < 1 || scale > 250) {
      throw new RangeError(`DEMO_SCALE must be an integer from 1 to 250, got ${options.scale}`);
    }
    this.scale = scale;
    const site = seedSite(scale);
    for (const post of site.posts) this.posts.set(post.id, post);
    for (const term of site.terms) this.terms.set(term.id, term);
    this.menus = site.menus;
    this.users = site.users;
    this.frontPages = site.frontPage;
    this.nextPostId = site.nextPostId;
    this.nextTermId = site.nextTermId;
  }

  // ——— Reading ——————————————————————————————————————————————————————————————

  /** All posts of a type, every status, by id. */
  postsOf(base: PostRestBase): PostRecord[] {
    return [...this.posts.values()].filter((p) => p.base === base).sort((a, b) => a.id - b.id);
  }

  /** Any post by id, whatever its type (as get_post). */
  anyPost(id: number): PostRecord | undefined {
    return this.posts.get(id);
  }

  termsOf(taxonomy: TaxonomyName): TermRecord[] {
    return [...this.terms.values()].filter((t) => t.taxonomy === taxonomy).sort((a, b) => a.id - b.id);
  }

  anyTerm(id: number): TermRecord | undefined {
    return this.terms.get(id);
  }

  /** An item by type and id, or undefined. */
  get(type: ContentType, id: number): CatalogueItem | undefined {
    if (isTaxonomy(type)) {
      const term = this.terms.get(id);
      return term?.taxonomy === type ? term : undefined;
    }
    const post = this.posts.get(id);
    return post?.base === type ? post : undefined;
  }

  /** Items of a type, optionally in one language and/or one status. */
  list(type: ContentType, filter: { lang?: Lang; status?: PostStatus } = {}): CatalogueItem[] {
    const items: CatalogueItem[] = isTaxonomy(type) ? this.termsOf(type) : this.postsOf(type);
    return items.filter(
      (item) =>
        (!filter.lang || item.lang === filter.lang) &&
        (!filter.status || ("status" in item && item.status === filter.status)),
    );
  }

  bySlug(type: ContentType, slug: string, lang?: Lang): CatalogueItem | undefined {
    return this.list(type, lang ? { lang } : {}).find((item) => item.slug === slug);
  }

  /** The same item in another language, if translated. */
  translation(type: ContentType, id: number, lang: Lang): CatalogueItem | undefined {
    const item = this.get(type, id);
    const other = item?.translations[lang];
    return other === undefined ? undefined : this.get(type, other);
  }

  frontPageId(lang: Lang): number {
    return this.frontPages[lang];
  }

  /** The menu at a Polylang location (`header`, `header___it`). */
  menuAt(location: string): MenuRecord | undefined {
    return this.menus.find((m) => m.location === location);
  }

  /** Published posts in a term (WordPress's term count). */
  termCount(term: TermRecord): number {
    let count = 0;
    for (const post of this.posts.values()) {
      if (post.status === "publish" && post.terms[term.taxonomy]?.includes(term.id)) count++;
    }
    return count;
  }

  /** The attachment and size behind an upload path ("2024/03/fc-v001-onda-vase-240x300.webp"). */
  upload(path: string): { media: PostRecord; size: ImageSize } | undefined {
    if (!this.uploads) {
      this.uploads = new Map();
      for (const media of this.postsOf("media")) {
        const a = media.attachment;
        if (!a || media.lang !== "en") continue;
        for (const size of imageSizes(FULL_SIZE[aspectOf(a.artwork)])) {
          this.uploads.set(size.file(a.file), { media, size });
        }
      }
      // Translated attachments share the file; fall back to them if the English one was removed.
      for (const media of this.postsOf("media")) {
        const a = media.attachment;
        if (!a) continue;
        for (const size of imageSizes(FULL_SIZE[aspectOf(a.artwork)])) {
          if (!this.uploads.has(size.file(a.file))) this.uploads.set(size.file(a.file), { media, size });
        }
      }
    }
    return this.uploads.get(path);
  }

  /** Called after every mutation with the changed item (the demo's stand-in for publish hooks). */
  onChange(listener: (type: ContentType, id: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ——— Editing (for tests) ——————————————————————————————————————————————————

  /** Changes an item; a post's `modified` moves to now (and always forward). */
  update(type: ContentType, id: number, patch: PostPatch | TermPatch): CatalogueItem {
    const item = this.require(type, id);
    if ("taxonomy" in item) {
      const p = patch as TermPatch;
      Object.assign(item, pick(p, ["name", "slug", "description", "parent"]));
      if (p.meta) item.meta = { ...item.meta, ...p.meta };
      if (p.translations) item.translations = { ...p.translations };
    } else {
      const p = patch as PostPatch;
      Object.assign(
        item,
        pick(p, [
          "title",
          "content",
          "excerpt",
          "slug",
          "status",
          "featuredMedia",
          "menuOrder",
          "password",
          "parent",
          "date",
          "author",
        ]),
      );
      if (p.meta) item.meta = { ...item.meta, ...p.meta };
      if (p.terms) item.terms = { ...item.terms, ...p.terms };
      if (p.translations) item.translations = { ...p.translations };
      item.modified = laterThan(item.modified);
    }
    this.changed(type, id);
    return item;
  }

  /** Publishes or unpublishes a post ("draft", "private", "trash" make it 401 rest_forbidden). */
  setStatus(type: Exclude<ContentType, TaxonomyName>, id: number, status: PostStatus): PostRecord {
    return this.update(type, id, { status }) as PostRecord;
  }

  /** Deletes an item for good (WordPress's force delete): it answers 404 afterwards. */
  remove(type: ContentType, id: number): boolean {
    const item = this.get(type, id);
    if (!item) return false;
    if (isTaxonomy(type)) {
      this.terms.delete(id);
      for (const post of this.posts.values()) {
        const ids = post.terms[type];
        if (ids?.includes(id)) post.terms[type] = ids.filter((t) => t !== id);
      }
    } else {
      this.posts.delete(id);
    }
    // Its translations no longer point at it (ids of posts and terms are separate sequences).
    const siblings: Iterable<PostRecord | TermRecord> = isTaxonomy(type) ? this.terms.values() : this.posts.values();
    for (const other of siblings) {
      for (const [lang, otherId] of Object.entries(other.translations)) {
        if (otherId === id) delete other.translations[lang as Lang];
      }
    }
    this.changed(type, id);
    return true;
  }

  /** Adds a post or term with the next id of its sequence; returns it. */
  addItem(type: ContentType, fields: NewPost | NewTerm): CatalogueItem {
    if (isTaxonomy(type)) {
      const f = fields as NewTerm;
      const id = this.nextTermId++;
      const term: TermRecord = {
        id,
        taxonomy: type,
        slug: f.slug ?? this.uniqueSlug(type, slugify(f.name)),
        name: f.name,
        description: f.description ?? "",
        parent: f.parent ?? 0,
        meta: { ...(type === "product_colors" ? { hex: "#F2EFE8" } : { image: 0 }), ...f.meta },
        lang: f.lang,
        translations: f.translations ?? { [f.lang]: id },
      };
      this.terms.set(id, term);
      this.changed(type, id);
      return term;
    }
    const f = fields as NewPost;
    const id = this.nextPostId++;
    const now = laterThan("2000-01-01T00:00:00");
    const post: PostRecord = {
      id,
      base: type,
      slug: f.slug ?? this.uniqueSlug(type, slugify(f.title)),
      status: f.status ?? (type === "media" ? "inherit" : "publish"),
      date: f.date ?? now,
      modified: now,
      author: f.author ?? 1,
      parent: f.parent ?? 0,
      menuOrder: f.menuOrder ?? 0,
      title: f.title,
      content: f.content ?? "",
      excerpt: f.excerpt ?? "",
      password: f.password ?? "",
      featuredMedia: f.featuredMedia ?? 0,
      template: "",
      meta: { ...f.meta },
      terms: { ...f.terms },
      lang: f.lang,
      translations: f.translations ?? { [f.lang]: id },
    };
    this.posts.set(id, post);
    this.changed(type, id);
    return post;
  }

  private uniqueSlug(type: ContentType, wanted: string): string {
    let slug = wanted || "untitled";
    for (let i = 2; this.bySlug(type, slug); i++) slug = `${wanted}-${i}`;
    return slug;
  }

  private require(type: ContentType, id: number): CatalogueItem {
    const item = this.get(type, id);
    if (!item) throw new Error(`no ${type} with id ${id} in the demo catalogue`);
    return item;
  }

  private changed(type: ContentType, id: number): void {
    this.revision += 1;
    if (type === "media") this.uploads = null;
    for (const listener of this.listeners) listener(type, id);
  }
}

/** The WordPress post type name of a REST base ("pages" → "page"). */
export function postTypeOf(base: PostRestBase): string {
  return POST_TYPE_BY_BASE[base];
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

function laterThan(previous: string): string {
  const now = nowLocal();
  if (now > previous) return now;
  return new Date(wallClock(previous) + 1000).toISOString().slice(0, 19);
}
