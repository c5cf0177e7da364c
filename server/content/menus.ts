// Menus at the theme's locations (stock wuxt's tree), per language. An empty menu is no items; no
// menu at a location is null (the page shows its built-in menu). While WordPress fails on a menu
// the last one read stays; with none read yet the built-in menu shows. Either way the fallback is
// noted (a warn line, content_fallbacks_total, a readiness warning) and the page still renders.
import type { Lang, MenuItem } from "../../common/content";
import { listTags } from "./cache-keys";
import { mapMenu } from "./editorial-mappers";
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
  const lastGoodMenus = new Map<string, MenuItem[] | null>();

  async function getMenu(location: "header" | "footer", lang: Lang): Promise<MenuItem[] | null> {
    const key = `${location}:${lang}`;
    try {
      // Polylang names the Italian location `header___it`; our plugin also takes `&lang=it`.
      const items =
        lang === "en"
          ? await menuAt({ location }, lang)
          : ((await menuAt({ location: `${location}___it` }, lang)) ?? (await menuAt({ location, lang }, lang)));
      lastGoodMenus.set(key, items);
      observe?.recovered("menu", key);
      return items;
    } catch (error) {
      // Stock wuxt fails (a PHP fatal) on a menu holding a post type archive item, among others.
      const reason = `the ${location} menu (${lang}) could not be read: ${(error as Error).message}`;
      if (!lastGoodMenus.has(key)) {
        observe?.fallback("menu", key, `${reason}; showing the built-in menu`);
        return null;
      }
      observe?.fallback("menu", key, `${reason}; showing the last one read`);
      return lastGoodMenus.get(key)!;
    }
  }

  return { getMenu };
}
