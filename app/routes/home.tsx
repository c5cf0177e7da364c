// The home page: a hero with one object and the tagline, featured collections and
// exclusives as large tiles, the imagemap with its hotspots, and the newest products.
import { useLocation } from "react-router";
import type { Route } from "./+types/home";
import { siteContext } from "../lib/context";
import { langOf, metaFrom } from "../lib/route-helpers";
import { alternatePath, langFromPath, localizePath, LANGS, type Lang } from "../../common/locale";
import { i18nFor, useT } from "../lib/i18n";
import { ResponsiveImage } from "../components/ResponsiveImage";
import { Tile } from "../components/Tile";
import { Imagemap } from "../components/Imagemap";
import { ProductGrid } from "../components/ProductCard";
import { SmartLink } from "../components/SmartLink";
import { organizationLd, websiteLd } from "../lib/structured-data";
import { imagemapView, productCards, shownImage } from "../lib/product-cards";
import type { Edition } from "../../common/content";

/** How many of the newest products the home page shows. */
const NEWEST_SHOWN = 8;

/** A collection or an exclusive as a home page tile shows it. */
function editionTile(e: Edition) {
  return { id: e.id, slug: e.slug, name: e.name, subtitle: e.subtitle, partner: e.partner, image: shownImage(e.image) };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const front = await content.getFrontPage(lang);
  const t = i18nFor(lang).t;
  const path = url.pathname;
  return {
    // What the page shows of the front page, not all of it (app/lib/product-cards.ts).
    front: {
      tagline: front.tagline,
      hero: shownImage(front.hero),
      featuredCollections: front.featuredCollections.map(editionTile),
      featuredExclusives: front.featuredExclusives.map(editionTile),
      imagemap: imagemapView(front.imagemap),
      newest: productCards(front.newest.slice(0, NEWEST_SHOWN)),
      company: front.company,
    },
    alternates: Object.fromEntries(LANGS.map((l) => [l, alternatePath(path, l)])) as Record<Lang, string>,
    title: front.tagline || t("tagline"),
    description: t("description"),
    image: front.hero
      ? { url: front.hero.url, width: front.hero.width, height: front.hero.height, alt: front.hero.alt }
      : null,
  };
}

export const meta: Route.MetaFunction = (args) =>
  metaFrom(args, {
    jsonLd: (siteUrl) => {
      const lang = langFromPath(args.location.pathname);
      return [
        organizationLd(siteUrl, args.loaderData?.front.company ?? null, "/favicon.svg"),
        websiteLd(siteUrl, lang, "FC", localizePath(lang), localizePath(lang, "products")),
      ];
    },
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = langFromPath(useLocation().pathname);
  const { front } = loaderData;
  const productsPath = localizePath(lang, "products");
  return (
    <main id="main" className="home" tabIndex={-1}>
      <section className="hero" aria-labelledby="hero-title" data-behind-header>
        <div className="hero__media">
          <ResponsiveImage image={front.hero} ratio="16 / 9" sizes="100vw" priority />
        </div>
        <div className="hero__text">
          <h1 id="hero-title" className="display display--hero">
            {front.tagline || t("tagline")}
          </h1>
          <SmartLink to={productsPath} className="link-arrow">
            {t("home.discover")}
          </SmartLink>
        </div>
      </section>

      {front.featuredCollections.length > 0 ? (
        <Band
          id="featured-collections"
          title={t("nav.collections")}
          more={{ to: localizePath(lang, "collections"), label: t("home.allCollections") }}
        >
          <ul className="tile-grid tile-grid--wide">
            {front.featuredCollections.map((c) => (
              <li key={c.id}>
                <Tile
                  to={localizePath(lang, "collections", c.slug)}
                  title={c.name}
                  image={c.image}
                  caption={c.subtitle}
                  ratio="3 / 2"
                />
              </li>
            ))}
          </ul>
        </Band>
      ) : null}

      {front.imagemap ? (
        <Band id="imagemap-title" title={t("home.inTheRoom")} bleed>
          <Imagemap imagemap={front.imagemap} hrefOf={(p) => `${productsPath}/${p.id}`} />
        </Band>
      ) : null}

      {front.featuredExclusives.length > 0 ? (
        <Band
          id="featured-exclusives"
          title={t("nav.exclusives")}
          more={{ to: localizePath(lang, "exclusives"), label: t("home.allExclusives") }}
        >
          <ul className="tile-grid">
            {front.featuredExclusives.map((e) => (
              <li key={e.id}>
                <Tile
                  to={localizePath(lang, "exclusives", e.slug)}
                  title={e.name}
                  image={e.image}
                  kicker={e.partner}
                  caption={e.subtitle}
                />
              </li>
            ))}
          </ul>
        </Band>
      ) : null}

      {front.newest.length > 0 ? (
        <Band id="newest" title={t("home.newest")} more={{ to: productsPath, label: t("home.allProducts") }}>
          <ProductGrid products={front.newest} hrefOf={(p) => `${productsPath}/${p.id}`} aboveFold={false} />
        </Band>
      ) : null}
    </main>
  );
}

/** One band of the home page: a titled section, with a link to everything of its kind. */
function Band({
  id,
  title,
  more,
  bleed = false,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  bleed?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className={bleed ? "band band--bleed" : "band"} aria-labelledby={id}>
      <header className="band__header">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {more ? (
          <SmartLink to={more.to} className="link-arrow">
            {more.label}
          </SmartLink>
        ) : null}
      </header>
      {children}
    </section>
  );
}
