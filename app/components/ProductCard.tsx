// A product in a grid (DESIGN.md): image on bone in 4:5, the name in serif, the category in
// small caps, the wishlist heart. The link opens the product as a dialog over this list, keeping
// the list's scroll position (preventScrollReset).
import { useTranslation } from "react-i18next";
import type { ProductSummary } from "../../server/content/types";
import { ResponsiveImage } from "./ResponsiveImage";
import { SmartLink } from "./SmartLink";
import { WishlistToggle } from "./WishlistToggle";

export function ProductCard({ product, to, priority = false }: { product: ProductSummary; to: string; priority?: boolean }) {
  const { t } = useTranslation();
  const englishId = product.translations.en ?? product.id;
  return (
    <article className="product-card">
      <SmartLink to={to} preventScrollReset className="product-card__link">
        <div className="product-card__media">
          <ResponsiveImage image={product.image} ratio="4 / 5" sizes="(min-width: 1200px) 22vw, (min-width: 700px) 30vw, 46vw" priority={priority} />
        </div>
        <div className="product-card__text">
          {product.categories[0] ? <p className="label">{product.categories[0].name}</p> : null}
          <h3 className="product-card__name">{product.name}</h3>
          {product.code ? <p className="product-card__code"><span className="visually-hidden">{t("product.code")} </span>{product.code}</p> : null}
        </div>
      </SmartLink>
      <WishlistToggle englishId={englishId} name={product.name} />
    </article>
  );
}

export function ProductGrid({ products, hrefOf, label }: { products: ProductSummary[]; hrefOf: (p: ProductSummary) => string; label?: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} to={hrefOf(p)} priority={i < 2} />
        </li>
      ))}
    </ul>
  );
}
