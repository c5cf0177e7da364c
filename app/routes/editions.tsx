// Collections or exclusives (one module for both: the path word decides which).
import { useLocation } from "react-router";
import type { Route } from "./+types/editions";
import type { Edition } from "../../common/content";
import { siteContext } from "../lib/context";
import { langOf, metaFrom } from "../lib/route-helpers";
import { alternatePath, langFromPath, localizePath, parsePath, sectionOf, LANGS, type Lang } from "../../common/locale";
import { i18nFor, useT } from "../lib/i18n";
import { Tile } from "../components/Tile";
import { collectionPageLd } from "../lib/structured-data";
import { ListingHeader } from "../components/ListingHeader";

export function editionKindOf(pathname: string): Edition["kind"] {
  const { lang, words } = parsePath(pathname);
  return sectionOf(words[0], lang) === "exclusives" ? "exclusives" : "collections";
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const path = url.pathname;
  const kind = editionKindOf(path);
  const editions = await content.listEditions(kind, lang);
  const t = i18nFor(lang).t;
  return {
    kind,
    editions,
    alternates: Object.fromEntries(LANGS.map((l) => [l, alternatePath(path, l)])) as Record<Lang, string>,
    title: t(`nav.${kind}`),
    description: t(`editions.${kind}Description`),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const lang = langFromPath(args.location.pathname);
  const kind = args.loaderData?.kind ?? "collections";
  return metaFrom(args, {
    jsonLd: (siteUrl) => [
      collectionPageLd(
        siteUrl,
        args.loaderData?.title ?? "",
        localizePath(lang, kind),
        lang,
        (args.loaderData?.editions ?? []).map((e) => ({ name: e.name, path: localizePath(lang, kind, e.slug) })),
      ),
    ],
  });
};

export default function Editions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = langFromPath(useLocation().pathname);
  const { kind, editions } = loaderData;
  return (
    <main id="main" className="listing" tabIndex={-1}>
      <ListingHeader title={t(`nav.${kind}`)} lede={t(`editions.${kind}Description`)} />
      <ul className="tile-grid tile-grid--wide">
        {editions.map((e, i) => (
          <li key={e.id}>
            <Tile
              to={localizePath(lang, kind, e.slug)}
              title={e.name}
              image={e.image}
              kicker={[e.partner, e.year].filter(Boolean).join(" · ") || undefined}
              caption={e.subtitle || e.excerpt}
              ratio="3 / 2"
              priority={i < 2}
            />
          </li>
        ))}
      </ul>
    </main>
  );
}
