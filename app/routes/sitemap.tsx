// /sitemap-en.xml and /sitemap-it.xml: every page of one language, with its alternates.
import type { Route } from "./+types/sitemap";
import { siteContext } from "../lib/context";
import { sitemapUrls, sitemapXml } from "../lib/sitemap.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { publicConfig, content } = context.get(siteContext);
  const lang = new URL(request.url).pathname.includes("-it.") ? "it" : "en";
  const xml = sitemapXml(publicConfig.siteUrl, lang, await sitemapUrls(content));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
