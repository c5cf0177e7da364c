// One category: its description, then its products; a product opens over it.
import { useLocation, useOutlet } from "react-router";
import type { Route } from "./+types/category";
import { siteContext } from "../lib/context";
import {
  langOf,
  notFound,
  productListMeta,
  redirectFromOldSlug,
  redirectToTranslation,
  slugParam,
} from "../lib/route-helpers";
import { alternatesFor } from "../lib/alternates.server";
import { langFromPath, listPathOf, productPath } from "../../common/locale";
import { ProductGrid } from "../components/ProductCard";
import { productCards } from "../lib/product-cards";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useT } from "../lib/i18n";
import { ListingHeader } from "../components/ListingHeader";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const slug = slugParam(params.slug);
  const category = await content.getCategory(slug, lang);
  if (!category) await redirectFromOldSlug(content, "product_categories", slug, lang, url);
  if (!category) await redirectToTranslation(content, "product_categories", slug, lang, url);
  if (!category) notFound();
  const [products, alternates] = await Promise.all([
    content.listProducts({ lang, category: category.id, perPage: 100 }),
    alternatesFor(content, listPathOf(url.pathname)),
  ]);
  return {
    category,
    products: productCards(products.items),
    alternates,
    title: category.name,
    description: category.description,
    image: category.image,
  };
}

export const meta: Route.MetaFunction = (args) => productListMeta(args, args.loaderData?.products ?? []);

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // The product dialog, when a product is open over this page (its child route).
  const dialog = useOutlet();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const listPath = listPathOf(pathname);
  const { category, products } = loaderData;
  return (
    <main id="main" className="listing" tabIndex={-1}>
      <Breadcrumbs lang={lang} trail={[{ section: "categories" }, { label: category.name }]} />
      <ListingHeader title={category.name} lede={category.description} />
      {products.length > 0 ? (
        <ProductGrid
          products={products}
          hrefOf={(p) => productPath(listPath, lang, p.id)}
          label={category.name}
          headingLevel={2}
          aboveFold={dialog === null}
        />
      ) : (
        <p className="empty">{t("products.none")}</p>
      )}
      {dialog}
    </main>
  );
}
