// /sitemap.xml: the index of the per-language sitemaps.
import type { Route } from "./+types/sitemap-index";
import { siteContext } from "../lib/context";
import { sitemapIndexXml } from "../lib/sitemap.server";

export function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, languages } = context.get(siteContext);
  return new Response(sitemapIndexXml(publicConfig.siteUrl, languages.served()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
