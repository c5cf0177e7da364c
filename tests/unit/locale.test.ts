import { describe, expect, it } from "vitest";
import { alternatePath, langFromPath, listPathOf, localizePath, productPath } from "../../common/locale";
import { preferredLang } from "../../server/http/language-redirect";
import { localeCookieString } from "../../common/locale-cookie";
import { ROUTE_LABELS, routeLabel } from "../../server/http/route-label";
import { routeIdOf } from "../../common/route-table";
import en from "../../locales/en/common.json";
import it_ from "../../locales/it/common.json";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("localized paths", () => {
  it("builds paths with Italian path words under /it", () => {
    expect(localizePath("en")).toBe("/");
    expect(localizePath("it")).toBe("/it");
    expect(localizePath("it", "categories", "vasi", "products", 12)).toBe("/it/categorie/vasi/prodotti/12");
    expect(localizePath("en", "manufacture")).toBe("/manufacture");
    expect(localizePath("it", "manufacture")).toBe("/it/manifattura");
    expect(localizePath("it", "wishlist")).toBe("/it/wishlist");
  });

  it("takes the language from the prefix only", () => {
    expect(langFromPath("/it")).toBe("it");
    expect(langFromPath("/it/prodotti/3")).toBe("it");
    expect(langFromPath("/items")).toBe("en");
    expect(langFromPath("/")).toBe("en");
  });

  it("translates path words and keeps ids and slugs", () => {
    expect(alternatePath("/it/collezioni", "en")).toBe("/collections");
    expect(alternatePath("/collections/onda/products/7", "it")).toBe("/it/collezioni/onda/prodotti/7");
    expect(alternatePath("/", "it")).toBe("/it");
    expect(alternatePath("/it", "en")).toBe("/");
  });

  it("knows the list a product dialog sits on", () => {
    expect(listPathOf("/products/12")).toBe("/products");
    expect(listPathOf("/it/categorie/vasi/prodotti/12")).toBe("/it/categorie/vasi");
    expect(listPathOf("/projects/products/3")).toBe("/projects");
    expect(listPathOf("/collections/onda")).toBe("/collections/onda");
    expect(productPath("/it/prodotti", "it", 4)).toBe("/it/prodotti/4");
    expect(productPath("/it/progetti", "it", 4)).toBe("/it/progetti/prodotti/4");
  });
});

describe("language decision at /", () => {
  it("follows the cookie first, then the browser's language", () => {
    expect(preferredLang("i18n_redirected=it", "en")).toBe("it");
    expect(preferredLang("i18n_redirected=en", "it")).toBe("en");
    expect(preferredLang(undefined, "it-IT,it;q=0.9,en;q=0.8")).toBe("it");
    expect(preferredLang(undefined, "de-DE,de;q=0.9")).toBe("en");
    expect(preferredLang("i18n_redirected=fr", "it")).toBe("it");
    expect(preferredLang(undefined, undefined)).toBe("en");
  });

  it("writes the cookie for a year on path /", () => {
    const cookie = localeCookieString("it", { domain: ".example.com", secure: true });
    expect(cookie).toMatch(/^i18n_redirected=it;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Domain=.example.com");
    expect(cookie).toContain("Secure");
  });
});

describe("messages", () => {
  it("have the same keys in English and Italian", () => {
    expect(keys(it_).sort()).toEqual(keys(en).sort());
  });
});

describe("metric route labels", () => {
  it("are route patterns, never raw paths", () => {
    expect(routeLabel("/products/12")).toBe("/products/:id");
    expect(routeLabel("/it/prodotti/1012")).toBe("/products/:id");
    expect(routeLabel("/it/categorie/vasi/prodotti/3")).toBe("/categories/:slug/products/:id");
    expect(routeLabel("/wp-admin/../../etc/passwd")).toBe("not-found");
    expect(routeLabel("/products/12.data")).toBe("/products/:id.data");
    expect(routeLabel("/assets/entry-abc.js")).toBe("/assets/*");
  });

  it("are one of ROUTE_LABELS whatever the path, so the metrics' series are known from start-up", () => {
    const paths = [
      "/",
      "/it",
      "/_root.data",
      "/products.data",
      "/it/prodotti/7.data",
      "/healthz",
      "/readyz",
      "/robots.txt",
      "/sitemap-it.xml",
      "/api/cache/webhook",
      "/api/cache/purge",
      "/api/unknown",
      "/media/2024/01/a.jpg",
      "/assets/x.css",
      "/favicon.ico",
      "/wp-login.php",
      "/.env",
      "/x.data",
      "/x.data.data.data",
      "/products.data.data",
      "/healthz.data",
      "/%2e%2e/etc",
      "//double",
      "/products/",
    ];
    for (const path of paths) expect(ROUTE_LABELS, path).toContain(routeLabel(path));
    expect(new Set(ROUTE_LABELS).size).toBe(ROUTE_LABELS.length);
  });

  it("name the home page's data request (`/_.data`, React Router 8's form) after the home page, in labels and log lines", () => {
    expect(routeLabel("/_.data")).toBe("/.data");
    expect(routeLabel("/it.data")).toBe("/.data");
    expect(routeIdOf("/_.data")).toBe("home-en");
    expect(routeIdOf("/it.data")).toBe("home-it");
  });
});
