import sanitizeHtml from "sanitize-html";

// Plain text out of WordPress's rendered strings. Titles and excerpts come as HTML
// (`Vase &#8211; White`, `<p>A bowl&hellip;</p>`); the site renders them as text, so React escapes
// them once and no markup from WordPress reaches a title, a meta description or an alt text.

// The named entities WordPress's wptexturize and editors actually produce. Anything else that is
// named is rare in titles; the tag stripper below (htmlparser2 through sanitize-html) knows them all.
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "\u2013",
  mdash: "\u2014",
  hellip: "\u2026",
  lsquo: "\u2018",
  rsquo: "\u2019",
  sbquo: "\u201a",
  ldquo: "\u201c",
  rdquo: "\u201d",
  bdquo: "\u201e",
  laquo: "\u00ab",
  raquo: "\u00bb",
  times: "\u00d7",
  middot: "\u00b7",
  deg: "\u00b0",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  euro: "\u20ac",
  prime: "\u2032",
  Prime: "\u2033",
  bull: "\u2022",
  agrave: "\u00e0",
  egrave: "\u00e8",
  eacute: "\u00e9",
  igrave: "\u00ec",
  ograve: "\u00f2",
  ugrave: "\u00f9",
  Agrave: "\u00c0",
  Egrave: "\u00c8",
  Eacute: "\u00c9",
  Oslash: "\u00d8",
  oslash: "\u00f8",
};

const ENTITY = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;

function codePoint(n: number): string | undefined {
  // Surrogates and out-of-range code points are not characters: leave the entity as written.
  if (!Number.isInteger(n) || n <= 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
  return String.fromCodePoint(n);
}

/** Decode numeric entities and the common named ones; unknown entities stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] === "#") {
      const hex = name[1] === "x" || name[1] === "X";
      return codePoint(parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10)) ?? whole;
    }
    return NAMED[name] ?? whole;
  });
}

// Where a block ends a word ends: `<p>a</p><p>b</p>` reads "a b", not "ab".
const BLOCK_END = /<\/(?:p|li|h[1-6]|div|blockquote|figcaption|td|th)\s*>|<br\s*\/?>/gi;

/**
 * Rendered HTML → one line of plain text: tags removed by a real parser (sanitize-html with no tag
 * allowed, which also drops script and style bodies and comments), entities decoded, whitespace
 * collapsed. Text, not markup: the result must never be inserted as HTML.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  if (!html.includes("<") && !html.includes("&")) return html.replace(/[ \t\n\r\f]+/g, " ").trim();
  // The parser decodes every entity, then escapes & < > " again for HTML output; decodeEntities
  // undoes that last step.
  const stripped = sanitizeHtml(html.replace(BLOCK_END, "$& "), { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(stripped)
    .replace(/[ \t\n\r\f]+/g, " ")
    .trim();
}
