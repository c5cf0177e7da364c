// The route table is the one place route facts are written: these check what others derive
// from it — matching (any letter case), the canonical path, labels, declared query parameters,
// the path builder — and that nothing else in the code base writes a path word of its own.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FLAT_ROUTES, WORDS, matchRoute, pathOf } from "../../common/route-table";
import { pageCacheKey } from "../../server/http/page-cache";
import { alternatesFor } from "../../app/lib/alternates.server";
import type { ContentService } from "../../common/content";

/** Translations as WordPress would give them: English key → Italian key, per content. */
const TWINS: Record<string, Record<string, string>> = {
  products: { "12": "112" },
  product_categories: { vases: "vasi" },
  product_colors: { celadon: "celadon-it" },
  collections: { alba: "alba-it" },
};
const content = {
  async translate(kind: string, key: string, from: string, to: string) {
    const twins = TWINS[kind] ?? {};
    if (from === "en" && to === "it") return twins[key] ?? null;
    if (from === "it" && to === "en") return Object.keys(twins).find((k) => twins[k] === key) ?? null;
    return key;
  },
} as unknown as ContentService;

describe("the route table", () => {
  it("matches a path in any letter case and names its canonical lowercase form, slugs in lowercase, ids and other keys kept", () => {
    expect(matchRoute("/IT/Prodotti")?.canonical).toBe("/it/prodotti");
    expect(matchRoute("/IT/prodotti")?.lang).toBe("it");
    expect(matchRoute("/Categories/Vases/PRODUCTS/12")?.canonical).toBe("/categories/vases/products/12");
    expect(matchRoute("/categories/VASI")?.canonical).toBe("/categories/vasi");
    expect(matchRoute("/categories/vasi%20blu")?.canonical).toBe("/categories/vasi%20blu");
    expect(matchRoute("/categories/Caff%C3%A8")?.canonical).toBe("/categories/caff%C3%A8");
    // In one-language mode a prefix of another language is no prefix: no page.
    expect(matchRoute("/IT/prodotti", ["en"])).toBeUndefined();
    expect(matchRoute("/%70roducts")?.canonical).toBe("/products");
    expect(matchRoute("/it/categorie/vasi%20blu")?.keys).toEqual([
      { index: 1, key: expect.objectContaining({ key: "slug", content: "product_categories" }), value: "vasi%20blu" },
    ]);
    expect(matchRoute("/it")?.canonical).toBe("/it");
    expect(matchRoute("/")?.canonical).toBe("/");
  });

  it("matches no page for unknown words, empty segments or the other language's words", () => {
    expect(matchRoute("/prodotti")).toBeUndefined();
    expect(matchRoute("/it/products")).toBeUndefined();
    expect(matchRoute("//evil.example/products")).toBeUndefined();
    expect(matchRoute("/products/12/")).toBeUndefined();
    expect(matchRoute("/products/12/13")).toBeUndefined();
    expect(matchRoute("/wp-admin")).toBeUndefined();
  });

  it("labels routes with English words and key kinds, whatever the language", () => {
    expect(matchRoute("/it/categorie/vasi/prodotti/3")?.label).toBe("/categories/:slug/products/:id");
    expect(matchRoute("/categories/vases/products")?.label).toBe("/categories/:slug/products");
    expect(matchRoute("/it/progetti/prodotti/3")?.label).toBe("/projects/products/:id");
    expect(matchRoute("/it")?.label).toBe("/");
  });

  it("gives a product dialog its list's query parameters, and the page cache keys on exactly those", () => {
    expect(Object.keys(matchRoute("/products/12")!.route.query).sort()).toEqual([
      "category",
      "colour",
      "page",
      "q",
      "sort",
    ]);
    expect(pageCacheKey("/it/prodotti/12", new URLSearchParams("utm_source=x&page=2&category=vasi"))).toBe(
      "/it/prodotti/12?category=vasi&page=2",
    );
    expect(pageCacheKey("/categories/vases", new URLSearchParams("page=2"))).toBe("/categories/vases");
    expect(pageCacheKey("/wishlist.data", new URLSearchParams("items=1&_routes=root&x=1"))).toBe(
      "/wishlist.data?_routes=root&items=1",
    );
  });

  it("builds every route's path in every language, and matches it back", () => {
    for (const route of FLAT_ROUTES) {
      const keys = route.path.filter((p) => typeof p !== "string").map((_, i) => `k${i}`);
      for (const lang of ["en", "it"] as const) {
        const built = pathOf(route, lang, keys);
        const match = matchRoute(built);
        expect(match?.route.label, built).toBe(route.label);
        expect(match?.canonical).toBe(built);
      }
    }
  });
});

describe("the alternates of a page", () => {
  it("translate path words, keys and the declared query, and keep nothing undeclared", async () => {
    const url = new URL("http://x/products/12?category=vases&colour=celadon&sort=name&q=vaso&page=2&utm_source=x");
    expect(await alternatesFor(content, url)).toEqual({
      en: "/products/12?category=vases&colour=celadon&sort=name&q=vaso&page=2",
      it: "/it/prodotti/112?category=vasi&colour=celadon-it&sort=name&q=vaso&page=2",
    });
    expect((await alternatesFor(content, "/it/collezioni/alba-it/prodotti/112")).en).toBe(
      "/collections/alba/products/12",
    );
  });

  it("drop a filter without a translation, and the page number with it", async () => {
    const url = new URL("http://x/products?category=vases&colour=ink&page=3&sort=name");
    expect((await alternatesFor(content, url)).it).toBe("/it/prodotti?category=vasi&sort=name");
  });

  it("map only the path words of a path no route claims", async () => {
    expect(await alternatesFor(content, "/it/prodotti/1/2")).toEqual({ en: "/products/1/2", it: "/it/prodotti/1/2" });
  });
});

describe("route facts are written once", () => {
  /** Every source file outside the route table and the tests. */
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return sources(file);
      return /\.(ts|tsx)$/.test(name) ? [file] : [];
    });
  }

  it("no other module writes an Italian path word as a string of its own", () => {
    const italian = Object.values(WORDS)
      .map((w) => w.it)
      .filter((w) => !Object.values(WORDS).some((x) => x.en === w));
    const offenders: string[] = [];
    for (const file of [...sources("app"), ...sources("server/http")]) {
      if (file.endsWith(path.join("lib", "route-table.ts"))) continue;
      // Code only: comments may show an example path.
      const text = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      for (const word of italian)
        if (new RegExp(`["'\`/]${word}["'\`/]`).test(text)) offenders.push(`${file}: ${word}`);
    }
    expect(offenders).toEqual([]);
  });
});
