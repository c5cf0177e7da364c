import { useEffect, useState } from "react";
import { useWishlist } from "../stores/wishlist";
import { useT } from "../lib/i18n";

/** The heart on every product: saves the product's English id (one list for both languages). */
export function WishlistToggle({
  englishId,
  name,
  variant = "icon",
}: {
  englishId: number;
  name: string;
  variant?: "icon" | "button";
}) {
  const t = useT();
  const saved = useWishlist((s) => s.ids.includes(englishId));
  // The server renders "not saved"; the stored list is read after hydration.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const pressed = ready && saved;
  return (
    <button
      type="button"
      className={`wishlist-toggle wishlist-toggle--${variant}`}
      aria-pressed={pressed}
      aria-label={
        variant === "icon" ? t(pressed ? "product.removeFromWishlist" : "product.addToWishlist", { name }) : undefined
      }
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        // Read when clicked, not subscribed to: one store subscription a card, not two.
        useWishlist.getState().toggle(englishId);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z"
          fill={pressed ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.3"
        />
      </svg>
      {variant === "button" ? <span>{t(pressed ? "product.savedToWishlist" : "product.saveToWishlist")}</span> : null}
    </button>
  );
}
