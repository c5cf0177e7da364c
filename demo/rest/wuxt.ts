// The wuxt plugin's routes (namespace `wuxt`, routes under /v1): the front page, a menu by theme
// location, and a post or page by slug. They answer exactly as stock wuxt does, including its
// menu shape (see ../README.md), with our plugin's `lang` on top.
import { localToGmt } from "../dates";
import type { MenuItemRecord, MenuRecord } from "../model";
import { RestError } from "./errors";
import { texturize, type Query } from "./php";
import { onHost, permalink, type Site } from "./shapes";
import { ok, type RestRequest, type RestResult } from "./types";

/** Runs another REST request inside this one, as rest_do_request() does, embeds included. */
export type InternalServe = (req: RestRequest) => RestResult;

function lang(req: RestRequest): "en" | "it" | undefined {
  const value = req.query.lang;
  return value === "it" || value === "en" ? value : undefined;
}

/** GET wuxt/v1/front-page: the page set as front page, in the language asked for. */
export function frontPage(req: RestRequest, serve: InternalServe): RestResult {
  const id = req.site.catalogue.frontPageId(lang(req) ?? "en");
  const query: Query = req.query._embed !== undefined ? { _embed: req.query._embed } : {};
  const inner = serve({ ...req, route: `/wp/v2/pages/${id}`, query });
  if (inner.status >= 400) throw new RestError(500, "wuxt_request_error", "Request Error");
  return ok(inner.body);
}

/** GET wuxt/v1/slug/{slug}: the first post with that slug, else the first page. */
export function bySlug(req: RestRequest, slug: string, serve: InternalServe): RestResult {
  const query: Record<string, string> = { slug };
  const language = lang(req);
  if (language) query.lang = language;
  if (req.query._embed !== undefined) query._embed = typeof req.query._embed === "string" ? req.query._embed : "";
  for (const base of ["posts", "pages"]) {
    const inner = serve({ ...req, route: `/wp/v2/${base}`, query });
    if (inner.status < 400 && Array.isArray(inner.body) && inner.body.length > 0) return ok(inner.body[0]);
  }
  throw new RestError(404, "wuxt_no_such_slug", "Slug does not exist");
}

/**
 * GET wuxt/v1/menu?location=: the menu's tree, keyed by item id at every level; items are
 * WordPress nav menu item objects with `level` and `children` (an empty list when there are none).
 */
export function menu(req: RestRequest): RestResult {
  const { site } = req;
  const requested = typeof req.query.location === "string" ? req.query.location : "main";
  const language = lang(req);
  // Polylang names the Italian location `header___it`; our plugin maps `&lang=it` onto it.
  const location =
    language && language !== "en" && !requested.includes("___") ? `${requested}___${language}` : requested;
  const found = site.catalogue.menuAt(location);
  if (!found) throw new RestError(404, "wuxt_menu_error", "Menu location does not exist");
  const tree = branch(site, found, 0, 1);
  return ok(tree.size ? tree : null);
}

function branch(site: Site, menu: MenuRecord, parent: number, level: number): Map<number, unknown> {
  const out = new Map<number, unknown>();
  const items = menu.items.filter((i) => i.parent === parent).sort((a, b) => a.menuOrder - b.menuOrder);
  for (const item of items) {
    const children = branch(site, menu, item.id, level + 1);
    out.set(item.id, menuItem(site, menu, item, level, children));
  }
  return out;
}

function menuItem(
  site: Site,
  menu: MenuRecord,
  item: MenuItemRecord,
  level: number,
  children: Map<number, unknown>,
): Record<string, unknown> {
  const page = item.kind === "page" ? site.catalogue.anyPost(item.objectId) : undefined;
  const when = item.date.replace("T", " ");
  const whenGmt = localToGmt(item.date).replace("T", " ");
  const hasChildren = menu.items.some((i) => i.parent === item.id);
  return {
    ID: item.id,
    post_author: "1",
    post_date: when,
    post_date_gmt: whenGmt,
    post_content: "",
    post_title: item.title,
    post_excerpt: "",
    post_status: "publish",
    comment_status: "closed",
    ping_status: "closed",
    post_password: "",
    post_name: String(item.id),
    to_ping: "",
    pinged: "",
    post_modified: when,
    post_modified_gmt: whenGmt,
    post_content_filtered: "",
    post_parent: 0,
    guid: `${site.publicUrl}/?p=${item.id}`,
    menu_order: item.menuOrder,
    post_type: "nav_menu_item",
    post_mime_type: "",
    comment_count: "0",
    filter: "raw",
    db_id: item.id,
    menu_item_parent: String(item.parent),
    object_id: String(item.kind === "page" ? item.objectId : item.id),
    object: item.kind === "page" ? "page" : "custom",
    type: item.kind === "page" ? "post_type" : "custom",
    type_label: item.kind === "page" ? "Page" : "Custom Link",
    url: page ? permalink(site, page) : onHost(site, item.url),
    title: item.title || (page ? texturize(page.title) : ""),
    target: item.target,
    attr_title: "",
    description: "",
    classes: hasChildren ? ["", "menu-item-has-children"] : [""],
    xfn: "",
    current: false,
    current_item_ancestor: false,
    current_item_parent: false,
    isCurrent: false,
    level,
    children: children.size ? children : [],
  };
}
