// Eng / Ita. Switching stores the cookie, then goes to the same page in that language
// (the root's client middleware loads the other language's messages before it renders): path words translated, and ids and slugs mapped through
// the content's translations when the page provides them (loader data `alternates`).
import { useMatches, useNavigate, useLocation } from "react-router";
import { LANGS, LANG_LABELS, alternatePath, type Lang } from "../../common/locale";
import { localeCookieString, type LocaleCookieOptions } from "../../common/locale-cookie";
import { useT } from "../lib/i18n";
import { useServedLanguages } from "../lib/use-public-config";

export type Alternates = Partial<Record<Lang, string>>;

/** The current page in each language: the deepest route that knows its alternates wins. */
export function useAlternates(): Record<Lang, string> {
  const matches = useMatches();
  const { pathname } = useLocation();
  const fromData = [...matches]
    .reverse()
    .map((m) => (m.loaderData as { alternates?: Alternates } | undefined)?.alternates)
    .find(Boolean);
  const result = {} as Record<Lang, string>;
  for (const lang of LANGS) result[lang] = fromData?.[lang] ?? alternatePath(pathname, lang);
  return result;
}

export function LanguageSwitcher({ lang, cookie }: { lang: Lang; cookie: LocaleCookieOptions }) {
  const t = useT();
  const navigate = useNavigate();
  const alternates = useAlternates();
  const languages = useServedLanguages();
  // One language served: nothing to switch to, and no link to a language the site does not serve.
  if (languages.length < 2) return null;
  return (
    <nav className="language-switcher" aria-label={t("language.switch")}>
      <ul>
        {languages.map((target) => (
          <li key={target}>
            {target === lang ? (
              <span aria-current="true" lang={target} className="language-switcher__current">
                {LANG_LABELS[target].short}
              </span>
            ) : (
              <a
                href={alternates[target]}
                hrefLang={target}
                lang={target}
                title={t("language.switchTo", { name: LANG_LABELS[target].name })}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  document.cookie = localeCookieString(target, cookie);
                  void navigate(alternates[target]);
                }}
              >
                {LANG_LABELS[target].short}
                <span className="visually-hidden"> – {LANG_LABELS[target].name}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
