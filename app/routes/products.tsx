// All products: a grid with paging, filters by category and colour, sorting and search, all in
// the URL (?category=&colour=&sort=&q=&page=). A product opens as a dialog over it (<Outlet/>).
import { useLocation, useOutlet } from "react-router";
import { SmartLink } from "../components/SmartLink";
import type { Route } from "./+types/products";
import type { ProductSort } from "../../common/content";
import { siteContext } from "../lib/context";
import { langOf, metaFrom, notFound } from "../lib/route-helpers";
import { alternatesFor } from "../lib/alternates.server";
import { langFromPath, localizePath, productPath } from "../../common/locale";
import { ProductGrid } from "../components/ProductCard";
import { ProductFilters, SORTS, filterChoices } from "../components/ProductFilters";
import { Pagination } from "../components/Pagination";
import { i18nFor, useT } from "../lib/i18n";
import { normaliseSearch } from "../../common/search-query";
import { collectionPageLd, productItems } from "../lib/structured-data";
import { productCards } from "../lib/product-cards";

export const PRODUCTS_PER_PAGE = 24;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const q = url.searchParams;
  const pageParam = q.get("page") ?? "1";
  if (!/^[1-9]\d{0,3}$/.test(pageParam)) notFound();
  const page = Number(pageParam);
  const sort = (SORTS as string[]).includes(q.get("sort") ?? "") ? (q.get("sort") as ProductSort) : "newest";
  const search = normaliseSearch(q.get("q") ?? "") || undefined;
  const [categories, colours] = await Promise.all([content.listCategories(lang), content.listColours(lang)]);
  const category = categories.find((c) => c.slug === q.get("category"));
  const colour = colours.find((c) => c.slug === q.get("colour"));
  const [products, pages, alternates] = await Promise.all([
    content.listProducts({
      lang,
      page,
      perPage: PRODUCTS_PER_PAGE,
      category: category?.id,
      colour: colour?.id,
      sort,
      search,
    }),
    search ? content.search(search, lang).then((hits) => hits.filter((h) => h.kind === "pages")) : Promise.resolve([]),
    alternatesFor(content, url),
  ]);
  if (page > 1 && page > products.totalPages) notFound();
  const t = i18nFor(lang).t;
  return {
    products: { ...products, items: productCards(products.items) },
    pages,
    ...filterChoices(categories, colours),
    current: { category: category?.slug, colour: colour?.slug, sort, q: search },
    alternates,
    title: t("nav.products"),
    description: t("products.description"),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const lang = langFromPath(args.location.pathname);
  const listPath = localizePath(lang, "products");
  return metaFrom(args, {
    jsonLd: (siteUrl) => [
      collectionPageLd(
        siteUrl,
        args.loaderData?.title ?? "",
        listPath,
        lang,
        productItems(args.loaderData?.products.items ?? [], (p) => productPath(listPath, lang, p.id)),
      ),
    ],
  });
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // The product dialog, when a product is open over the list (its child route).
  const dialog = useOutlet();
  const { search, pathname } = useLocation();
  const { products, pages, categories, colours, current } = loaderData;
  const lang = langFromPath(pathname);
  const listPath = localizePath(lang, "products");
  const hrefFor = (page: number) => {
    // Without a query (the list as most visitors first see it) no URLSearchParams is needed.
    if (!search) return page === 1 ? listPath : `${listPath}?page=${page}`;
    const params = new URLSearchParams(search);
    if (page === 1) params.delete("page");
    else params.set("page", String(page));
    const qs = params.toString();
    return qs ? `${listPath}?${qs}` : listPath;
  };
  return (
    <main id="main" className="listing" tabIndex={-1}>
      <header className="listing__header">
        <h1 className="display">{t("nav.products")}</h1>
        <p className="listing__count" aria-live="polite">
          {t("products.count", { count: products.total })}
        </p>
      </header>
      <ProductFilters categories={categories} colours={colours} current={current} action={listPath} />
      {pages.length > 0 ? (
        <section className="search-pages" aria-label={t("products.pagesFound")}>
          <ul>
            {pages.map((p) => (
              <li key={p.id}>
                <SmartLink to={p.href}>{p.title}</SmartLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {products.items.length > 0 ? (
        <ProductGrid
          products={products.items}
          hrefOf={(p) => productPath(listPath, lang, p.id) + search}
          label={t("nav.products")}
          headingLevel={2}
          aboveFold={dialog === null}
        />
      ) : (
        <p className="empty">{t("products.none")}</p>
      )}
      <Pagination page={products.page} totalPages={products.totalPages} hrefFor={hrefFor} />
      {dialog}
    </main>
  );
}
