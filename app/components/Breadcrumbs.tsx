import { SmartLink } from "./SmartLink";
import { localizePath, type Lang, type Section } from "../../common/locale";
import { useT } from "../lib/i18n";

export function Breadcrumbs({ lang, trail }: { lang: Lang; trail: ({ section: Section } | { label: string })[] }) {
  const t = useT();
  return (
    <nav className="breadcrumbs" aria-label={t("nav.breadcrumbs")}>
      <ol>
        <li>
          <SmartLink to={localizePath(lang)}>{t("nav.home")}</SmartLink>
        </li>
        {trail.map((step, i) =>
          "section" in step ? (
            <li key={i}>
              <SmartLink to={localizePath(lang, step.section)}>{t(`nav.${step.section}`)}</SmartLink>
            </li>
          ) : (
            <li key={i} aria-current="page">
              {step.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
