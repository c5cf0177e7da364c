// One spelling per search: the query a visitor types is trimmed, its runs of white space become one
// space, and it is cut at SEARCH_MAX_LENGTH characters. The page-cache key, the CDN's copy and the
// WordPress question all use this form, so "  vase ", "vase" and "vase\t" are one cached page and
// one WordPress search, and nobody can make WordPress search a megabyte of text.

/** The longest search kept, in characters (a longer one is cut, never refused). */
export const SEARCH_MAX_LENGTH = 100;

/** The normal form of a search; "" when nothing is left. */
export function normaliseSearch(value: string): string {
  const collapsed = value.replace(/\s+/gu, " ").trim();
  const chars = Array.from(collapsed); // code points: a cut never splits a character in two
  return chars.length <= SEARCH_MAX_LENGTH ? collapsed : chars.slice(0, SEARCH_MAX_LENGTH).join("").trimEnd();
}
