// Scrubbing what browsers report (error messages, pages, stacks) of personal data that slipped in:
// query strings and fragments of URLs and paths, email addresses, long digit runs (card or phone
// numbers). Each pass reads its input once, left to right, so a report costs time in proportion
// to its length whatever it holds: the regular expressions this replaces backtracked over every
// run of slashes or word characters (about 48 ms of CPU for one 6,000-slash stack).

const WORD = /[A-Za-z0-9_]/;
/** Characters that end a path's run (before its query): white space, `?`, `#`, `)`, quotes. */
const PATH_END = /[\s?#)"']/;
/** Characters that end a query or fragment. */
const QUERY_END = /[\s)"':]/;
const isLocal = (c: string) => WORD.test(c) || c === "." || c === "+" || c === "-";
const isLabel = (c: string) => WORD.test(c) || c === "-";

/** Query strings and fragments may carry personal data (emails, tokens): keep only the paths. */
export function scrubUrls(text: string): string {
  let out = "";
  let runHasSlash = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ((c === "?" || c === "#") && runHasSlash) {
      // Drop the query or fragment up to its end; what ends it is kept.
      while (i + 1 < text.length && !QUERY_END.test(text[i + 1]!)) i++;
      runHasSlash = false;
      continue;
    }
    if (PATH_END.test(c)) runHasSlash = false;
    else if (c === "/") runHasSlash = true;
    out += c;
  }
  return out;
}

/** The end of the longest domain (`label(.label)+`) starting at `from`, or -1 when there is none. */
function domainEnd(text: string, from: number): number {
  let i = from;
  let labels = 0;
  let end = -1;
  for (;;) {
    const start = i;
    while (i < text.length && isLabel(text[i]!)) i++;
    if (i === start) return end;
    labels++;
    if (labels >= 2) end = i;
    if (text[i] !== ".") return end;
    i++;
  }
}

/** Email addresses (`local@domain.tld`) become `[email]`. */
export function scrubEmails(text: string): string {
  let out = "";
  let copied = 0;
  let localStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "@") {
      if (!isLocal(c)) localStart = i + 1;
      continue;
    }
    const end = i > localStart ? domainEnd(text, i + 1) : -1;
    if (end === -1) {
      localStart = i + 1;
      continue;
    }
    out += `${text.slice(copied, localStart)}[email]`;
    copied = end;
    localStart = end;
    i = end - 1;
  }
  return out + text.slice(copied);
}

/** Runs of 12 to 19 digits (card, account or phone numbers) become `[number]`; longer runs stay. */
export function scrubNumbers(text: string): string {
  return text.replace(/\d+/g, (digits, at: number) => {
    const before = at > 0 ? text[at - 1]! : "";
    const after = text[at + digits.length] ?? "";
    const bounded = !WORD.test(before) && !WORD.test(after);
    return bounded && digits.length >= 12 && digits.length <= 19 ? "[number]" : digits;
  });
}

export function scrub(text: string, max: number): string {
  return scrubNumbers(scrubEmails(scrubUrls(text))).slice(0, max);
}
