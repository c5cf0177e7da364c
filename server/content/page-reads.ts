// Company pages (found by their English slug), and the front page with the company's details on
// it (front-page.ts).
import type { Lang, Page } from "../../common/content";
import { itemTags } from "./cache-keys";
import { mapPage } from "./editorial-mappers";
import { createFrontPage } from "./front-page";
import { parseWp, wpPage } from "./schemas";
import { notFoundAsNull, tagPost } from "./wordpress-reads";
import type { EditionReads } from "./editions";
import type { ProductReads } from "./products";
import type { ProjectReads } from "./projects";
import { isSlug, type ContentReads } from "./content-reads";

export function createPageReads(
  reads: ContentReads,
  editions: EditionReads,
  products: ProductReads,
  projects: ProjectReads,
) {
  const { load, bySlug, ctx, kinds } = reads;

  function pageBySlug(slug: string, lang: Lang): Promise<Page | null> {
    return bySlug(kinds.pages, slug, lang);
  }

  function pageById(id: number): Promise<Page | null> {
    return load({
      resource: "pages",
      id,
      route: `wp/v2/pages/${id}`,
      params: { _embed: true },
      policy: "long",
      tags: itemTags("pages", id),
      read: (response, tags) => {
        const post = parseWp(wpPage, response.data, response.endpoint, response.status);
        tagPost(tags, "pages", post);
        return mapPage(post, ctx);
      },
      recover: notFoundAsNull,
    });
  }

  async function getPage(englishSlug: string, lang: Lang): Promise<Page | null> {
    if (!isSlug(englishSlug)) return null;
    const english = await pageBySlug(englishSlug, "en");
    if (!english || lang === "en") return english;
    const translated = english.translations[lang];
    if (!translated) return null;
    const page = await pageById(translated);
    return page?.lang === lang ? page : null;
  }

  const { getCompany, getFrontPage } = createFrontPage(reads, editions, products, projects);

  return { getPage, getCompany, getFrontPage };
}
