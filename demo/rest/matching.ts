// How WordPress finds and orders content in a list: WP_Query's search (every word must appear in
// the title, excerpt or content; accents and case ignored, as MySQL's collation does), its
// relevance order, and the paging headers and links every collection answers with.
import { errors } from "./errors";
import { pageLink, type Query } from "./php";

const STOPWORDS = new Set(
  "about an are as at be by com for from how in is it of on or that the this to was what when where who will with www".split(
    " ",
  ),
);

export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

export interface SearchTerms {
  phrase: string;
  include: string[];
  exclude: string[];
}

/** WP_Query::parse_search: quoted phrases stay together, a leading "-" excludes, stopwords drop. */
export function parseSearch(search: string): SearchTerms {
  const found = search.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? [];
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of found) {
    let term = raw.replace(/^"|"$/g, "").trim();
    if (!term) continue;
    const negative = term.startsWith("-") && term.length > 1;
    if (negative) term = term.slice(1);
    const folded = fold(term);
    if (found.length > 1 && STOPWORDS.has(folded) && !negative) continue;
    (negative ? exclude : include).push(folded);
  }
  return { phrase: fold(search.trim()), include, exclude };
}

export interface Searchable {
  title: string;
  excerpt: string;
  content: string;
}

export function matches(item: Searchable, terms: SearchTerms): boolean {
  const haystacks = [fold(item.title), fold(item.excerpt), fold(item.content)];
  return (
    terms.include.every((t) => haystacks.some((h) => h.includes(t))) &&
    terms.exclude.every((t) => haystacks.every((h) => !h.includes(t)))
  );
}

/** WP_Query's relevance: the phrase in the title first, then all words in the title, and so on. */
export function relevance(item: Searchable, terms: SearchTerms): number {
  const title = fold(item.title);
  if (terms.phrase && title.includes(terms.phrase)) return 1;
  if (terms.include.length > 1 && terms.include.every((t) => title.includes(t))) return 2;
  if (terms.include.some((t) => title.includes(t))) return 3;
  if (terms.phrase && fold(item.excerpt).includes(terms.phrase)) return 4;
  if (terms.phrase && fold(item.content).includes(terms.phrase)) return 5;
  return 6;
}

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

/**
 * Cuts a page out of a filtered, sorted list and adds X-WP-Total, X-WP-TotalPages and Link as
 * WordPress does: prev before next, each the collection URL with the request's own query.
 */
export function paginate<T>(
  all: T[],
  options: {
    page: number;
    perPage: number;
    offset?: number;
    collectionUrl: string;
    query: Query;
    outOfRange?: string | null;
  },
): Page<T> {
  const total = all.length;
  const maxPages = Math.ceil(total / options.perPage);
  const { page } = options;
  if (options.outOfRange !== null && page > maxPages && total > 0) {
    throw errors.invalidPageNumber(options.outOfRange ?? undefined);
  }
  const start = options.offset ?? (page - 1) * options.perPage;
  const items = all.slice(start, start + options.perPage);
  const links: string[] = [];
  if (page > 1) {
    const prev = page - 1 > maxPages ? maxPages : page - 1;
    links.push(`<${pageLink(options.collectionUrl, options.query, prev)}>; rel="prev"`);
  }
  if (maxPages > page) links.push(`<${pageLink(options.collectionUrl, options.query, page + 1)}>; rel="next"`);
  const headers: Record<string, string> = { "X-WP-Total": String(total), "X-WP-TotalPages": String(maxPages) };
  if (links.length) headers.Link = links.join(", ");
  return { items, headers };
}
