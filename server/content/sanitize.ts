// WordPress HTML made safe and local before it reaches a page. Editors' content is rendered with
// dangerouslySetInnerHTML, so everything not on the allow-list goes: scripts, event handlers,
// inline styles, iframes, classes, `javascript:` and `data:` URLs. What stays is prose: headings
// h2–h4 (the page owns h1), paragraphs, lists, links, emphasis, quotes, figures and images.
// Images load lazily and decode off the main thread; their URLs move from the WordPress host to
// the media URL; links to the WordPress host become site routes (the mapping is in site-urls.ts and permalinks.ts);
// links that leave the site get rel="noopener".
import sanitizeHtml from "sanitize-html";
import type { ProductLookup, SiteUrls } from "./site-urls";

export interface SanitizeOptions {
  urls: SiteUrls;
  /** Resolves product permalinks (slugs) to site routes (ids); without it they go to the list. */
  productLookup?: ProductLookup;
}

const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "a",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "blockquote",
  "figure",
  "figcaption",
  "img",
  "br",
  "hr",
];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions["allowedAttributes"] = {
  a: ["href", "title", "rel", "target"],
  img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
};

/** `url 300w, url 1024w` with each URL rewritten. */
function rewriteSrcset(srcset: string, urls: SiteUrls): string {
  return srcset
    .split(",")
    .map((candidate) => {
      const [url, ...descriptor] = candidate.trim().split(/\s+/);
      return url ? [urls.media(url), ...descriptor].join(" ") : "";
    })
    .filter(Boolean)
    .join(", ");
}

export function sanitizeContent(html: string | null | undefined, options: SanitizeOptions): string {
  if (!html) return "";
  const { urls, productLookup } = options;
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "srcset"],
    allowProtocolRelative: false,
    // A tag that is not allowed goes, its text stays (a <div> or <span> wrapper of a block).
    disallowedTagsMode: "discard",
    // These lose their content as well: nothing in them is prose.
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "svg", "template"],
    transformTags: {
      // The page's own title is the h1; deeper levels fold into the ones the design has.
      h1: "h2",
      h5: "h4",
      h6: "h4",
      img(tagName, attribs) {
        const next: sanitizeHtml.Attributes = { ...attribs, loading: "lazy", decoding: "async" };
        if (attribs.src) next.src = urls.media(attribs.src);
        if (attribs.srcset) next.srcset = rewriteSrcset(attribs.srcset, urls);
        if (next.alt === undefined) next.alt = "";
        return { tagName, attribs: next };
      },
      a(tagName, attribs) {
        if (attribs.href === undefined) return { tagName, attribs };
        const { href, external } = urls.link(attribs.href, productLookup);
        const next: sanitizeHtml.Attributes = { ...attribs, href };
        if (external) {
          // Keep the editor's rel words (nofollow, sponsored) and make sure the opened page cannot
          // reach back into ours.
          const rel = new Set((attribs.rel ?? "").split(/\s+/).filter(Boolean));
          rel.add("noopener");
          next.rel = [...rel].join(" ");
        }
        return { tagName, attribs: next };
      },
    },
  });
}
