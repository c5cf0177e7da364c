// /robots.txt, naming the sitemap (from SITE_URL, never the request's host).
import type { Route } from "./+types/robots";
import { siteContext } from "../lib/context";
import { robotsTxt } from "../lib/sitemap.server";

export function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, languages } = context.get(siteContext);
  return new Response(robotsTxt(publicConfig.siteUrl, languages.served()), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
