// The header: wordmark left, main menu centred, language and wishlist right;
// thin and sticky, transparent over the home hero; a full-screen menu on small screens.
// Over the hero it sits on a porcelain veil that keeps its words at AA contrast whatever the
// photograph (docs/decisions/0015-text-over-editors-pictures.md); past the hero, its own ground.
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { MenuItem } from "../../common/content";
import { localizePath, type Lang } from "../../common/locale";
import type { LocaleCookieOptions } from "../../common/locale-cookie";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { WishlistLink } from "./WishlistLink";
import { ChromeLink, useChromeLinks } from "./ChromeLink";
import { MenuTree } from "./MenuTree";
import { useT } from "../lib/i18n";
import { usePastHero } from "../lib/use-past-hero";

/** The menu when WordPress has none (or is unreachable and nothing is cached): the main sections. */
export function fallbackMenu(lang: Lang, t: (key: string) => string): MenuItem[] {
  return (["products", "collections", "exclusives", "projects", "about", "contact"] as const).map((section, i) => ({
    id: -(i + 1),
    label: t(`nav.${section}`),
    href: localizePath(lang, section),
    external: false,
    children: [],
  }));
}

export function Header({
  lang,
  menu,
  cookie,
  overHero,
}: {
  lang: Lang;
  menu: MenuItem[];
  cookie: LocaleCookieOptions;
  overHero: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const pastHero = usePastHero(overHero, ref);
  const prefetch = useChromeLinks(ref, lang);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.body.dataset.menuOpen = "true";
    return () => {
      document.removeEventListener("keydown", onKey);
      delete document.body.dataset.menuOpen;
    };
  }, [open]);

  return (
    <header
      ref={ref}
      className="site-header"
      data-over-hero={overHero || undefined}
      data-past-hero={pastHero || undefined}
      data-open={open || undefined}
    >
      <div className="site-header__inner">
        <ChromeLink to={localizePath(lang)} className="wordmark">
          <span className="wordmark__letters">FC</span>
          <span className="wordmark__tagline">{t("tagline")}</span>
          <span className="visually-hidden"> – {t("nav.home")}</span>
        </ChromeLink>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          // Open, the visible word is the short one ("Close"): the long one wrapped beside the
          // wordmark on a phone. The name says it in full and contains the word shown.
          aria-label={open ? t("nav.closeMenu") : undefined}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="menu-toggle__icon" aria-hidden="true" />
          <span>{open ? t("nav.closeMenuShort") : t("nav.openMenu")}</span>
        </button>
        <nav id="main-menu" className="main-menu" aria-label={t("nav.main")}>
          <MenuTree items={menu} home={localizePath(lang)} disclosure />
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher lang={lang} cookie={cookie} />
          <WishlistLink lang={lang} />
        </div>
      </div>
      {prefetch}
    </header>
  );
}
