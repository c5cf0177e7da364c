// The parts of the REST API that describe the site rather than its content: the /wp-json/ index
// with its namespaces and routes, namespace indexes, post types, taxonomies and the one public
// author. Clients use them for discovery and `_links.about`; the demo keeps them small but real.
import type { PostRestBase } from "../model";
import { POST_TYPE_BY_BASE } from "../model";
import { errors } from "./errors";
import type { ParamSchema } from "./params";
import { prepareUser, restUrl, type Site } from "./shapes";
import { ok, type RestRequest, type RestResult } from "./types";

export interface RouteInfo {
  route: string;
  namespace: string;
  methods: string[];
  args: ParamSchema;
}

const TYPE_NAMES: Record<PostRestBase, string> = {
  posts: "Posts",
  pages: "Pages",
  media: "Media",
  products: "Products",
  collections: "Collections",
  exclusives: "Exclusives",
  designers: "Designers",
  projects: "Projects",
  imagemap_products: "Imagemaps",
};

const TAXONOMY_NAMES = { product_categories: "Product categories", product_colors: "Product colours" } as const;

function describeArgs(schema: ParamSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const type =
      spec.type === "integer[]" || spec.type === "string[]" || spec.type === "statuses"
        ? "array"
        : spec.type === "date-time"
          ? "string"
          : spec.type === "terms"
            ? ["object", "array"]
            : spec.type;
    const arg: Record<string, unknown> = { type, required: false };
    if ("default" in spec && spec.default !== undefined) arg.default = spec.default;
    if ("enum" in spec && spec.enum) arg.enum = spec.enum;
    if (spec.type === "date-time") arg.format = "date-time";
    if (spec.type === "integer" && spec.minimum !== undefined) arg.minimum = spec.minimum;
    if (spec.type === "integer" && spec.maximum !== undefined) arg.maximum = spec.maximum;
    out[name] = arg;
  }
  return out;
}

function routesOf(site: Site, routes: RouteInfo[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of routes) {
    out[r.route] = {
      namespace: r.namespace,
      methods: r.methods,
      endpoints: [{ methods: r.methods, args: describeArgs(r.args) }],
      ...(r.route.includes("(?P<") ? {} : { _links: { self: [{ href: restUrl(site, r.route) }] } }),
    };
  }
  return out;
}

export function index(req: RestRequest, routes: RouteInfo[]): RestResult {
  const { site } = req;
  return ok({
    name: "FC",
    description: "Contemporary porcelain objects",
    url: site.publicUrl,
    home: site.publicUrl,
    gmt_offset: "1",
    timezone_string: "Europe/Rome",
    page_for_posts: 0,
    page_on_front: site.catalogue.frontPageId("en"),
    show_on_front: "page",
    namespaces: ["wuxt", "wp/v2"],
    authentication: {
      "application-passwords": { endpoints: { authorization: `${site.publicUrl}/wp-admin/authorize-application.php` } },
    },
    routes: routesOf(site, routes),
    // The fc-headless plugin's addition: the languages WordPress serves.
    fc_headless: { languages: ["en", "it"], default_language: "en" },
    site_logo: 0,
    site_icon: 0,
    site_icon_url: "",
    _links: { help: [{ href: "https://developer.wordpress.org/rest-api/" }] },
  });
}

export function namespaceIndex(req: RestRequest, namespace: string, routes: RouteInfo[]): RestResult {
  return ok({
    namespace,
    routes: routesOf(
      req.site,
      routes.filter((r) => r.namespace === namespace),
    ),
    _links: { up: [{ href: restUrl(req.site, "") }] },
  });
}

function typeInfo(site: Site, base: PostRestBase): Record<string, unknown> {
  const slug = POST_TYPE_BY_BASE[base];
  return {
    description: "",
    hierarchical: base === "pages",
    has_archive: base !== "pages" && base !== "media",
    name: TYPE_NAMES[base],
    slug,
    icon: null,
    taxonomies: base === "products" ? ["product_categories", "product_colors"] : [],
    rest_base: base,
    rest_namespace: "wp/v2",
    _links: {
      collection: [{ href: restUrl(site, "wp/v2/types") }],
      "wp:items": [{ href: restUrl(site, `wp/v2/${base}`) }],
      curies: [{ name: "wp", href: "https://api.w.org/{rel}", templated: true }],
    },
  };
}

export function types(req: RestRequest, bases: readonly PostRestBase[], slug?: string): RestResult {
  if (slug === undefined) {
    return ok(Object.fromEntries(bases.map((b) => [POST_TYPE_BY_BASE[b], typeInfo(req.site, b)])));
  }
  const base = bases.find((b) => POST_TYPE_BY_BASE[b] === slug);
  if (!base) throw errors.invalidType();
  return ok(typeInfo(req.site, base));
}

function taxonomyInfo(site: Site, taxonomy: keyof typeof TAXONOMY_NAMES): Record<string, unknown> {
  return {
    name: TAXONOMY_NAMES[taxonomy],
    slug: taxonomy,
    description: "",
    types: ["products"],
    hierarchical: true,
    rest_base: taxonomy,
    rest_namespace: "wp/v2",
    _links: {
      collection: [{ href: restUrl(site, "wp/v2/taxonomies") }],
      "wp:items": [{ href: restUrl(site, `wp/v2/${taxonomy}`) }],
      curies: [{ name: "wp", href: "https://api.w.org/{rel}", templated: true }],
    },
  };
}

export function taxonomies(req: RestRequest, slug?: string): RestResult {
  const all = ["product_categories", "product_colors"] as const;
  if (slug === undefined) {
    const type = req.query.type;
    const listed = typeof type === "string" && type !== "products" ? [] : all;
    return ok(Object.fromEntries(listed.map((t) => [t, taxonomyInfo(req.site, t)])));
  }
  const found = all.find((t) => t === slug);
  if (!found) throw errors.invalidTaxonomy();
  return ok(taxonomyInfo(req.site, found));
}

export function users(req: RestRequest, id?: number): RestResult {
  const { site } = req;
  if (id === undefined) {
    const list = site.catalogue.users.map((u) => prepareUser(site, u));
    return ok(list, { "X-WP-Total": String(list.length), "X-WP-TotalPages": "1" });
  }
  const user = site.catalogue.users.find((u) => u.id === id);
  if (!user) throw errors.invalidUser();
  return ok(prepareUser(site, user));
}
