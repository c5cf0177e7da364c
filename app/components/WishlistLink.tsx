import { useEffect } from "react";
import { ChromeNavLink } from "./ChromeLink";
import { useWishlist } from "../stores/wishlist";
import { localizePath, type Lang } from "../../common/locale";
import { useT } from "../lib/i18n";

export function WishlistLink({ lang }: { lang: Lang }) {
  const t = useT();
  const count = useWishlist((s) => s.ids.length);
  useEffect(() => {
    void useWishlist.persist.rehydrate();
  }, []);
  return (
    <ChromeNavLink
      to={localizePath(lang, "wishlist")}
      className="wishlist-link"
      aria-label={t("wishlist.count", { count })}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z"
          fill={count > 0 ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.3"
        />
      </svg>
      <span className="wishlist-link__count" data-empty={count === 0 || undefined}>
        {count}
      </span>
    </ChromeNavLink>
  );
}
