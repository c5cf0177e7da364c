// wp/v2/{post type} and wp/v2/{post type}/{id}, as WP_REST_Posts_Controller and
// WP_REST_Attachments_Controller answer an anonymous visitor: published content only, drafts and
// private items refused with rest_forbidden, the collection parameters WordPress registers for
// each type, plus Polylang's `lang`.
import { localToGmt, wallClock } from "../dates";
import type { PostRecord, PostRestBase } from "../model";
import { errors } from "./errors";
import { fold, matches, paginate, parseSearch, relevance } from "./matching";
import { readParams, type ParamSchema, type Params, type TermFilter } from "./params";
import { preparePost, restUrl, type Context, type Site } from "./shapes";
import { ok, type RestRequest, type RestResult } from "./types";

export const POST_BASES: readonly PostRestBase[] = [
  "posts",
  "pages",
  "media",
  "products",
  "collections",
  "exclusives",
  "designers",
  "projects",
  "imagemap_products",
];

const STATUSES = [
  "publish",
  "future",
  "draft",
  "pending",
  "private",
  "trash",
  "auto-draft",
  "inherit",
  "request-pending",
  "request-confirmed",
  "request-failed",
  "request-completed",
  "any",
] as const;

const TAXONOMIES_OF: Partial<Record<PostRestBase, readonly string[]>> = {
  products: ["product_categories", "product_colors"],
};

export function collectionSchema(base: PostRestBase): ParamSchema {
  const hierarchical = base === "pages" || base === "media";
  const orderby = [
    "author",
    "date",
    "id",
    "include",
    "modified",
    "parent",
    "relevance",
    "slug",
    "include_slugs",
    "title",
  ];
  if (base === "pages") orderby.push("menu_order");
  const schema: ParamSchema = {
    context: { type: "string", default: "view", enum: ["view", "embed", "edit"] },
    page: { type: "integer", default: 1, minimum: 1 },
    per_page: { type: "integer", default: 10, minimum: 1, maximum: 100 },
    search: { type: "string", text: true },
    after: { type: "date-time" },
    modified_after: { type: "date-time" },
    author: { type: "integer[]", default: [] },
    author_exclude: { type: "integer[]", default: [] },
    before: { type: "date-time" },
    modified_before: { type: "date-time" },
    exclude: { type: "integer[]", default: [] },
    include: { type: "integer[]", default: [] },
  };
  if (base === "pages") schema.menu_order = { type: "integer" };
  schema.offset = { type: "integer" };
  schema.order = { type: "string", default: "desc", enum: ["asc", "desc"] };
  schema.orderby = { type: "string", default: "date", enum: orderby };
  if (hierarchical) {
    schema.parent = { type: "integer[]", default: [] };
    schema.parent_exclude = { type: "integer[]", default: [] };
  }
  schema.search_columns = { type: "string[]", default: [], enum: ["post_title", "post_content", "post_excerpt"] };
  schema.slug = { type: "string[]", slugs: true };
  schema.status =
    base === "media"
      ? { type: "statuses", default: "inherit", enum: ["inherit", "private", "trash"] }
      : { type: "statuses", default: "publish", enum: STATUSES };
  const taxonomies = TAXONOMIES_OF[base] ?? [];
  if (taxonomies.length) {
    schema.tax_relation = { type: "string", enum: ["AND", "OR"] };
    for (const t of taxonomies) schema[t] = { type: "terms" };
    for (const t of taxonomies) schema[`${t}_exclude`] = { type: "terms" };
  }
  if (base === "posts") schema.sticky = { type: "boolean" };
  if (base === "media") {
    schema.media_type = { type: "string", enum: ["image", "video", "text", "application", "audio"] };
    schema.mime_type = { type: "string" };
  }
  schema.lang = { type: "string", enum: ["en", "it"] };
  return schema;
}

const ITEM_SCHEMA: ParamSchema = {
  context: { type: "string", default: "view", enum: ["view", "embed", "edit"] },
  password: { type: "string" },
};

