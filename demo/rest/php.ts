// The PHP behaviours that leak into WordPress's REST responses, reproduced so that clients meet
// the same bytes as from a real WordPress: query strings parsed like $_GET (`a[]=1&a[]=2`),
// paging links built like add_query_arg(), JSON encoded like wp_json_encode() (escaped slashes
// and \u escapes), and titles texturized like wptexturize() (curly apostrophes as &#8217;).

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type Query = Record<string, QueryValue>;

function decode(part: string): string {
  const plus = part.replace(/\+/g, " ");
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
}

/** PHP's parse_str: `a[]=1&a[]=2` makes a list, `a[b]=c` a map, the last plain `a=` wins. */
export function parseQuery(search: string): Query {
  const out: Query = {};
  const raw = search.startsWith("?") ? search.slice(1) : search;
  if (!raw) return out;
  for (const pair of raw.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? "" : decode(pair.slice(eq + 1));
    const bracket = rawKey.indexOf("[");
    const close = bracket === -1 ? -1 : rawKey.indexOf("]", bracket);
    if (bracket <= 0 || close === -1) {
      // PHP turns spaces and dots in names into underscores.
      out[rawKey.replace(/[ .]/g, "_")] = value;
      continue;
    }
    const base = rawKey.slice(0, bracket).replace(/[ .]/g, "_");
    const path: string[] = [];
    const re = /\[([^\]]*)\]/g;
    re.lastIndex = bracket;
    for (let m = re.exec(rawKey); m; m = re.exec(rawKey)) path.push(m[1] ?? "");
    assign(out, [base, ...path], value);
  }
  return out;
}

function assign(target: Query | QueryValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const container = target as Record<string, QueryValue>;
  let key: string = head;
  if (Array.isArray(target) && head === "") key = String(target.length);
  else if (head === "") key = String(Object.keys(container).filter((k) => /^\d+$/.test(k)).length);
  if (rest.length === 0) {
    if (Array.isArray(target)) target[Number(key)] = value;
    else container[key] = value;
    return;
  }
  let next = Array.isArray(target) ? target[Number(key)] : container[key];
  if (typeof next !== "object" || next === null) {
    next = rest[0] === "" || /^\d+$/.test(rest[0] ?? "") ? [] : {};
    if (Array.isArray(target)) target[Number(key)] = next;
    else container[key] = next;
  }
  assign(next, rest, value);
}

/** PHP's urlencode: only letters, digits and -_. stay; spaces become +. */
export function urlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** _http_build_query as add_query_arg() calls it: values encoded, nested keys as %5B…%5D. */
function buildQuery(query: Query): string {
  const parts: string[] = [];
  const walk = (value: QueryValue, key: string) => {
    if (typeof value === "string") {
      parts.push(`${key}=${urlencode(value)}`);
      return;
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries) walk(v, `${key}%5B${k}%5D`);
  };
  for (const [key, value] of Object.entries(query)) walk(value, key);
  // add_query_arg() drops the "=" of empty values: `_embed=` becomes `_embed`.
  return parts.join("&").replace(/=(&|$)/g, "$1");
}

/** The collection URL with the request's own query and another page, as WordPress links pages. */
export function pageLink(collectionUrl: string, query: Query, page: number): string {
  const next: Query = {};
  let placed = false;
  for (const [key, value] of Object.entries(query)) {
    if (key === "page") {
      next.page = String(page);
      placed = true;
    } else {
      next[key] = value;
    }
  }
  if (!placed) next.page = String(page);
  const qs = buildQuery(next);
  return qs ? `${collectionUrl}?${qs}` : collectionUrl;
}

/**
 * wp_json_encode: "/" escaped as "\/" and non-ASCII as \uXXXX. A JS Map stands for a PHP array
 * with non-sequential integer keys (wuxt's menu): it keeps its insertion order, where a plain
 * object would sort integer keys.
 */
export function phpJson(value: unknown): string {
  return JSON.stringify(value, keepMapOrder)
    .replace(/"\\u0000/g, '"')
    .replace(/\//g, "\\/")
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Maps become objects whose keys carry a NUL prefix, so integer keys are not reordered; phpJson strips it. */
function keepMapOrder(_key: string, value: unknown): unknown {
  if (!(value instanceof Map)) return value;
  if (value.size === 0) return [];
  const out: Record<string, unknown> = {};
  for (const [k, v] of value) out[`\u0000${String(k)}`] = v;
  return out;
}

/**
 * A small wptexturize: curly quotes and apostrophes, dashes and ellipses in text, never inside
 * tags. Enough for FC's copy, where Italian elisions (d'Inverno, l'alba) are everywhere.
 */
export function texturize(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith("<") ? part : texturizeText(part)))
    .join("");
}

function texturizeText(text: string): string {
  return text
    .replace(/\.\.\./g, "&#8230;")
    .replace(/ -- /g, " &#8212; ")
    .replace(/ - /g, " &#8211; ")
    .replace(/(^|[\s([])"(?=\S)/g, "$1&#8220;")
    .replace(/"/g, "&#8221;")
    .replace(/(\w)'(?=\w)/g, "$1&#8217;")
    .replace(/(^|[\s([])'(?=\S)/g, "$1&#8216;")
    .replace(/'/g, "&#8217;");
}

/** The rendered form of a post's excerpt: a paragraph, or WordPress's automatic 55-word excerpt. */
export function renderExcerpt(excerpt: string, content: string): string {
  if (excerpt.trim()) return `<p>${texturize(escapeText(excerpt))}</p>\n`;
  const words = content
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return "";
  const more = words.length > 55 ? " [&hellip;]" : "";
  return `<p>${texturize(words.slice(0, 55).join(" "))}${more}</p>\n`;
}

export function escapeText(text: string): string {
  return text
    .replace(/&(?![#a-zA-Z0-9]+;)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}
