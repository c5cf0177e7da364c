// Menus at the theme's locations (stock wuxt's tree), per language; the last menu read stays
// while WordPress fails on one.
import type { Lang, MenuItem } from "./types";
import { listTags } from "./cache-keys";
import { mapMenu } from "./mappers";
import { parseWp, wpMenu } from "./schemas";
import { type WpParams } from "./wordpress-client";
import { notFoundAsNull } from "./wordpress-reads";
import { type ContentReads } from "./content-reads";

export function createMenuReads(reads: ContentReads) {
  const { load, ctx, observe } = reads;

  function menuAt(params: WpParams, lang: Lang): Promise<MenuItem[] | null> {
    return load({
      resource: "menu",
      id: "list",
      route: "wuxt/v1/menu",
      params,
      policy: "menu",
      tags: listTags("menu"),
      read: (response, tags) => {
        const items = parseWp(wpMenu, response.data, response.endpoint, response.status);
        tags.list("menu");
        // Entries titled after a page or product follow that item's changes.
        const visit = (list: typeof items) => {
          for (const item of list) {
            if (item.object === "page") tags.item("pages", item.object_id);
            if (item.object === "products") tags.item("products", item.object_id);
            visit(item.children);
          }
        };
        visit(items);
        return mapMenu(items, lang, ctx);
      },
      // wuxt answers 404 `wuxt_menu_error` for a location with no menu.
      recover: notFoundAsNull,
    });
  }

  /** The last menu read at each location and language: shown while WordPress fails to answer it. */
  const lastGoodMenus = new Map<string, MenuItem[]>();

  async function getMenu(location: "header" | "footer", lang: Lang): Promise<MenuItem[]> {
    const key = `${location}:${lang}`;
    try {
      // Polylang names the Italian location `header___it`; our plugin also takes `&lang=it`.
      const items =
        lang === "en"
          ? ((await menuAt({ location }, lang)) ?? [])
          : ((await menuAt({ location: `${location}___it` }, lang)) ?? (await menuAt({ location, lang }, lang)) ?? []);
      lastGoodMenus.set(key, items);
      observe?.recovered("menu", key);
      return items;
    } catch (error) {
      const last = lastGoodMenus.get(key);
      if (!last) throw error;
      // Stock wuxt fails (a PHP fatal) on a menu holding a post type archive item, among others.
      observe?.fallback("menu", key, `the ${location} menu (${lang}) could not be read: ${(error as Error).message}; showing the last one read`);
      return last;
    }
  }

  return { getMenu };
}
