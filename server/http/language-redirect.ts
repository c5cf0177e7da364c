// The only page that reads a cookie on the server: / (docs/interfaces.md "Page responses"). A configured
// root redirect wins; else the i18n_redirected cookie, else the browser's language, decide
// whether the visitor belongs on /it. The answer is private: it differs per visitor.
import Negotiator from "negotiator";
import type { RequestHandler } from "express";
import { langFromCookieHeader } from "../../common/locale-cookie";
import { DEFAULT_LANG, LANGS, localizePath, type Lang } from "../../common/locale";

/** The visitor's language among those served (a language the site does not serve is never chosen). */
export function preferredLang(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
  served: readonly Lang[] = LANGS,
): Lang {
  const fromCookie = langFromCookieHeader(cookieHeader);
  if (fromCookie && served.includes(fromCookie)) return fromCookie;
  const negotiated = new Negotiator({ headers: { "accept-language": acceptLanguage ?? "" } }).language([...served]);
  return (negotiated as Lang | undefined) ?? DEFAULT_LANG;
}

export function rootLanguageRedirect(
  rootRedirect: { target: string; status: number } | undefined,
  served: () => readonly Lang[] = () => LANGS,
): RequestHandler {
  return (req, res, next) => {
    if (req.path !== "/" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    res.setHeader("Vary", "Cookie, Accept-Language");
    res.setHeader("Cache-Control", "private, no-cache");
    res.locals.privateAnswer = true;
    if (rootRedirect) return res.redirect(rootRedirect.status, rootRedirect.target);
    const lang = preferredLang(req.headers.cookie, req.headers["accept-language"], served());
    // The query goes along (/?utm_source=x → /it?utm_source=x): campaign links keep their meaning.
    const mark = req.originalUrl.indexOf("?");
    if (lang !== DEFAULT_LANG)
      return res.redirect(302, localizePath(lang) + (mark === -1 ? "" : req.originalUrl.slice(mark)));
    next();
  };
}
