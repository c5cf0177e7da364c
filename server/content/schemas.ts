// The WordPress shapes of docs/content-model.md as zod schemas: what the client's answers are
// checked against before a mapper reads them. Lenient where WordPress is loose (unknown keys are
// dropped, optional fields get defaults, PHP's `[]` for an empty object is accepted, numbers that
// came through as strings are read), strict on what the site needs (ids, slugs, titles, language,
// upload URLs): a shape the site cannot use fails here, with the path, not later in a template.
import { z } from "zod";
import { WordPressError } from "./wordpress-client";

// ——— building blocks ———

/** PHP writes an empty associative array as `[]`, and an unset meta as "" or false. */
function emptyAsObject(value: unknown): unknown {
  if (value === undefined || value === null || value === "" || value === false) return {};
  return Array.isArray(value) && value.length === 0 ? {} : value;
}

function phpObject<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(emptyAsObject, z.object(shape));
}

function toNumber(value: unknown): unknown {
  if (value === undefined || value === null || value === "" || value === false) return 0;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

/** A number that registered meta may deliver as a string, and that is 0 when unset. */
const metaNumber = z.preprocess(toNumber, z.number());
/** An id (0: none). */
const metaId = z.preprocess(toNumber, z.number().int().nonnegative());
const metaString = z.preprocess(
  (v) => (v === undefined || v === null || v === false ? "" : typeof v === "number" ? String(v) : v),
  z.string(),
);
/** A list of ids; meta may deliver "1,2,3", a single id, or nothing. */
const idList = z.preprocess((v) => {
  if (v === undefined || v === null || v === "" || v === false || v === 0) return [];
  if (typeof v === "string")
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof v === "number") return [v];
  return v;
}, z.array(metaId));

const id = z.number().int().positive();
const lang = z.enum(["en", "it"]);

/** Polylang's `{"en": 12, "it": 34}`; `[]` when an item has no translation group; 0 or missing ids dropped. */
const translations = z.preprocess(emptyAsObject, z.record(z.string(), z.unknown())).transform((record) => {
  const out: { en?: number; it?: number } = {};
  for (const key of ["en", "it"] as const) {
    const n = toNumber(record[key]);
    if (typeof n === "number" && Number.isInteger(n) && n > 0) out[key] = n;
  }
  return out;
});

const rendered = z.object({ rendered: z.string() });
const renderedOptional = z.preprocess(emptyAsObject, z.object({ rendered: z.string().default("") }));

/** A WordPress error object, as found in `_embedded` for an item the reader may not see. */
export const wpErrorObject = z.object({ code: z.string(), message: z.string().default("") });

// ——— media ———

export const wpMediaSize = z.object({
  source_url: z.string().min(1),
  width: metaNumber,
  height: metaNumber,
  mime_type: z.string().optional(),
});

/** `{x, y}` as fractions of the width and height (numbers or numeric strings), else undefined. */
function focalPoint(value: unknown): { x: number; y: number } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { x, y } = value as { x?: unknown; y?: unknown };
  const fraction = (v: unknown) => {
    const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
    return typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
  };
  const fx = fraction(x);
  const fy = fraction(y);
  return fx === undefined || fy === undefined ? undefined : { x: fx, y: fy };
}

export const wpMedia = z.object({
  id,
  slug: z.string().default(""),
  title: renderedOptional,
  caption: renderedOptional,
  alt_text: metaString,
  media_type: z.string().default("image"),
  mime_type: z.string().default(""),
  source_url: z.string().min(1),
  media_details: phpObject({
    width: metaNumber,
    height: metaNumber,
    sizes: z.preprocess(emptyAsObject, z.record(z.string(), wpMediaSize)),
    /** Where the subject is (docs/content-model.md); anything but two fractions 0–1 is ignored. */
    focal_point: z.unknown().optional().transform(focalPoint),
  }),
  lang: lang.optional(),
  translations: translations.optional(),
});
export type WpMedia = z.output<typeof wpMedia>;

// ——— terms ———

/** A term as `_embed` gives it (`wp:term`): the embed context has no description or meta. */
export const wpEmbeddedTerm = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  taxonomy: z.string(),
  meta: phpObject({ hex: metaString }).optional(),
});
export type WpEmbeddedTerm = z.output<typeof wpEmbeddedTerm>;

const termBase = {
  id,
  count: metaNumber,
  description: metaString,
  link: z.string().default(""),
  name: z.string(),
  slug: z.string().min(1),
  taxonomy: z.string().default(""),
  parent: metaId,
  lang,
  translations,
};

export const wpCategory = z.object({ ...termBase, meta: phpObject({ image: metaId }) });
export type WpCategory = z.output<typeof wpCategory>;

export const wpColour = z.object({ ...termBase, meta: phpObject({ hex: metaString }) });
export type WpColour = z.output<typeof wpColour>;

// ——— posts ———

const embedded = z
  .object({
    "wp:featuredmedia": z.array(z.union([wpMedia, wpErrorObject])).optional(),
    "wp:term": z.array(z.array(z.union([wpEmbeddedTerm, wpErrorObject]))).optional(),
  })
  .optional();

