// The `route` label of http_request_duration_seconds: the route pattern, never the raw path, so
// the number of series stays bounded whatever visitors (or scanners) request. Both languages
// share one pattern in English words; the language is not a dimension SREs asked for.
import { parsePath, sectionOf } from "../../app/lib/locale";

export function routeLabel(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (pathname.startsWith("/media/")) return "/media/*";
  if (pathname.startsWith("/api/")) return ["/api/cache/webhook", "/api/cache/purge"].includes(pathname) ? pathname : "/api/*";
  if (pathname === "/healthz" || pathname === "/readyz" || /^\/sitemap(-(en|it))?\.xml$/.test(pathname) || pathname === "/robots.txt") return pathname;
  if (pathname.endsWith(".data")) return `${routeLabel(pathname.slice(0, -5).replace(/\/_root$/, "/") || "/")}.data`;
  const { lang, words } = parsePath(pathname);
  if (words.length === 0) return "/";
  const out: string[] = [];
  let expectKey: string | undefined;
  for (const word of words) {
    const section = sectionOf(word, lang);
    if (section && !expectKey) {
      out.push(section);
      expectKey = section === "products" ? ":id" : ["categories", "collections", "exclusives"].includes(section) ? ":slug" : undefined;
      continue;
    }
    if (expectKey) {
      out.push(expectKey);
      expectKey = undefined;
      continue;
    }
    return out.length === 0 && /\.[a-z0-9]{2,5}$/i.test(word) ? "static" : "not-found";
  }
  return `/${out.join("/")}`;
}
