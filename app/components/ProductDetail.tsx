import { SmartLink } from "./SmartLink";
import { englishIdOf, type ProductView } from "../lib/product-cards";
import { localizePath, productPath } from "../../common/locale";
import { Gallery } from "./Gallery";
import { Prose } from "./Prose";
import { WishlistToggle } from "./WishlistToggle";
import { ProductGrid } from "./ProductCard";
import { useT } from "../lib/i18n";

export function ProductDetail({
  product,
  listPath,
  enquireTo,
}: {
  product: ProductView;
  listPath: string;
  enquireTo: string;
  closeLabel: string;
}) {
  const t = useT();
  const lang = product.lang;
  const englishId = englishIdOf(product);
  return (
    <article className="product-detail" itemScope itemType="https://schema.org/Product">
      <div className="product-detail__layout">
        <Gallery
          images={product.gallery.length > 0 ? product.gallery : product.image ? [product.image] : []}
          name={product.name}
        />
        <div className="product-detail__text">
          {product.categories[0] ? (
            <p className="label">
              <SmartLink to={localizePath(lang, "categories", product.categories[0].slug)}>
                {product.categories[0].name}
              </SmartLink>
            </p>
          ) : null}
          <h2 id="product-title" className="product-detail__name" itemProp="name">
            {product.name}
          </h2>
          {product.designer ? (
            <p className="product-detail__designer">{t("product.by", { name: product.designer.name })}</p>
          ) : null}
          <Prose html={product.descriptionHtml} className="product-detail__description" />
          <dl className="specs">
            {product.code ? (
              <>
                <dt>{t("product.code")}</dt>
                <dd itemProp="sku">{product.code}</dd>
              </>
            ) : null}
            {product.dimensions ? (
              <>
                <dt>{t("product.dimensions")}</dt>
                <dd>{product.dimensions}</dd>
              </>
            ) : null}
            {product.materials ? (
              <>
                <dt>{t("product.materials")}</dt>
                <dd>{product.materials}</dd>
              </>
            ) : null}
            {product.year ? (
              <>
                <dt>{t("product.year")}</dt>
                <dd>{product.year}</dd>
              </>
            ) : null}
            {product.collection ? (
              <>
                <dt>{t("product.collection")}</dt>
                <dd>
                  <SmartLink to={localizePath(lang, "collections", product.collection.slug)}>
                    {product.collection.name}
                  </SmartLink>
                </dd>
              </>
            ) : null}
            {product.exclusive ? (
              <>
                <dt>{t("product.exclusive")}</dt>
                <dd>
                  <SmartLink to={localizePath(lang, "exclusives", product.exclusive.slug)}>
                    {product.exclusive.name}
                  </SmartLink>
                </dd>
              </>
            ) : null}
          </dl>
          {product.colours.length > 0 ? (
            <div className="swatches">
              <p className="label">{t("product.colours")}</p>
              <ul>
                {product.colours.map((c) => (
                  <li key={c.id}>
                    <span className="swatch" style={{ background: c.hex }} aria-hidden="true" />
                    <span>{c.name}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="product-detail__actions">
            <WishlistToggle englishId={englishId} name={product.name} variant="button" />
            <SmartLink className="button button--quiet" to={enquireTo}>
              {t("product.enquire")}
            </SmartLink>
          </div>
        </div>
      </div>
      {product.related.length > 0 ? (
        <section className="product-detail__related" aria-labelledby="related-title">
          <h3 id="related-title" className="section-title">
            {t("product.related")}
          </h3>
          <ProductGrid products={product.related} hrefOf={(p) => productPath(listPath, lang, p.id)} aboveFold={false} />
        </section>
      ) : null}
    </article>
  );
}
