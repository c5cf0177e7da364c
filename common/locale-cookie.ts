// The language cookie: i18n_redirected, 365 days, path /, domain and secure flag from
// configuration. Written in the browser by the language switcher; read on the server only at /.
import { parseCookie, stringifySetCookie } from "cookie";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, isLang, type Lang } from "./locale";

export interface LocaleCookieOptions {
  domain: string | undefined;
  secure: boolean;
}

export function localeCookieString(lang: Lang, options: LocaleCookieOptions): string {
  return stringifySetCookie(LOCALE_COOKIE, lang, {
    maxAge: LOCALE_COOKIE_MAX_AGE,
    path: "/",
    domain: options.domain,
    secure: options.secure,
    sameSite: "lax",
  });
}

export function langFromCookieHeader(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  const value = parseCookie(header)[LOCALE_COOKIE];
  return isLang(value) ? value : undefined;
}