/** check_read_permission for someone without an account: published, or media of published. */
export function canRead(site: Site, post: PostRecord): boolean {
  if (post.status === "publish") return true;
  if (post.status !== "inherit") return false;
  if (!post.parent) return true;
  const parent = site.catalogue.anyPost(post.parent);
  return !parent || canRead(site, parent);
}

function compareDates(value: string, local: string): number {
  // With an explicit zone compare instants; without, compare wall-clock times as WordPress does.
  if (/([Zz]|[+-]\d{2}(:?\d{2})?)$/.test(value)) return Date.parse(value) - wallClock(localToGmt(local));
  return Date.parse(`${value.replace(" ", "T").slice(0, 19)}Z`) - wallClock(local);
}

function termFilter(post: PostRecord, taxonomy: string, filter: TermFilter): boolean {
  const assigned = post.terms[taxonomy as keyof PostRecord["terms"]] ?? [];
  return filter.operator === "AND"
    ? filter.terms.every((t) => assigned.includes(t))
    : filter.terms.some((t) => assigned.includes(t));
}

/**
 * The taxonomy filters (`<taxonomy>` and `<taxonomy>_exclude`): all must hold, or any with
 * `tax_relation=OR`. An exclusion leaves out a post carrying any of its terms.
 */
function byTerms(posts: PostRecord[], base: PostRestBase, params: Params): PostRecord[] {
  const taxonomies = TAXONOMIES_OF[base] ?? [];
  const filters = taxonomies.flatMap((t) => {
    const out: ((p: PostRecord) => boolean)[] = [];
    const wanted = params[t] as TermFilter | undefined;
    if (wanted?.terms.length) out.push((p) => termFilter(p, t, wanted));
    const unwanted = params[`${t}_exclude`] as TermFilter | undefined;
    if (unwanted?.terms.length) out.push((p) => !termFilter(p, t, { ...unwanted, operator: "OR" }));
    return out;
  });
  if (!filters.length) return posts;
  return params.tax_relation === "OR"
    ? posts.filter((p) => filters.some((f) => f(p)))
    : posts.filter((p) => filters.every((f) => f(p)));
}

export function queryPosts(site: Site, base: PostRestBase, params: Params): PostRecord[] {
  const statuses = params.status as string[];
  let posts = site.catalogue.postsOf(base).filter((p) => statuses.includes(p.status) && canRead(site, p));
  if (params.lang) posts = posts.filter((p) => p.lang === params.lang);
  const include = params.include as number[];
  if (include.length) posts = posts.filter((p) => include.includes(p.id));
  const exclude = params.exclude as number[];
  if (exclude.length) posts = posts.filter((p) => !exclude.includes(p.id));
  const slugs = params.slug as string[] | undefined;
  if (slugs?.length) posts = posts.filter((p) => slugs.includes(p.slug));
  const authors = params.author as number[];
  if (authors.length) posts = posts.filter((p) => authors.includes(p.author));
  const authorsOut = params.author_exclude as number[];
  if (authorsOut.length) posts = posts.filter((p) => !authorsOut.includes(p.author));
  const parents = params.parent as number[] | undefined;
  if (parents?.length) posts = posts.filter((p) => parents.includes(p.parent));
  const parentsOut = params.parent_exclude as number[] | undefined;
  if (parentsOut?.length) posts = posts.filter((p) => !parentsOut.includes(p.parent));
  if (typeof params.menu_order === "number") posts = posts.filter((p) => p.menuOrder === params.menu_order);
  if (typeof params.after === "string") posts = posts.filter((p) => compareDates(params.after as string, p.date) < 0);
  if (typeof params.before === "string") posts = posts.filter((p) => compareDates(params.before as string, p.date) > 0);
  if (typeof params.modified_after === "string")
    posts = posts.filter((p) => compareDates(params.modified_after as string, p.modified) < 0);
  if (typeof params.modified_before === "string")
    posts = posts.filter((p) => compareDates(params.modified_before as string, p.modified) > 0);
  if (params.sticky === true) posts = [];
  if (typeof params.media_type === "string") posts = posts.filter((p) => params.media_type === "image" && p.attachment);
  if (typeof params.mime_type === "string") posts = posts.filter((p) => p.attachment?.mimeType === params.mime_type);

  posts = byTerms(posts, base, params);

  const search = typeof params.search === "string" && params.search ? parseSearch(params.search) : null;
  if (search) {
    const columns = params.search_columns as string[];
    posts = posts.filter((p) => {
      // Password-protected posts never match an anonymous search.
      if (p.password) return false;
      const item = {
        title: !columns.length || columns.includes("post_title") ? p.title : "",
        excerpt: !columns.length || columns.includes("post_excerpt") ? p.excerpt : "",
        content: !columns.length || columns.includes("post_content") ? p.content : "",
      };
      return matches(item, search);
    });
  }

  const orderby = params.orderby as string;
  const direction = params.order === "asc" ? 1 : -1;
  const byDate = (a: PostRecord, b: PostRecord) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1);
  const compare: Record<string, (a: PostRecord, b: PostRecord) => number> = {
    date: byDate,
    modified: (a, b) => (a.modified === b.modified ? a.id - b.id : a.modified < b.modified ? -1 : 1),
    id: (a, b) => a.id - b.id,
    title: (a, b) => fold(a.title).localeCompare(fold(b.title)) || a.id - b.id,
    slug: (a, b) => a.slug.localeCompare(b.slug),
    author: (a, b) => a.author - b.author || byDate(a, b),
    parent: (a, b) => a.parent - b.parent || byDate(a, b),
    menu_order: (a, b) => a.menuOrder - b.menuOrder || fold(a.title).localeCompare(fold(b.title)),
  };
  if (orderby === "include") {
    posts.sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id));
  } else if (orderby === "include_slugs") {
    posts.sort((a, b) => (slugs ?? []).indexOf(a.slug) - (slugs ?? []).indexOf(b.slug));
  } else if (orderby === "relevance" && search) {
    posts.sort((a, b) => relevance(a, search) - relevance(b, search) || -byDate(a, b));
  } else {
    const fn = compare[orderby] ?? byDate;
    posts.sort((a, b) => direction * fn(a, b));
  }
  return posts;
}

