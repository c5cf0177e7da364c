// A product in a grid: image on bone in 4:5, the name in serif, the category in
// small caps, the wishlist heart. The link opens the product as a dialog over this list, keeping
// the list's scroll position (preventScrollReset).
//
// The cards' links are plain anchors, and their grid does what a router <Link> and SmartLink did
// for each: one click handler navigates in the browser, one effect prefetches the pages of the
// links seen. A <Link> per card resolved its path, built a navigate function and a click handler
// and took a dozen hooks, on every render of every list (docs/decisions/0018-a-render-at-half-the-cpu.md).
import { useRef } from "react";
import { PrefetchPageLinks } from "react-router";
import type { ProductCardData } from "../lib/product-cards";
import { usePlainLinks } from "../lib/use-plain-links";
import { ResponsiveImage } from "./ResponsiveImage";
import { WishlistToggle } from "./WishlistToggle";
import { useT } from "../lib/i18n";

const CARD_LINK = "a.product-card__link";

export function ProductCard({
  product,
  to,
  priority = false,
  headingLevel = 3,
}: {
  product: ProductCardData;
  to: string;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const t = useT();
  return (
    <article className="product-card">
      {/* data-discover: React Router learns the routes of the links on the page from it, as from a <Link>. */}
      <a className="product-card__link" href={to} data-discover="true">
        <div className="product-card__media">
          <ResponsiveImage
            image={product.image}
            ratio="4 / 5"
            sizes="(min-width: 1200px) 22vw, (min-width: 700px) 30vw, 46vw"
            priority={priority}
          />
        </div>
        <div className="product-card__text">
          {product.category ? <p className="label">{product.category}</p> : null}
          <Heading className="product-card__name">{product.name}</Heading>
          {product.code ? (
            <p className="product-card__code">
              <span className="visually-hidden">{t("product.code")} </span>
              {product.code}
            </p>
          ) : null}
        </div>
      </a>
      <WishlistToggle englishId={product.englishId} name={product.name} />
    </article>
  );
}

/**
 * headingLevel: 2 when the grid sits right under the page's h1, 3 inside a titled section.
 * aboveFold: the grid is what the visitor sees first, so its first photos load at once. Not so
 * under an open product dialog, or below a product's photos (related objects): there they load
 * lazily like the rest and leave the bandwidth to the photo on screen.
 */
export function ProductGrid({
  products,
  hrefOf,
  label,
  headingLevel = 3,
  aboveFold = true,
}: {
  products: ProductCardData[];
  hrefOf: (p: ProductCardData) => string;
  label?: string;
  headingLevel?: 2 | 3;
  aboveFold?: boolean;
}) {
  const list = useRef<HTMLUListElement>(null);
  // What a <Link preventScrollReset> did for each card, once for the grid.
  const prefetch = usePlainLinks(list, CARD_LINK, products, { preventScrollReset: true });
  return (
    <>
      <ul ref={list} className="product-grid" aria-label={label}>
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} to={hrefOf(p)} priority={aboveFold && i < 2} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {prefetch.map((page) => (
        <PrefetchPageLinks key={page} page={page} />
      ))}
    </>
  );
}
