// Our own consent banner (dark grey #333333, white text): accept, reject, or choose per
// purpose; remembered in the browser (app/lib/consent.ts) and reopened from the footer. It is
// rendered in the browser only, after hydration, so pages stay the same for everyone. It is a
// non-modal dialog: the page stays usable, nothing is trapped; focus moves into it when the
// visitor reopens it (or when nothing else has focus yet) and goes back where it was after.
// Shown only when there is something to consent to (GTM_ID set).
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { policyLinks, useConsent } from "../../lib/consent";
import { langFromPath } from "../../../common/locale";
import { usePublicConfig } from "../../lib/use-public-config";
import { useT } from "../../lib/i18n";
import "./consent.css";

export function ConsentBanner() {
  const t = useT();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const config = usePublicConfig();
  const { ready, open, choice, reopened, load, decide, close } = useConsent();
  const [customising, setCustomising] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const customiseButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const enabled = !!config.gtmId;

  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);

  // Each opening starts from the stored choice.
  useEffect(() => {
    if (!open) return;
    setAnalytics(choice?.analytics ?? false);
    setMarketing(choice?.marketing ?? false);
    setCustomising(reopened);
    const active = document.activeElement;
    if (reopened || !active || active === document.body) heading.current?.focus({ preventScroll: true });
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!enabled || !ready || !open) return null;

  const finish = (next: { analytics: boolean; marketing: boolean } | null) => {
    const inside = heading.current?.closest(".consent")?.contains(document.activeElement) ?? false;
    if (next) decide(next);
    else close();
    const { opener } = useConsent.getState();
    const target = opener && opener.isConnected ? opener : inside ? document.getElementById("main") : null;
    useConsent.setState({ opener: null });
    target?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "Escape") return;
    if (customising && !reopened) {
      setCustomising(false);
      customiseButton.current?.focus();
      event.stopPropagation();
    } else if (choice) {
      finish(null);
      event.stopPropagation();
    }
  };

  const links = policyLinks(config.consentPolicyIds, lang);
  return (
    <section
      className="consent"
      data-open=""
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={onKeyDown}
    >
      <div className="consent__inner">
        <div className="consent__text">
          <h2 id={`${id}-title`} className="consent__title" tabIndex={-1} ref={heading}>
            {t("consent.title")}
          </h2>
          <p id={`${id}-text`}>{t("consent.text")}</p>
          {links ? (
            <p className="consent__links">
              <a href={links.privacy} target="_blank" rel="noopener">
                {t("consent.privacyPolicy")}
              </a>
              <a href={links.cookie} target="_blank" rel="noopener">
                {t("consent.cookiePolicy")}
              </a>
            </p>
          ) : null}
        </div>
        {customising ? (
          <fieldset className="consent__options" id={`${id}-options`}>
            <legend className="visually-hidden">{t("consent.purposes")}</legend>
            <label className="consent__option">
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t("consent.necessary")}</strong> {t("consent.necessaryText")}
              </span>
            </label>
            <label className="consent__option">
              <input
                type="checkbox"
                name="analytics"
                checked={analytics}
                onChange={(e) => setAnalytics(e.currentTarget.checked)}
              />
              <span>
                <strong>{t("consent.analytics")}</strong> {t("consent.analyticsText")}
              </span>
            </label>
            <label className="consent__option">
              <input
                type="checkbox"
                name="marketing"
                checked={marketing}
                onChange={(e) => setMarketing(e.currentTarget.checked)}
              />
              <span>
                <strong>{t("consent.marketing")}</strong> {t("consent.marketingText")}
              </span>
            </label>
          </fieldset>
        ) : null}
        <div className="consent__actions">
          <button
            type="button"
            className="consent__button consent__button--choice"
            onClick={() => finish({ analytics: false, marketing: false })}
          >
            {t("consent.reject")}
          </button>
          {customising ? (
            <button type="button" className="consent__button" onClick={() => finish({ analytics, marketing })}>
              {t("consent.save")}
            </button>
          ) : (
            <button
              type="button"
              className="consent__button"
              ref={customiseButton}
              aria-expanded="false"
              onClick={() => setCustomising(true)}
            >
              {t("consent.customise")}
            </button>
          )}
          <button
            type="button"
            className="consent__button consent__button--choice"
            onClick={() => finish({ analytics: true, marketing: true })}
          >
            {t("consent.accept")}
          </button>
          {reopened && choice ? (
            <button
              type="button"
              className="consent__close"
              onClick={() => finish(null)}
              aria-label={t("consent.close")}
            >
              ×
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
