// The wishlist: the saved objects (kept in the browser by English id) shown in the page's
// language. The same loader serves the share link (/wishlist?items=12,14), which restores a list
// on another device, and the browser's own fetch of the stored ids.
import { useEffect, useMemo, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { SmartLink } from "../components/SmartLink";
import type { Route } from "./+types/wishlist";
import { siteContext } from "../lib/context";
import { langOf, metaFrom } from "../lib/route-helpers";
import { langFromPath, localizePath } from "../../common/locale";
import { alternatesFor } from "../lib/alternates.server";
import { i18nFor, useT } from "../lib/i18n";
import { useWishlist, WISHLIST_LIMIT } from "../stores/wishlist";
import { ProductGrid } from "../components/ProductCard";
import { productCards } from "../lib/product-cards";
import { ListingHeader } from "../components/ListingHeader";

export function parseItems(value: string | null): number[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(",")
        .filter((v) => /^[1-9]\d{0,9}$/.test(v))
        .map(Number),
    ),
  ].slice(0, WISHLIST_LIMIT);
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { content } = context.get(siteContext);
  const lang = langOf(url);
  const items = parseItems(url.searchParams.get("items"));
  const products = items.length > 0 ? productCards(await content.getProductsByEnglishIds(items, lang)) : [];
  const t = i18nFor(lang).t;
  return {
    shared: items,
    products,
    alternates: await alternatesFor(content, url),
    title: t("nav.wishlist"),
    description: t("wishlistPage.description"),
  };
}

// The empty wishlist page is the same for everyone and may be indexed; a shared list (?items=)
// is one visitor's selection and is not.
export const meta: Route.MetaFunction = (args) =>
  metaFrom(args, { noindex: (args.loaderData?.shared.length ?? 0) > 0 });

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const navigate = useNavigate();
  const ids = useWishlist((s) => s.ids);
  const add = useWishlist((s) => s.add);
  const clear = useWishlist((s) => s.clear);
  const fetcher = useFetcher<typeof loader>();
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState(false);

  // A share link restores its list into this browser's wishlist, then the address is cleaned.
  useEffect(() => {
    void Promise.resolve(useWishlist.persist.rehydrate()).then(() => {
      if (loaderData.shared.length > 0) {
        add(loaderData.shared);
        void navigate(pathname, { replace: true, preventScrollReset: true });
      }
      setHydrated(true);
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const key = ids.join(",");
  useEffect(() => {
    if (!hydrated || ids.length === 0) return;
    void fetcher.load(`${localizePath(lang, "wishlist")}?items=${key}`);
  }, [hydrated, key, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  const products = useMemo(() => {
    const source = fetcher.data?.products ?? loaderData.products;
    return source.filter((p) => ids.includes(p.englishId));
  }, [fetcher.data, loaderData.products, ids]);

  const shareUrl = `${typeof window === "undefined" ? "" : window.location.origin}${localizePath(lang, "wishlist")}?items=${key}`;
  const enquiry = `${localizePath(lang, "contact")}?wishlist=${key}`;

  return (
    <main id="main" className="listing wishlist" tabIndex={-1}>
      <ListingHeader title={t("nav.wishlist")} lede={t("wishlistPage.description")} />
      {!hydrated ? (
        // The list lives in the browser: until it is read, hold the place of the empty state (its
        // text and its button), so the footer does not move when it appears (CLS 0.05 → 0).
        <div className="empty" aria-busy="true">
          <p className="empty__stack">
            <span>{t("loading")}…</span>
            <span className="empty__placeholder" aria-hidden="true">
              {t("wishlistPage.empty")}
            </span>
          </p>
          <span className="button empty__placeholder" aria-hidden="true">
            {t("wishlistPage.browse")}
          </span>
        </div>
      ) : ids.length === 0 ? (
        <div className="empty">
          <p>{t("wishlistPage.empty")}</p>
          <SmartLink className="button" to={localizePath(lang, "products")}>
            {t("wishlistPage.browse")}
          </SmartLink>
        </div>
      ) : (
        <>
          <div className="wishlist__actions">
            <p aria-live="polite">{t("products.count", { count: ids.length })}</p>
            <button
              type="button"
              className="button button--quiet"
              onClick={async () => {
                await navigator.clipboard?.writeText(shareUrl).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? t("wishlistPage.copied") : t("wishlistPage.share")}
            </button>
            <SmartLink className="button button--quiet" to={enquiry}>
              {t("wishlistPage.enquire")}
            </SmartLink>
            <button type="button" className="button button--quiet" onClick={() => clear()}>
              {t("wishlistPage.clear")}
            </button>
          </div>
          <p className="wishlist__share">
            <label htmlFor="share-link">{t("wishlistPage.shareLink")}</label>
            <input id="share-link" readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
          </p>
          <ProductGrid
            products={products}
            hrefOf={(p) => localizePath(lang, "products", p.id)}
            label={t("nav.wishlist")}
            headingLevel={2}
          />
        </>
      )}
    </main>
  );
}
