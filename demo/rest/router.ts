// Dispatch as WP_REST_Server does it: match the route (trailing slash ignored, case-insensitive),
// check the method, run the handler, then envelope the result: `_embed` follows embeddable links
// with internal requests in the `embed` context, and `_fields` trims what is returned.
import type { PostRestBase, TaxonomyName } from "../model";
import { RestError, errors } from "./errors";
import { parseQuery, type Query } from "./php";
import { POST_BASES, collectionSchema, getPost, listPosts } from "./posts";
import { TAXONOMY_BASES, getTerm, listTerms } from "./terms";
import { search } from "./search";
import { bySlug, frontPage, menu } from "./wuxt";
import { index, namespaceIndex, taxonomies, types, users, type RouteInfo } from "./discovery";
import type { RestRequest, RestResult } from "./types";

interface Route {
  pattern: RegExp;
  info: RouteInfo;
  handle: (req: RestRequest, match: RegExpMatchArray) => RestResult;
}

const PAGE_ARGS = { context: { type: "string", default: "view", enum: ["view", "embed", "edit"] } } as const;

function route(
  pattern: string,
  namespace: string,
  methods: string[],
  handle: Route["handle"],
  args: RouteInfo["args"] = {},
): Route {
  const display = pattern.replace(/\(\?<(\w+)>/g, "(?P<$1>");
  return { pattern: new RegExp(`^${pattern}$`, "i"), info: { route: display, namespace, methods, args }, handle };
}

const ROUTES: Route[] = [
  route("/", "", ["GET"], (req) =>
    index(
      req,
      ROUTES.map((r) => r.info),
    ),
  ),
  route("/wp/v2", "wp/v2", ["GET"], (req) =>
    namespaceIndex(
      req,
      "wp/v2",
      ROUTES.map((r) => r.info),
    ),
  ),
  route("/wuxt", "wuxt", ["GET"], (req) =>
    namespaceIndex(
      req,
      "wuxt",
      ROUTES.map((r) => r.info),
    ),
  ),
  ...POST_BASES.flatMap((base: PostRestBase) => [
    route(`/wp/v2/${base}`, "wp/v2", ["GET", "POST"], (req) => listPosts(req, base), collectionSchema(base)),
    route(
      `/wp/v2/${base}/(?<id>[\\d]+)`,
      "wp/v2",
      ["GET", "POST", "PUT", "PATCH", "DELETE"],
      (req, m) => getPost(req, base, Number(m.groups?.id)),
      PAGE_ARGS,
    ),
  ]),
  ...TAXONOMY_BASES.flatMap((taxonomy: TaxonomyName) => [
    route(`/wp/v2/${taxonomy}`, "wp/v2", ["GET", "POST"], (req) => listTerms(req, taxonomy)),
    route(
      `/wp/v2/${taxonomy}/(?<id>[\\d]+)`,
      "wp/v2",
      ["GET", "POST", "PUT", "PATCH", "DELETE"],
      (req, m) => getTerm(req, taxonomy, Number(m.groups?.id)),
      PAGE_ARGS,
    ),
  ]),
  route("/wp/v2/search", "wp/v2", ["GET"], (req) => search(req)),
  route("/wp/v2/types", "wp/v2", ["GET"], (req) => types(req, POST_BASES)),
  route("/wp/v2/types/(?<type>[\\w-]+)", "wp/v2", ["GET"], (req, m) => types(req, POST_BASES, m.groups?.type)),
  route("/wp/v2/taxonomies", "wp/v2", ["GET"], (req) => taxonomies(req)),
  route("/wp/v2/taxonomies/(?<taxonomy>[\\w-]+)", "wp/v2", ["GET"], (req, m) => taxonomies(req, m.groups?.taxonomy)),
  route("/wp/v2/users", "wp/v2", ["GET"], (req) => users(req)),
  route("/wp/v2/users/(?<id>[\\d]+)", "wp/v2", ["GET"], (req, m) => users(req, Number(m.groups?.id))),
  route("/wuxt/v1/front-page", "wuxt", ["GET"], (req) => frontPage(req, serve)),
  route("/wuxt/v1/menu", "wuxt", ["GET"], (req) => menu(req)),
  route("/wuxt/v1/slug/(?<slug>\\S+)", "wuxt", ["GET"], (req, m) =>
    bySlug(req, decodeURIComponent(m.groups?.slug ?? ""), serve),
  ),
];

/** Runs the handler for a request, without envelope: errors come back as results. */
export function handle(req: RestRequest): RestResult {
  const path = req.route.length > 1 ? req.route.replace(/\/+$/, "") || "/" : "/";
  try {
    for (const r of ROUTES) {
      const match = path.match(r.pattern);
      if (!match) continue;
      const method = req.method === "HEAD" ? "GET" : req.method;
      if (method === "OPTIONS") {
        return {
          status: 200,
          body: {
            namespace: r.info.namespace,
            methods: r.info.methods,
            endpoints: [{ methods: r.info.methods, args: {} }],
          },
          headers: { Allow: r.info.methods.join(", ") },
        };
      }
      if (!r.info.methods.includes(method)) throw errors.noRoute();
      const result = r.handle({ ...req, method, route: path }, match);
      // Methods the visitor may not use are not advertised (rest_send_allow_header).
      return { ...result, headers: { Allow: "GET", ...result.headers } };
    }
    throw errors.noRoute();
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, body: error.body, headers: {} };
    throw error;
  }
}

