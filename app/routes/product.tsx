// A product, as a dialog over the list it was opened from: /products/{id}, and the same under a
// category, collection, exclusive or projects (spec §2). The id is optional in the spec: without
// one the list shows alone.
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/product";
import { siteContext } from "../lib/context";
import { idParam, langOf, metaFrom, notFound } from "../lib/route-helpers";
import { alternatesFor } from "../lib/alternates.server";
import { listPathOf, localizePath } from "../lib/locale";
import { ProductDialog } from "../components/ProductDialog";
import { ProductDetail } from "../components/ProductDetail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.id === undefined) return null;
  const { content } = context.get(siteContext);
  const lang = langOf(request);
  const id = idParam(params.id);
  const product = await content.getProduct(id, lang);
  if (!product) notFound();
  const alternates = await alternatesFor(content, new URL(request.url).pathname);
  return {
    product,
    alternates,
    title: product.name,
    description: product.excerpt,
    image: product.image ? { url: product.image.url, width: product.image.width, height: product.image.height, alt: product.image.alt } : null,
  };
}

export const meta: Route.MetaFunction = (args) => (args.loaderData ? metaFrom(args, { type: "product" }) : []);

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  if (!loaderData) return null;
  const { product } = loaderData;
  const listPath = listPathOf(pathname);
  return (
    <ProductDialog closeTo={listPath + search} labelledBy="product-title">
      <ProductDetail product={product} listPath={listPath} enquireTo={`${localizePath(product.lang, "contact")}?product=${product.translations.en ?? product.id}`} closeLabel={t("product.close")} />
    </ProductDialog>
  );
}
