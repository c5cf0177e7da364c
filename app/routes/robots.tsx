// /robots.txt, naming the sitemap (from SITE_URL, never the request's host).
import type { Route } from "./+types/robots";
import { siteContext } from "../lib/context";
import { robotsTxt } from "../lib/sitemap.server";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(siteContext).publicConfig.siteUrl), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
