// wp/v2/search, as WP_REST_Search_Controller answers: `{ id, title, url, type, subtype, _links }`
// across published posts of every public type (type=post) or across terms (type=term), ordered
// by WP_Query's relevance, paged with the usual headers. `subtype` takes post type names, so
// pages are "page", not "pages".
import type { PostRecord } from "../model";
import { errors } from "./errors";
import { matches, parseSearch, relevance, type SearchTerms } from "./matching";
import { readParams, type ParamSchema } from "./params";
import { canRead, POST_BASES } from "./posts";
import { permalink, restUrl, termLink, type Site } from "./shapes";
import { pageLink, texturize } from "./php";
import { ok, type RestRequest, type RestResult } from "./types";
import { POST_TYPE_BY_BASE } from "../model";

/** What the search looks through: every post type but attachments, as WordPress's post search. */
const SEARCHED_BASES = POST_BASES.filter((base) => base !== "media");
const POST_SUBTYPES = SEARCHED_BASES.map((base) => POST_TYPE_BY_BASE[base]);
const TERM_SUBTYPES = ["category", "post_tag", "product_categories", "product_colors"];

const SCHEMA: ParamSchema = {
  context: { type: "string", default: "view", enum: ["view", "embed"] },
  page: { type: "integer", default: 1, minimum: 1 },
  per_page: { type: "integer", default: 10, minimum: 1, maximum: 100 },
  search: { type: "string", text: true },
  type: { type: "string", default: "post", enum: ["post", "term", "post-format"] },
  subtype: { type: "string[]", default: ["any"], enum: [...POST_SUBTYPES, ...TERM_SUBTYPES, "any"] },
  exclude: { type: "integer[]", default: [] },
  include: { type: "integer[]", default: [] },
  lang: { type: "string", enum: ["en", "it"] },
};

interface Hit {
  id: number;
  title: string;
  url: string;
  type: string;
  subtype: string;
  route: string;
  about: string;
}

function postHits(site: Site, subtypes: string[], search: SearchTerms | null, lang: string | undefined): Hit[] {
  let posts: PostRecord[] = [];
  for (const base of SEARCHED_BASES) {
    const type = POST_TYPE_BY_BASE[base];
    if (!subtypes.includes("any") && !subtypes.includes(type)) continue;
    posts.push(...site.catalogue.postsOf(base).filter((p) => p.status === "publish" && canRead(site, p)));
  }
  if (lang) posts = posts.filter((p) => p.lang === lang);
  if (search) {
    posts = posts.filter((p) => !p.password && matches(p, search));
    posts.sort((a, b) => relevance(a, search) - relevance(b, search) || (a.date < b.date ? 1 : -1));
  } else {
    posts.sort((a, b) => (a.date < b.date ? 1 : -1));
  }
  return posts.map((p) => ({
    id: p.id,
    title: texturize(p.title),
    url: permalink(site, p),
    type: "post",
    subtype: POST_TYPE_BY_BASE[p.base],
    route: `wp/v2/${p.base}/${p.id}`,
    about: `wp/v2/types/${POST_TYPE_BY_BASE[p.base]}`,
  }));
}

function termHits(site: Site, subtypes: string[], search: SearchTerms | null, lang: string | undefined): Hit[] {
  const hits: Hit[] = [];
  for (const taxonomy of ["product_categories", "product_colors"] as const) {
    if (!subtypes.includes("any") && !subtypes.includes(taxonomy)) continue;
    for (const term of site.catalogue.termsOf(taxonomy)) {
      if (lang && term.lang !== lang) continue;
      if (search && !matches({ title: term.name, excerpt: term.description, content: term.slug }, search)) continue;
      hits.push({
        id: term.id,
        title: term.name,
        url: termLink(site, term),
        type: "term",
        subtype: taxonomy,
        route: `wp/v2/${taxonomy}/${term.id}`,
        about: `wp/v2/taxonomies/${taxonomy}`,
      });
    }
  }
  return hits;
}

export function search(req: RestRequest): RestResult {
  const { site } = req;
  if (req.method !== "GET") throw errors.noRoute();
  const params = readParams(req.query, SCHEMA, site.authenticated);
  const text = typeof params.search === "string" && params.search ? parseSearch(params.search) : null;
  const subtypes = params.subtype as string[];
  const lang = params.lang as string | undefined;
  let hits =
    params.type === "post"
      ? postHits(site, subtypes, text, lang)
      : params.type === "term"
        ? termHits(site, subtypes, text, lang)
        : [];
  const include = params.include as number[];
  if (include.length) hits = hits.filter((h) => include.includes(h.id));
  const exclude = params.exclude as number[];
  if (exclude.length) hits = hits.filter((h) => !exclude.includes(h.id));

  const perPage = params.per_page as number;
  const page = params.page as number;
  const total = hits.length;
  const maxPages = Math.ceil(total / perPage);
  if (page > maxPages && total > 0) throw errors.invalidPageNumber("rest_search_invalid_page_number");
  const slice = hits.slice((page - 1) * perPage, page * perPage);
  const body = slice.map((h) => ({
    id: h.id,
    title: h.title,
    url: h.url,
    type: h.type,
    subtype: h.subtype,
    _links: {
      self: [{ embeddable: true, href: restUrl(site, h.route) }],
      about: [{ href: restUrl(site, h.about) }],
      collection: [{ href: restUrl(site, "wp/v2/search") }],
    },
  }));
  const headers: Record<string, string> = { "X-WP-Total": String(total), "X-WP-TotalPages": String(maxPages) };
  const base = restUrl(site, "wp/v2/search");
  const links: string[] = [];
  // The search controller links pages without clamping, unlike the posts controller.
  if (page > 1) links.push(`<${pageUrl(base, req, page - 1)}>; rel="prev"`);
  if (page < maxPages) links.push(`<${pageUrl(base, req, page + 1)}>; rel="next"`);
  if (links.length) headers.Link = links.join(", ");
  return ok(body, headers);
}

function pageUrl(base: string, req: RestRequest, page: number): string {
  return pageLink(base, req.query, page);
}
