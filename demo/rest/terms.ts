// wp/v2/product_categories and wp/v2/product_colors, as WP_REST_Terms_Controller answers: terms
// sorted by name, `post` for the terms of one post, `hide_empty`, Polylang's `lang`; unlike posts,
// a page past the end is an empty list, not an error.
import type { TaxonomyName, TermRecord } from "../model";
import { RestError, authorizationCode, errors } from "./errors";
import { canRead } from "./posts";
import { fold, matches, paginate, parseSearch } from "./matching";
import { readParams, type ParamSchema } from "./params";
import { prepareTerm, restUrl, type Context } from "./shapes";
import { ok, type RestRequest, type RestResult } from "./types";

export const TAXONOMY_BASES: readonly TaxonomyName[] = ["product_categories", "product_colors"];

const COLLECTION: ParamSchema = {
  context: { type: "string", default: "view", enum: ["view", "embed", "edit"] },
  page: { type: "integer", default: 1, minimum: 1 },
  per_page: { type: "integer", default: 10, minimum: 1, maximum: 100 },
  search: { type: "string", text: true },
  exclude: { type: "integer[]", default: [] },
  include: { type: "integer[]", default: [] },
  offset: { type: "integer" },
  order: { type: "string", default: "asc", enum: ["asc", "desc"] },
  orderby: {
    type: "string",
    default: "name",
    enum: ["id", "include", "name", "slug", "include_slugs", "term_group", "description", "count"],
  },
  hide_empty: { type: "boolean", default: false },
  parent: { type: "integer" },
  post: { type: "integer" },
  slug: { type: "string[]", slugs: true },
  lang: { type: "string", enum: ["en", "it"] },
};

const ITEM: ParamSchema = { context: { type: "string", default: "view", enum: ["view", "embed", "edit"] } };

export function listTerms(req: RestRequest, taxonomy: TaxonomyName): RestResult {
  const { site } = req;
  if (req.method !== "GET") throw errors.cannotCreate(site.authenticated);
  const params = readParams(req.query, COLLECTION, site.authenticated);
  if (params.context === "edit") throw errors.forbiddenContext(site.authenticated, "terms");
  const catalogue = site.catalogue;
  let terms = catalogue.termsOf(taxonomy);
  if (params.lang) terms = terms.filter((t) => t.lang === params.lang);
  const include = params.include as number[];
  if (include.length) terms = terms.filter((t) => include.includes(t.id));
  const exclude = params.exclude as number[];
  if (exclude.length) terms = terms.filter((t) => !exclude.includes(t.id));
  const slugs = params.slug as string[] | undefined;
  if (slugs?.length) terms = terms.filter((t) => slugs.includes(t.slug));
  if (typeof params.parent === "number") terms = terms.filter((t) => t.parent === params.parent);
  if (typeof params.post === "number") {
    const post = catalogue.anyPost(params.post);
    if (!post) throw new RestError(400, "rest_post_invalid_id", "Invalid post ID.");
    if (!canRead(site, post)) {
      throw new RestError(
        authorizationCode(site.authenticated),
        "rest_forbidden_context",
        "Sorry, you are not allowed to view terms for this post.",
      );
    }
    const assigned = post.terms[taxonomy] ?? [];
    terms = terms.filter((t) => assigned.includes(t.id));
  }
  if (params.hide_empty) terms = terms.filter((t) => catalogue.termCount(t) > 0);
  if (typeof params.search === "string" && params.search) {
    const search = parseSearch(params.search);
    terms = terms.filter((t) => matches({ title: `${t.name} ${t.slug}`, excerpt: "", content: "" }, search));
  }

  const direction = params.order === "desc" ? -1 : 1;
  const compare: Record<string, (a: TermRecord, b: TermRecord) => number> = {
    id: (a, b) => a.id - b.id,
    name: (a, b) => fold(a.name).localeCompare(fold(b.name)) || a.id - b.id,
    slug: (a, b) => a.slug.localeCompare(b.slug),
    description: (a, b) => a.description.localeCompare(b.description),
    count: (a, b) => catalogue.termCount(a) - catalogue.termCount(b) || a.id - b.id,
    term_group: (a, b) => a.id - b.id,
  };
  if (params.orderby === "include") terms.sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id));
  else if (params.orderby === "include_slugs")
    terms.sort((a, b) => (slugs ?? []).indexOf(a.slug) - (slugs ?? []).indexOf(b.slug));
  else {
    const fn = compare[params.orderby as string] ?? compare.name!;
    terms.sort((a, b) => direction * fn(a, b));
  }

  const page = paginate(terms, {
    page: params.page as number,
    perPage: params.per_page as number,
    offset: params.offset as number | undefined,
    collectionUrl: restUrl(site, `wp/v2/${taxonomy}`),
    query: req.query,
    outOfRange: null,
  });
  const context: Context = params.context === "embed" || req.embedded ? "embed" : "view";
  return ok(
    page.items.map((t) => prepareTerm(site, t, context)),
    page.headers,
  );
}

export function getTerm(req: RestRequest, taxonomy: TaxonomyName, id: number): RestResult {
  const { site } = req;
  const term = site.catalogue.anyTerm(id);
  if (!term || term.taxonomy !== taxonomy) throw errors.invalidTerm();
  if (req.method !== "GET") throw errors.cannotEdit(site.authenticated);
  const params = readParams(req.query, ITEM, site.authenticated);
  if (params.context === "edit") throw errors.forbiddenContext(site.authenticated, "term");
  const context: Context = params.context === "embed" || req.embedded ? "embed" : "view";
  return ok(prepareTerm(site, term, context));
}
