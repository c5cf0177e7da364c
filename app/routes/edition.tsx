// One collection or exclusive: an editorial opening (image, title, text), then its products.
import { useLocation, useOutlet } from "react-router";
import type { Route } from "./+types/edition";
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
import { editionKindOf } from "./editions";
import { ProductGrid } from "../components/ProductCard";
import { productCards } from "../lib/product-cards";
import { ResponsiveImage } from "../components/ResponsiveImage";
import { Prose } from "../components/Prose";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useT } from "../lib/i18n";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const kind = editionKindOf(url.pathname);
  const slug = slugParam(params.slug);
  const edition = await content.getEdition(kind, slug, lang);
  if (!edition) await redirectFromOldSlug(content, kind, slug, lang, url);
  if (!edition) await redirectToTranslation(content, kind, slug, lang, url);
  if (!edition) notFound();
  const [products, alternates] = await Promise.all([
    content.listProducts({ lang, [kind === "collections" ? "collection" : "exclusive"]: edition.id, perPage: 100 }),
    alternatesFor(content, listPathOf(url.pathname)),
  ]);
  return {
    edition,
    products: productCards(products.items),
    alternates,
    title: edition.name,
    description: edition.excerpt,
    image: edition.image,
  };
}

export const meta: Route.MetaFunction = (args) => productListMeta(args, args.loaderData?.products ?? []);

export default function EditionPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // The product dialog, when a product is open over this page (its child route).
  const dialog = useOutlet();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const listPath = listPathOf(pathname);
  const { edition, products } = loaderData;
  return (
    <main id="main" className="edition" tabIndex={-1}>
      <Breadcrumbs lang={lang} trail={[{ section: edition.kind }, { label: edition.name }]} />
      <header className="edition__opening">
        <div className="edition__media">
          <ResponsiveImage
            image={edition.image}
            ratio="3 / 2"
            sizes="(min-width: 900px) 60vw, 100vw"
            priority={dialog === null}
          />
        </div>
        <div className="edition__intro">
          <p className="label">
            {[t(`nav.${edition.kind}`), edition.partner, edition.year].filter(Boolean).join(" · ")}
          </p>
          <h1 className="display">{edition.name}</h1>
          {edition.subtitle ? <p className="lede">{edition.subtitle}</p> : null}
          {edition.designer ? (
            <p className="edition__designer">{t("product.by", { name: edition.designer.name })}</p>
          ) : null}
          <Prose html={edition.introHtml} />
        </div>
      </header>
      <section aria-labelledby="edition-products">
        <h2 id="edition-products" className="section-title">
          {t("editions.objects")}
        </h2>
        {products.length > 0 ? (
          <ProductGrid
            products={products}
            hrefOf={(p) => productPath(listPath, lang, p.id)}
            aboveFold={dialog === null}
          />
        ) : (
          <p className="empty">{t("products.none")}</p>
        )}
      </section>
      {dialog}
    </main>
  );
}
