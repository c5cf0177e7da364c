// A product, as a dialog over the list it was opened from: /products/{id}, and the same under a
// category, collection, exclusive or projects. The id is optional: without
// one the list shows alone.
import { useLocation, type MetaDescriptor } from "react-router";
import type { Route } from "./+types/product";
import { siteContext } from "../lib/context";
import { idParam, langOf, metaFrom, notFound, redirectToTranslation } from "../lib/route-helpers";
import { alternatesFor } from "../lib/alternates.server";
import { langFromPath, listPathOf, localizePath } from "../../common/locale";
import { i18nFor, useT } from "../lib/i18n";
import { breadcrumbLd, productLd } from "../lib/structured-data";
import { ProductDialog } from "../components/ProductDialog";
import { ProductDetail } from "../components/ProductDetail";
import { englishIdOf, productView } from "../lib/product-cards";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (params.id === undefined) return null;
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const id = idParam(params.id);
  const product = await content.getProduct(id, lang);
  if (!product) await redirectToTranslation(content, "products", String(id), lang, url);
  if (!product) notFound();
  const alternates = await alternatesFor(content, url);
  return {
    product: productView(product),
    alternates,
    title: product.name,
    description: product.excerpt,
    image: product.image
      ? { url: product.image.url, width: product.image.width, height: product.image.height, alt: product.image.alt }
      : null,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  // Without an id (/categories/x/products) the list is the page: keep its head.
  if (!data) return (args.matches.at(-2) as { meta?: MetaDescriptor[] } | undefined)?.meta ?? [];
  const lang = langFromPath(args.location.pathname);
  const t = i18nFor(lang).t;
  const listPath = listPathOf(args.location.pathname);
  const trail = [
    { name: t("nav.home"), path: localizePath(lang) },
    { name: t("nav.products"), path: localizePath(lang, "products") },
    ...(listPath !== localizePath(lang, "products")
      ? [
          {
            name:
              args.matches
                .map((m) => (m?.loaderData as { title?: string } | undefined)?.title)
                .filter(Boolean)
                .at(-2) ?? listPath,
            path: listPath,
          },
        ]
      : []),
    { name: data.product.name, path: args.location.pathname },
  ];
  return metaFrom(args, {
    type: "product",
    jsonLd: (siteUrl) => [productLd(siteUrl, data.product, args.location.pathname), breadcrumbLd(siteUrl, trail)],
  });
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const t = useT();
  if (!loaderData) return null;
  const { product } = loaderData;
  const listPath = listPathOf(pathname);
  return (
    <ProductDialog closeTo={listPath + search} labelledBy="product-title">
      <ProductDetail
        product={product}
        listPath={listPath}
        enquireTo={`${localizePath(product.lang, "contact")}?product=${englishIdOf(product)}`}
        closeLabel={t("product.close")}
      />
    </ProductDialog>
  );
}
