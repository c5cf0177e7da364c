// /sitemap-en.xml and /sitemap-it.xml: every page of one language, with its alternates.
import type { Route } from "./+types/sitemap";
import { siteContext } from "../lib/context";
import { sitemapUrls, sitemapXml } from "../lib/sitemap.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { publicConfig, content, languages } = context.get(siteContext);
  const lang = url.pathname.includes("-it.") ? "it" : "en";
  // A language the site does not serve has no sitemap (and the index does not list it).
  if (!languages.isServed(lang))
    throw new Response("This page could not be found\n", { status: 404, headers: { "Content-Type": "text/plain" } });
  const served = languages.served();
  const xml = sitemapXml(publicConfig.siteUrl, lang, await sitemapUrls(content, served));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
