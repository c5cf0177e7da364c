// The route tree, built for every language from the route table (common/route-table.ts):
// nothing about a route is written here. Each language gets its own layout route (menus and
// footer per language: React Router re-runs a loader when its route id changes, which a language
// switch does). Product details are children of the list they open over, so the list stays
// rendered — and its scroll kept — while a product dialog opens or closes.
import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import {
  DEFAULT_LANG,
  FILE_ROUTES,
  LANGS,
  LANGUAGE_LAYOUT,
  NOT_FOUND_ROUTE,
  ROUTES,
  routerPath,
  type Lang,
  type RouteEntry,
} from "../common/route-table";

function pageRoute(entry: RouteEntry, lang: Lang): RouteConfigEntry {
  const id = `${entry.name}-${lang}`;
  const children = entry.children?.map((child) => pageRoute(child, lang));
  return entry.path.length === 0
    ? index(entry.module, { id })
    : route(routerPath(entry, lang), entry.module, { id }, children);
}

function languageRoutes(lang: Lang) {
  const children = [
    ...ROUTES.map((entry) => pageRoute(entry, lang)),
    route("*", NOT_FOUND_ROUTE.module, { id: `${NOT_FOUND_ROUTE.name}-${lang}` }),
  ];
  return layout(
    LANGUAGE_LAYOUT.module,
    { id: `${LANGUAGE_LAYOUT.name}-${lang}` },
    lang === DEFAULT_LANG ? children : prefix(lang, children),
  );
}

export default [
  ...FILE_ROUTES.map((file) => route(file.path, file.module, { id: file.name })),
  ...LANGS.map(languageRoutes),
] satisfies RouteConfig;
