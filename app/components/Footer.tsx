// The footer: the company's details as the content gives them (Italian sites must show the
// Partita IVA), the footer menu, the newsletter signup (when the newsletter is on, and not on the
// newsletter page, which has its own), the privacy and cookie policies and the way back to the
// consent choices, and the languages.
import { lazy, Suspense, useRef } from "react";
import { useLocation } from "react-router";
import type { Company, MenuItem } from "../../common/content";
import { localizePath, sectionOf, parsePath, type Lang } from "../../common/locale";
import { useIntegrationFlags } from "../lib/integration-flags";
import { PrivacyLinks } from "./consent/CookieSettingsLink";
import { MenuTree } from "./MenuTree";
import { useChromeLinks } from "./ChromeLink";
import { useT } from "../lib/i18n";

// A chunk of its own (first-load weight, scripts/weight.mjs): the form, its validation, captcha and react-i18next's
// Trans are 8 KB gzip that the first paint does not need. The server still renders it whole, so it
// works without JavaScript; in the browser its boundary hydrates once the chunk is in.
// Its stylesheet stays with the page: the server-rendered form is styled before the chunk arrives.
import "./forms/forms.css";
const NewsletterForm = lazy(() => import("./forms/NewsletterForm").then((m) => ({ default: m.NewsletterForm })));

/** `menu`: WordPress's footer menu (none for an empty one), or null for the built-in links. */
export function Footer({ lang, menu, company }: { lang: Lang; menu: MenuItem[] | null; company: Company | null }) {
  const t = useT();
  const flags = useIntegrationFlags();
  const { pathname } = useLocation();
  const parsed = parsePath(pathname);
  const onNewsletterPage = sectionOf(parsed.words[0], parsed.lang) === "newsletter";
  const year = new Date().getFullYear();
  const ref = useRef<HTMLElement>(null);
  const items =
    menu ??
    (["about", "manufacture", "funding", "prove", "contact", "newsletter"] as const).map((section, i) => ({
      id: -(i + 1),
      label: t(`nav.${section}`),
      href: localizePath(lang, section),
      external: false,
      children: [],
    }));
  const prefetch = useChromeLinks(ref, lang);
  return (
    <footer ref={ref} className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="wordmark wordmark--footer" aria-hidden="true">
            FC
          </p>
          <p className="site-footer__tagline">{t("tagline")}</p>
        </div>
        {items.length > 0 ? (
          <nav aria-label={t("nav.footer")} className="site-footer__menu">
            <MenuTree items={items} />
          </nav>
        ) : null}
        {company ? (
          <address className="site-footer__company">
            <strong>{company.legalName || company.name}</strong>
            <span>{company.address}</span>
            <span>
              {company.city}
              {company.country ? `, ${company.country}` : ""}
            </span>
            {company.vat ? (
              <span>
                {t("footer.vat")} {company.vat}
              </span>
            ) : null}
            {company.email ? <a href={`mailto:${company.email}`}>{company.email}</a> : null}
            {company.phone ? <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`}>{company.phone}</a> : null}
            {company.social.length > 0 ? (
              <span className="site-footer__social">
                {company.social.map((s) => (
                  <a key={s.url} href={s.url} rel="noopener me">
                    {s.network}
                  </a>
                ))}
              </span>
            ) : null}
          </address>
        ) : null}
        {flags.newsletter && !onNewsletterPage ? (
          <div className="site-footer__newsletter">
            <Suspense fallback={null}>
              <NewsletterForm variant="footer" />
            </Suspense>
          </div>
        ) : null}
      </div>
      <div className="site-footer__legal">
        <p>
          © {year} {company?.legalName || "FC"}. {t("footer.rights")}
        </p>
        <PrivacyLinks lang={lang} />
      </div>
      {prefetch}
    </footer>
  );
}
