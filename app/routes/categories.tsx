// The product categories, each an image tile leading to its products.
import { useLocation } from "react-router";
import type { Route } from "./+types/categories";
import { siteContext } from "../lib/context";
import { langOf, metaFrom } from "../lib/route-helpers";
import { alternatePath, langFromPath, localizePath, LANGS } from "../../common/locale";
import { i18nFor, useT } from "../lib/i18n";
import { Tile } from "../components/Tile";
import { collectionPageLd } from "../lib/structured-data";
import { ListingHeader } from "../components/ListingHeader";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const categories = await content.listCategories(lang);
  const path = url.pathname;
  const t = i18nFor(lang).t;
  return {
    categories,
    alternates: Object.fromEntries(LANGS.map((l) => [l, alternatePath(path, l)])) as Record<
      (typeof LANGS)[number],
      string
    >,
    title: t("nav.categories"),
    description: t("categories.description"),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const lang = langFromPath(args.location.pathname);
  return metaFrom(args, {
    jsonLd: (siteUrl) => [
      collectionPageLd(
        siteUrl,
        args.loaderData?.title ?? "",
        localizePath(lang, "categories"),
        lang,
        (args.loaderData?.categories ?? []).map((c) => ({
          name: c.name,
          path: localizePath(lang, "categories", c.slug),
        })),
      ),
    ],
  });
};

export default function Categories({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = langFromPath(useLocation().pathname);
  return (
    <main id="main" className="listing" tabIndex={-1}>
      <ListingHeader title={t("nav.categories")} lede={t("categories.description")} />
      <ul className="tile-grid">
        {loaderData.categories.map((c, i) => (
          <li key={c.id}>
            <Tile
              to={localizePath(lang, "categories", c.slug)}
              title={c.name}
              image={c.image}
              caption={t("categories.count", { count: c.count })}
              priority={i < 2}
            />
          </li>
        ))}
      </ul>
    </main>
  );
}
