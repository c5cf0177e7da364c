// The route tree of spec §2, built for both languages from the one table of path words in
// app/lib/locale.ts. Each language gets its own layout route (menus and footer per language:
// React Router re-runs a loader when its route id changes, which a language switch does).
// Product details are children of the list they open over, so the list stays rendered — and its
// scroll kept — while a product dialog opens or closes.
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { LANGS, SEGMENTS, type Lang } from "./lib/locale";

function productChild(lang: Lang, parent: string, optional = true) {
  return route(`${SEGMENTS.products[lang]}/:id${optional ? "?" : ""}`, "routes/product.tsx", { id: `${parent}-product-${lang}` });
}

function localeRoutes(lang: Lang) {
  const s = (key: keyof typeof SEGMENTS) => SEGMENTS[key][lang];
  const children = [
    index("routes/home.tsx", { id: `home-${lang}` }),
    route(s("products"), "routes/products.tsx", { id: `products-${lang}` }, [
      route(":id", "routes/product.tsx", { id: `products-product-${lang}` }),
    ]),
    route(s("categories"), "routes/categories.tsx", { id: `categories-${lang}` }),
    route(`${s("categories")}/:slug`, "routes/category.tsx", { id: `category-${lang}` }, [productChild(lang, "category")]),
    route(s("collections"), "routes/editions.tsx", { id: `collections-${lang}` }),
    route(`${s("collections")}/:slug`, "routes/edition.tsx", { id: `collection-${lang}` }, [productChild(lang, "collection")]),
    route(s("exclusives"), "routes/editions.tsx", { id: `exclusives-${lang}` }),
    route(`${s("exclusives")}/:slug`, "routes/edition.tsx", { id: `exclusive-${lang}` }, [productChild(lang, "exclusive")]),
    route(s("projects"), "routes/projects.tsx", { id: `projects-${lang}` }, [productChild(lang, "projects")]),
    route(s("about"), "routes/company-page.tsx", { id: `about-${lang}` }),
    route(s("manufacture"), "routes/company-page.tsx", { id: `manufacture-${lang}` }),
    route(s("funding"), "routes/company-page.tsx", { id: `funding-${lang}` }),
    route(s("prove"), "routes/company-page.tsx", { id: `prove-${lang}` }),
    route(s("contact"), "routes/contact.tsx", { id: `contact-${lang}` }),
    route(s("newsletter"), "routes/newsletter.tsx", { id: `newsletter-${lang}` }),
    route(s("wishlist"), "routes/wishlist.tsx", { id: `wishlist-${lang}` }),
    route("preview", "routes/preview.tsx", { id: `preview-${lang}` }),
    route("*", "routes/not-found.tsx", { id: `not-found-${lang}` }),
  ];
  return layout("routes/locale-layout.tsx", { id: `locale-${lang}` }, lang === "en" ? children : prefix(lang, children));
}

export default [
  route("sitemap.xml", "routes/sitemap-index.tsx", { id: "sitemap-index" }),
  route("sitemap-en.xml", "routes/sitemap.tsx", { id: "sitemap-en" }),
  route("sitemap-it.xml", "routes/sitemap.tsx", { id: "sitemap-it" }),
  route("robots.txt", "routes/robots.tsx", { id: "robots" }),
  ...LANGS.map(localeRoutes),
] satisfies RouteConfig;