const postBase = {
  id,
  date: z.string().default(""),
  modified: z.string().default(""),
  modified_gmt: z.string().optional(),
  slug: z.string().min(1),
  status: z.string().default("publish"),
  type: z.string().default(""),
  link: z.string().default(""),
  title: rendered,
  content: renderedOptional,
  excerpt: renderedOptional,
  featured_media: metaId,
  menu_order: metaNumber,
  lang,
  translations,
  _embedded: embedded,
};

export const wpProduct = z.object({
  ...postBase,
  meta: phpObject({
    code: metaString,
    dimensions: metaString,
    materials: metaString,
    designer: metaId,
    collection: metaId,
    exclusive: metaId,
    gallery: idList,
    related: idList,
    year: metaNumber,
  }),
  product_categories: idList,
  product_colors: idList,
});
export type WpProduct = z.output<typeof wpProduct>;

/** A collection or an exclusive: the union of both metas, the missing half empty. */
export const wpEdition = z.object({
  ...postBase,
  meta: phpObject({ subtitle: metaString, partner: metaString, designer: metaId, year: metaNumber }),
});
export type WpEdition = z.output<typeof wpEdition>;

export const wpDesigner = z.object({
  ...postBase,
  meta: phpObject({ role: metaString, city: metaString }),
});
export type WpDesigner = z.output<typeof wpDesigner>;

export const wpProject = z.object({
  ...postBase,
  meta: phpObject({ location: metaString, year: metaNumber, imagemap: metaId, products: idList }),
});
export type WpProject = z.output<typeof wpProject>;

const percent = z.preprocess(toNumber, z.number().min(0).max(100));

export const wpImagemap = z.object({
  ...postBase,
  meta: phpObject({
    image: metaId,
    hotspots: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? [] : v),
      z.array(z.object({ product: metaId, x: percent, y: percent })),
    ),
  }),
});
export type WpImagemap = z.output<typeof wpImagemap>;

export const wpCompany = z.preprocess(
  (v) => (v === undefined || v === null || v === "" || v === false || (Array.isArray(v) && v.length === 0) ? null : v),
  z
    .object({
      name: z.string().min(1),
      legal_name: metaString,
      address: metaString,
      city: metaString,
      country: metaString,
      vat: metaString,
      email: metaString,
      phone: metaString,
      social: z.preprocess(
        (v) => (v === undefined || v === null || v === "" ? [] : v),
        z.array(z.object({ network: z.string(), url: z.string() })),
      ),
    })
    .nullable(),
);
export type WpCompany = NonNullable<z.output<typeof wpCompany>>;

export const wpPage = z.object({
  ...postBase,
  parent: metaId.optional(),
  meta: phpObject({
    // The front page's fields (docs/content-model.md); empty on other pages.
    hero_media: metaId,
    tagline: metaString,
    featured_collections: idList,
    featured_exclusives: idList,
    imagemap: metaId,
    company: wpCompany,
  }),
});
export type WpPage = z.output<typeof wpPage>;

/** A product's slug and which collection / exclusive it belongs to (`_fields=id,lang,slug,meta`). */
export const wpProductMembership = z.object({
  id,
  slug: z.string().default(""),
  lang: lang.optional(),
  meta: phpObject({ collection: metaId, exclusive: metaId }),
});
export type WpProductMembership = z.output<typeof wpProductMembership>;

// ——— wuxt menu ———

/**
 * Stock wuxt answers the menu as a tree of nav_menu_item posts keyed by item id (a JSON object,
 * whose numeric keys lose the menu order) with `children` the same way, `[]` when empty, and null
 * for a menu without items. Lists are accepted as well; the mapper sorts by `menu_order`.
 */
export interface WpMenuItem {
  ID: number;
  title: string;
  url: string;
  menu_order: number;
  object: string;
  object_id: number;
  type: string;
  target: string;
  children: WpMenuItem[];
}

function treeToList(value: unknown): unknown {
  if (value === undefined || value === null || value === "" || value === false) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === "object") return Object.values(value);
  return value;
}

export const wpMenuItem: z.ZodType<WpMenuItem> = z.lazy(() =>
  z.object({
    ID: id,
    title: metaString,
    url: metaString,
    menu_order: metaNumber,
    object: metaString,
    object_id: metaId,
    type: metaString,
    target: metaString,
    children: wpMenu,
  }),
);

export const wpMenu: z.ZodType<WpMenuItem[]> = z.lazy(() => z.preprocess(treeToList, z.array(wpMenuItem)));

// ——— search ———

export const wpSearchResult = z.object({
  id: z.preprocess(toNumber, id),
  title: z.string().default(""),
  url: z.string().default(""),
  type: z.string().default(""),
  subtype: z.string().default(""),
});
export type WpSearchResult = z.output<typeof wpSearchResult>;

// ——— parsing ———

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out || "(root)";
}

/**
 * Check an answer against its schema. A mismatch is a WordPressError `invalid_shape` whose message
 * names the first offending path (`[3].meta.gallery[0]`) and whose body lists the first few.
 */
export function parseWp<S extends z.ZodType>(schema: S, data: unknown, endpoint: string, status = 200): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  const first = issues[0] ?? { path: "(root)", message: "invalid" };
  throw new WordPressError({
    code: "invalid_shape",
    status,
    endpoint,
    message: `WordPress ${endpoint} answered an unexpected shape at ${first.path}: ${first.message}`,
    body: { path: first.path, issues },
  });
}
