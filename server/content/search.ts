// Search across products and pages, in one language: WordPress's search endpoint, one cache entry
// per text (trimmed, spaces collapsed, bounded), tagged with every product and page it lists.
import { z } from "zod";
import type { Lang, SearchHit } from "../../common/content";
import { listTags } from "./cache-keys";
import { SEARCH_MAX_LENGTH, type ContentReads } from "./content-reads";
import { mapSearchHit } from "./editorial-mappers";
import { parseWp, wpSearchResult } from "./schemas";

const SEARCH_PER_PAGE = 20;

export function createSearch({ load }: Pick<ContentReads, "load">) {
  return async function search(text: string, lang: Lang): Promise<SearchHit[]> {
    const words = text.trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH);
    if (!words) return [];
    return load({
      resource: "search",
      id: "list",
      route: "wp/v2/search",
      params: { search: words, type: "post", subtype: ["products", "page"], lang, per_page: SEARCH_PER_PAGE },
      policy: "short",
      tags: [...listTags("products"), ...listTags("pages")],
      read: (response, tags) => {
        const results = parseWp(z.array(wpSearchResult), response.data, response.endpoint, response.status);
        tags.list("products").list("pages");
        for (const r of results) {
          if (r.subtype === "products") tags.item("products", r.id);
          else if (r.subtype === "page" || r.subtype === "pages") tags.item("pages", r.id);
        }
        return results.map((r) => mapSearchHit(r, lang)).filter((hit): hit is SearchHit => hit !== null);
      },
    });
  };
}
