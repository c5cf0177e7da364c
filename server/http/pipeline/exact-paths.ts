// Paths that are not pages (the probes, the cache API, browser error reports, /metrics, the
// sitemaps, robots.txt, Preview) match exactly as written, letter case included. express and
// React Router match paths in any letter case and with a trailing slash, and the ingress matches
// them exactly: a spelling the ingress does not know (/API/cache/purge, /READYZ,
// /api/cache/webhook/) would walk past its "internal paths" rule to a handler. Here any other
// spelling of such a path is a 404 before a handler, a redirect or the router sees it.
import type { RequestHandler } from "express";
import { FILE_PATHS, LANGS, DEFAULT_LANG, WORDS } from "../../../common/route-table";
import { CLIENT_ERRORS_PATH } from "../client-error-reports";

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";
export const METRICS_PATH = "/metrics";
export const WEBHOOK_PATH = "/api/cache/webhook";
export const PURGE_PATH = "/api/cache/purge";

/** WordPress's Preview in every language (a page, but only ever reached on a signed link). */
const PREVIEW_PATHS = LANGS.map((lang) =>
  lang === DEFAULT_LANG ? `/${WORDS.preview[lang]}` : `/${lang}/${WORDS.preview[lang]}`,
);

/** Every path that is not a page, on either port, as written. */
export const EXACT_PATHS: ReadonlySet<string> = new Set([
  HEALTH_PATH,
  READY_PATH,
  METRICS_PATH,
  WEBHOOK_PATH,
  PURGE_PATH,
  CLIENT_ERRORS_PATH,
  ...FILE_PATHS,
  ...PREVIEW_PATHS,
]);

/**
 * How a path is compared when deciding whether it is a spelling of one of them: decoded, in
 * lowercase, repeated and trailing slashes dropped (what express, React Router or a proxy may
 * treat as the same path).
 */
export function spellingOf(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* a malformed escape is compared as written */
  }
  return "/" + decoded.toLowerCase().split("/").filter(Boolean).join("/");
}

const SPELLINGS: ReadonlyMap<string, string> = new Map([...EXACT_PATHS].map((path) => [spellingOf(path), path]));

/** The non-page path a request path spells some other way (`/READYZ` → `/readyz`), if any. */
export function misspelledExactPath(pathname: string): string | undefined {
  if (EXACT_PATHS.has(pathname)) return undefined;
  return SPELLINGS.get(spellingOf(pathname));
}

/** Answers 404 for any other spelling of a non-page path; the exact spelling goes on. */
export function exactPaths(): RequestHandler {
  return (req, res, next) => {
    if (misspelledExactPath(req.path) === undefined) return next();
    notFound(res);
  };
}

/** The plain 404 of the non-page paths (no page, nothing for a cache to keep). */
export function notFound(res: Parameters<RequestHandler>[1]): void {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("Not found\n");
}