/** `_embed`: true for every embeddable link, or the list of relations asked for. */
function embedParam(query: Query): true | string[] | false {
  const value = query._embed;
  if (value === undefined) return false;
  if (typeof value !== "string") return true;
  // PHP: "", "0", "1" and "true" all mean "everything" (rest_parse_embed_param).
  if (!value || value === "true" || value === "1" || value === "0") return true;
  const rels = value.split(/[\s,]+/).filter(Boolean);
  return rels.length ? rels : true;
}

function fieldsParam(query: Query): string[] | null {
  const value = query._fields;
  if (value === undefined) return null;
  const list =
    typeof value === "string"
      ? value.split(",")
      : Array.isArray(value)
        ? value.filter((v): v is string => typeof v === "string")
        : [];
  const fields = list.map((f) => f.trim()).filter(Boolean);
  return fields.length ? fields : null;
}

function routeOfHref(href: string): { route: string; query: Query } | null {
  const at = href.indexOf("/wp-json/");
  if (at === -1) return null;
  const rest = href.slice(at + "/wp-json".length);
  const q = rest.indexOf("?");
  return q === -1 ? { route: rest, query: {} } : { route: rest.slice(0, q), query: parseQuery(rest.slice(q + 1)) };
}

function embedLinks(req: RestRequest, item: unknown, rels: true | string[], cache: Map<string, unknown>): unknown {
  if (!item || typeof item !== "object" || Array.isArray(item)) return item;
  const data = item as Record<string, unknown>;
  const links = data._links as Record<string, { href: string; embeddable?: boolean }[]> | undefined;
  if (!links) return item;
  const embedded: Record<string, unknown[]> = {};
  for (const [rel, list] of Object.entries(links)) {
    if (rel === "curies") continue;
    if (rels !== true && !rels.includes(rel)) continue;
    const embeds: unknown[] = list.map((link) => {
      if (!link.embeddable) return [];
      const cached = cache.get(link.href);
      if (cached !== undefined) return cached;
      const target = routeOfHref(link.href);
      if (!target) return [];
      const query = target.query.context === undefined ? { ...target.query, context: "embed" } : target.query;
      const result = handle({ ...req, method: "GET", route: target.route, query, embedded: true });
      cache.set(link.href, result.body);
      return result.body;
    });
    if (embeds.some((e) => !(Array.isArray(e) && e.length === 0))) embedded[rel] = embeds;
  }
  return Object.keys(embedded).length ? { ...data, _embedded: embedded } : item;
}

/** rest_filter_response_fields: keeps the requested fields, nested ones with dots ("meta.code"). */
function filterFields(item: unknown, fields: string[]): unknown {
  if (!item || typeof item !== "object" || Array.isArray(item)) return item;
  const tree: Record<string, unknown> = {};
  for (const field of fields) {
    let node = tree;
    const parts = field.split(".");
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = true;
      else node = (node[part] = typeof node[part] === "object" ? node[part] : {}) as Record<string, unknown>;
    });
  }
  const pick = (source: Record<string, unknown>, spec: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(source)) {
      const want = spec[key];
      if (want === true) out[key] = value;
      else if (want && typeof want === "object" && value && typeof value === "object" && !Array.isArray(value)) {
        out[key] = pick(value as Record<string, unknown>, want as Record<string, unknown>);
      }
    }
    return out;
  };
  if (fields.includes("_embedded") && !fields.includes("_links")) tree._links = true;
  return pick(item as Record<string, unknown>, tree);
}

/** A full REST response: handler, then `_embed` and `_fields`, as the HTTP layer returns it. */
export function serve(req: RestRequest): RestResult {
  const result = handle(req);
  if (result.status >= 400) return result;
  const fields = fieldsParam(req.query);
  let rels = embedParam(req.query);
  if (fields && !fields.includes("_embedded")) rels = false;
  let body = result.body;
  if (rels) {
    const cache = new Map<string, unknown>();
    const wanted = rels;
    body = Array.isArray(body)
      ? body.map((item) => embedLinks(req, item, wanted, cache))
      : embedLinks(req, body, wanted, cache);
  }
  if (fields) {
    const trim = (item: unknown) => {
      const out = filterFields(item, fields) as Record<string, unknown>;
      if (out && !fields.includes("_links") && !fields.includes("_embedded")) delete out._links;
      return out;
    };
    body = Array.isArray(body) ? body.map(trim) : body instanceof Map ? body : trim(body);
  }
  return { ...result, body };
}