export function listPosts(req: RestRequest, base: PostRestBase): RestResult {
  const { site } = req;
  if (req.method !== "GET") throw errors.cannotCreate(site.authenticated);
  const params = readParams(req.query, collectionSchema(base), site.authenticated);
  if (params.context === "edit") throw errors.forbiddenContext(site.authenticated, "posts");
  if (params.orderby === "relevance" && !params.search) throw errors.noSearchTerm();
  if (params.orderby === "include" && !(params.include as number[]).length) throw errors.includeMissing();
  const posts = queryPosts(site, base, params);
  const page = paginate(posts, {
    page: params.page as number,
    perPage: params.per_page as number,
    offset: params.offset as number | undefined,
    collectionUrl: restUrl(site, `wp/v2/${base}`),
    query: req.query,
  });
  const context: Context = params.context === "embed" || req.embedded ? "embed" : "view";
  return ok(
    page.items.map((p) => preparePost(site, p, context)),
    page.headers,
  );
}

export function getPost(req: RestRequest, base: PostRestBase, id: number): RestResult {
  const { site } = req;
  const post = site.catalogue.anyPost(id);
  if (!post || post.base !== base || id <= 0) throw errors.invalidPostId();
  if (req.method === "DELETE") throw errors.cannotDelete(site.authenticated);
  if (req.method !== "GET") throw errors.cannotEdit(site.authenticated);
  const params = readParams(req.query, ITEM_SCHEMA, site.authenticated);
  if (params.context === "edit") throw errors.forbiddenContext(site.authenticated, "post");
  const password = typeof params.password === "string" ? params.password : undefined;
  if (password && post.password !== password) throw errors.incorrectPassword();
  if (!canRead(site, post)) throw errors.forbidden(site.authenticated);
  const context: Context = params.context === "embed" || req.embedded ? "embed" : "view";
  const data = preparePost(site, post, context, password);
  const headers: Record<string, string> = {};
  if (base !== "media" && typeof data.link === "string")
    headers.Link = `<${data.link}>; rel="alternate"; type=text/html`;
  return ok(data, headers);
}
