import { Link } from "react-router";
import { localizePath, type Lang, type Section } from "../lib/locale";
import { useT } from "../lib/i18n";

export function Breadcrumbs({ lang, trail }: { lang: Lang; trail: ({ section: Section } | { label: string })[] }) {
  const t = useT();
  return (
    <nav className="breadcrumbs" aria-label={t("nav.breadcrumbs")}>
      <ol>
        <li><Link to={localizePath(lang)}>{t("nav.home")}</Link></li>
        {trail.map((step, i) =>
          "section" in step ? (
            <li key={i}><Link to={localizePath(lang, step.section)}>{t(`nav.${step.section}`)}</Link></li>
          ) : (
            <li key={i} aria-current="page">{step.label}</li>
          ),
        )}
      </ol>
    </nav>
  );
}
