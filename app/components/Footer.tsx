// The footer: the company's details as the content gives them (Italian sites must show the
// Partita IVA), the footer menu, and the languages.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Company, MenuItem } from "../../server/content/types";
import { localizePath, type Lang } from "../lib/locale";

export function Footer({ lang, menu, company }: { lang: Lang; menu: MenuItem[]; company: Company | null }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const items = menu.length > 0 ? menu : (["about", "manufacture", "funding", "prove", "contact", "newsletter"] as const).map((section, i) => ({
    id: -(i + 1),
    label: t(`nav.${section}`),
    href: localizePath(lang, section),
    external: false,
    children: [],
  }));
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="wordmark wordmark--footer" aria-hidden="true">FC</p>
          <p className="site-footer__tagline">{t("tagline")}</p>
        </div>
        <nav aria-label={t("nav.footer")} className="site-footer__menu">
          <ul>
            {items.map((item) => (
              <li key={item.id}>
                {item.external ? <a href={item.href} rel="noopener">{item.label}</a> : <Link to={item.href}>{item.label}</Link>}
              </li>
            ))}
          </ul>
        </nav>
        {company ? (
          <address className="site-footer__company">
            <strong>{company.legalName || company.name}</strong>
            <span>{company.address}</span>
            <span>{company.city}{company.country ? `, ${company.country}` : ""}</span>
            {company.vat ? <span>{t("footer.vat")} {company.vat}</span> : null}
            {company.email ? <a href={`mailto:${company.email}`}>{company.email}</a> : null}
            {company.phone ? <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`}>{company.phone}</a> : null}
            {company.social.length > 0 ? (
              <span className="site-footer__social">
                {company.social.map((s) => (
                  <a key={s.url} href={s.url} rel="noopener me">{s.network}</a>
                ))}
              </span>
            ) : null}
          </address>
        ) : null}
      </div>
      <p className="site-footer__legal">
        © {year} {company?.legalName || "FC"}. {t("footer.rights")}
      </p>
    </footer>
  );
}
