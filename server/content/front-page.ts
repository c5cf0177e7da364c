// The front page (stock wuxt's, or a fallback when WordPress has no static front page) with what
// it names by id (hero, featured editions, image map) and the newest products, and the company's
// details kept on it.
import type { Company, Edition, FrontPage, Imagemap, Lang } from "../../common/content";
import { indexByAnyLanguageId, type ContentReads } from "./content-reads";
import { mapFrontPageRecord, type FrontPageRecord } from "./editorial-mappers";
import type { EditionReads } from "./editions";
import type { ProductReads } from "./products";
import type { ProjectReads } from "./projects";
import { parseWp, wpPage } from "./schemas";
import { tagPost, uniqueIds } from "./wordpress-reads";

/** Products the front page shows as "newest". */
const NEWEST_ON_FRONT_PAGE = 8;

/** A home page without a static front page in WordPress: the site's own tagline, the newest products. */
function fallbackFrontPageRecord(lang: Lang): FrontPageRecord {
  return {
    page: {
      id: 0,
      slug: "",
      title: "",
      excerpt: "",
      contentHtml: "",
      image: null,
      lang,
      translations: {},
      modified: "",
    },
    tagline: "",
    heroId: 0,
    featuredCollectionIds: [],
    featuredExclusiveIds: [],
    imagemapId: 0,
    company: null,
  };
}

export function createFrontPage(
  reads: ContentReads,
  editions: EditionReads,
  products: ProductReads,
  projects: ProjectReads,
) {
  const { load, ctx, imageById, observe } = reads;
  const { listEditions } = editions;
  const { listProducts } = products;
  const { imagemapsByIds } = projects;

  function frontPageRecord(lang: Lang): Promise<FrontPageRecord> {
    return load({
      resource: "front-page",
      id: 0,
      route: "wuxt/v1/front-page",
      params: { _embed: true, lang },
      policy: "long",
      // The webhook names the front page `front-page` with id 0.
      tags: ["front-page:0", "front-page"],
      read: (response, tags) => {
        // Stock wuxt answers the list of posts while WordPress has no static front page.
        if (Array.isArray(response.data)) {
          observe?.fallback(
            "front-page",
            lang,
            "WordPress has no static front page (Settings → Reading): the home page shows the newest products",
          );
          return fallbackFrontPageRecord(lang);
        }
        const post = parseWp(wpPage, response.data, response.endpoint, response.status);
        tagPost(tags, "pages", post);
        observe?.recovered("front-page", lang);
        return mapFrontPageRecord(post, ctx);
      },
      // Stock wuxt answers 500 `wuxt_request_error` when the page set as front page is gone.
      recover: (error) => {
        if (error.code !== "wuxt_request_error") return undefined;
        observe?.fallback(
          "front-page",
          lang,
          "the static front page set in WordPress cannot be read: the home page shows the newest products",
        );
        return fallbackFrontPageRecord(lang);
      },
    });
  }

  async function getCompany(lang: Lang): Promise<Company | null> {
    const record = await frontPageRecord(lang);
    // The company's details may live on the English front page only.
    if (record.company || lang === "en") return record.company;
    return (await frontPageRecord("en")).company;
  }

  async function getFrontPage(lang: Lang): Promise<FrontPage> {
    const record = await frontPageRecord(lang);
    const pick = (editions: Edition[], ids: number[]) => {
      const index = indexByAnyLanguageId(editions);
      return uniqueIds(ids)
        .map((id) => index.get(id))
        .filter((e): e is Edition => e !== undefined);
    };
    const [hero, collections, exclusives, imagemaps, newest, company] = await Promise.all([
      imageById(record.heroId),
      record.featuredCollectionIds.length ? listEditions("collections", lang) : Promise.resolve([]),
      record.featuredExclusiveIds.length ? listEditions("exclusives", lang) : Promise.resolve([]),
      record.imagemapId ? imagemapsByIds([record.imagemapId], lang) : Promise.resolve(new Map<number, Imagemap>()),
      listProducts({ lang, perPage: NEWEST_ON_FRONT_PAGE, sort: "newest" }),
      record.company || lang === "en" ? Promise.resolve(record.company) : getCompany(lang),
    ]);
    return {
      page: record.page,
      tagline: record.tagline,
      hero: hero ?? record.page.image ?? newest.items.find((p) => p.image)?.image ?? null,
      featuredCollections: pick(collections, record.featuredCollectionIds),
      featuredExclusives: pick(exclusives, record.featuredExclusiveIds),
      imagemap: imagemaps.get(record.imagemapId) ?? null,
      newest: newest.items,
      company,
    };
  }

  return { getCompany, getFrontPage };
}
