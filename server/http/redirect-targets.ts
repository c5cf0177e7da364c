// Whether the page a redirect would send a visitor to exists: a redirect to a 404 is never made
// (/categories/NOPE is a 404 where it is asked, not a 301 to /categories/nope and then a 404).
// Only a page with keys (a slug or an id of some content) can be missing; path words alone always
// name a page. The check asks the ContentService what the page's own loader asks, in the same
// order (the item, then an old slug, then a translation: app/routes/category.tsx, edition.tsx,
// product.tsx), through the same cached reads, so it costs WordPress nothing the page would not.
// When existence cannot be known (WordPress unreachable, a breaker open), the answer is "exists":
// the redirect is made as it always was, and an outage never becomes an error here.
import type { ContentService } from "../../common/content";
import { LANGS, type Lang, type RouteKey, type RouteMatch } from "../../common/route-table";

/** Whether the page at a route match's canonical URL exists. Never rejects. */
export type PageExists = (match: RouteMatch) => Promise<boolean>;

/** The largest WordPress id (a signed 32-bit column): the loaders' bound too. */
const MAX_ID = 2_147_483_647;

export function contentPageExists(content: ContentService): PageExists {
  return async (match) => {
    if (match.keys.length === 0) return true;
    try {
      const found = await Promise.all(match.keys.map(({ key, value }) => keyExists(content, key, value, match.lang)));
      return found.every(Boolean);
    } catch {
      return true;
    }
  };
}

/** `raw`: the segment as requested (percent-encoded, any letter case). */
async function keyExists(content: ContentService, key: RouteKey, raw: string, lang: Lang): Promise<boolean> {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return false;
  }
  if (key.key === "id") {
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) return false;
  } else {
    // WordPress keeps slugs in lowercase: the redirect's target names the lowercase one.
    value = value.toLowerCase();
  }
  switch (key.content) {
    case "products":
      if (await content.getProduct(Number(value), lang)) return true;
      break;
    case "product_categories":
      if (await content.getCategory(value, lang)) return true;
      if (await content.resolveOldSlug(key.content, value, lang)) return true;
      break;
    case "collections":
    case "exclusives":
      if (await content.getEdition(key.content, value, lang)) return true;
      if (await content.resolveOldSlug(key.content, value, lang)) return true;
      break;
    default:
      // No page is keyed by it: nothing to check.
      return true;
  }
  // An item of another language: the page answers 301 to its translation.
  for (const from of LANGS) {
    if (from === lang) continue;
    const translated = await content.translate(key.content, value, from, lang);
    if (translated && translated !== value) return true;
  }
  return false;
}
