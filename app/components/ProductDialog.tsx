// The product detail as a modal dialog over the list it was opened from.
// The server renders it open, complete and indexable; in the browser it becomes a true modal
// (focus moves in and is trapped, Escape closes). Closing returns to the list with its scroll
// kept, and focus goes back to where it was.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { langFromPath } from "../../common/locale";
import { usePublicConfig } from "../lib/use-public-config";
import { useT } from "../lib/i18n";
import { isHydrated } from "../lib/hydration";

export function ProductDialog({
  closeTo,
  labelledBy,
  children,
}: {
  closeTo: string;
  labelledBy: string;
  children: React.ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const lang = langFromPath(useLocation().pathname);
  const { localeCookie } = usePublicConfig();
  // Opened by a click in the list, it rises in; sent open by the server, it is simply there.
  const [enter] = useState(isHydrated);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocus =
      document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement)
        ? document.activeElement
        : null;
    if (dialog.open) dialog.close();
    dialog.showModal();
    document.documentElement.dataset.dialogOpen = "true";
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      delete document.documentElement.dataset.dialogOpen;
      const target =
        returnFocus && document.contains(returnFocus)
          ? returnFocus
          : document.querySelector<HTMLElement>("main a, main button");
      target?.focus({ preventScroll: true });
    };
  }, []);

  const close = () => void navigate(closeTo, { preventScrollReset: true });

  // A click on the backdrop closes, like Escape (onCancel) and the close button: the keyboard has
  // both of those, so the backdrop needs no key handler of its own.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      open
      className={enter ? "product-dialog product-dialog--enter" : "product-dialog"}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div className="product-dialog__panel">
        <div className="product-dialog__bar">
          {/* The page behind a modal is inert: the dialog carries its own language switch. */}
          <LanguageSwitcher lang={lang} cookie={localeCookie} />
        </div>
        <button
          type="button"
          className="product-dialog__close"
          onClick={close}
          aria-label={t("product.close")}
          data-autofocus
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.4" />
          </svg>
        </button>
        {children}
      </div>
    </dialog>
  );
}
