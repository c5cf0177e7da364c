// Page analytics through the tag manager, loaded only once consent allows it: at once
// in the browser for a visitor who consented before, right after the decision for a new one.
// Nothing of it — not even a preload — is requested before. Google Consent Mode v2 defaults to
// denied in a tiny static inline script (CONSENT_DEFAULT_SCRIPT: static so a hash-based CSP can
// allow it), and a page view with the measurement id is pushed to `dataLayer` by hand on every
// route change, once the new page's title is set.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { allowsTags, useConsent, type ConsentChoice } from "./consent";
import { usePublicConfig } from "./use-public-config";
import { langFromPath } from "../../common/locale";

/** Consent Mode v2 defaults, before anything else in <head>. Keep it static. */
export const CONSENT_DEFAULT_SCRIPT =
  'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("consent","default",{ad_storage:"denied",ad_user_data:"denied",ad_personalization:"denied",analytics_storage:"denied",wait_for_update:500});gtag("set","ads_data_redaction",true);';

export interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  location: { origin: string };
}

/** `gtag` as the inline script defines it (pushing the Arguments object, as GTM expects). */
export function ensureGtag(win: AnalyticsWindow): (...args: unknown[]) => void {
  const layer = (win.dataLayer ??= []);
  if (!win.gtag) {
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
  }
  return win.gtag;
}

export type ConsentModeState = Record<
  "analytics_storage" | "ad_storage" | "ad_user_data" | "ad_personalization",
  "granted" | "denied"
>;

export function consentModeState(choice: Pick<ConsentChoice, "analytics" | "marketing"> | null): ConsentModeState {
  const g = (on: boolean | undefined) => (on ? "granted" : "denied");
  return {
    analytics_storage: g(choice?.analytics),
    ad_storage: g(choice?.marketing),
    ad_user_data: g(choice?.marketing),
    ad_personalization: g(choice?.marketing),
  };
}

export function updateConsentMode(
  win: AnalyticsWindow,
  choice: Pick<ConsentChoice, "analytics" | "marketing"> | null,
): void {
  ensureGtag(win)("consent", "update", consentModeState(choice));
}

export function tagManagerUrl(scriptUrl: string, gtmId: string): string {
  return `${scriptUrl}${scriptUrl.includes("?") ? "&" : "?"}id=${encodeURIComponent(gtmId)}`;
}

/** Adds the tag-manager script once. Returns false when it was there already. */
export function loadTagManager(
  win: AnalyticsWindow,
  doc: Pick<Document, "createElement" | "head" | "querySelector">,
  gtmId: string,
  scriptUrl: string,
): boolean {
  const src = tagManagerUrl(scriptUrl, gtmId);
  if (doc.querySelector(`script[data-tag-manager]`)) return false;
  (win.dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = doc.createElement("script");
  script.async = true;
  script.src = src;
  script.setAttribute("data-tag-manager", gtmId);
  doc.head.appendChild(script);
  return true;
}

export interface PageView {
  event: "page_view";
  send_to: string | undefined;
  page_location: string;
  page_path: string;
  page_title: string;
  language: string;
}

export function pageViewEvent(input: {
  origin: string;
  path: string;
  title: string;
  lang: string;
  measurementId: string | undefined;
}): PageView {
  return {
    event: "page_view",
    send_to: input.measurementId,
    page_location: `${input.origin}${input.path}`,
    page_path: input.path,
    page_title: input.title,
    language: input.lang,
  };
}

let lastPageViewKey: string | undefined;

/** Loads the tag manager as consent allows and pushes a page view on every route change. */
export function useAnalytics(): void {
  const { gtmId, gtmScriptUrl, measurementId } = usePublicConfig();
  const location = useLocation();
  const ready = useConsent((s) => s.ready);
  const choice = useConsent((s) => s.choice);
  const tags = allowsTags(choice);
  const statistics = !!choice?.analytics;

  useEffect(() => {
    if (!gtmId || !ready || !choice) return;
    const win = window as unknown as AnalyticsWindow;
    updateConsentMode(win, choice);
    if (tags) loadTagManager(win, document, gtmId, gtmScriptUrl ?? "https://www.googletagmanager.com/gtm.js");
  }, [gtmId, gtmScriptUrl, ready, choice, tags]);

  useEffect(() => {
    if (!gtmId || !statistics) return;
    const key = location.key;
    // The route's <title> is committed with the navigation; wait a frame so it is in place.
    let cancelled = false;
    const timer = window.setTimeout(() => {
      requestAnimationFrame(() => {
        if (cancelled || lastPageViewKey === key) return;
        lastPageViewKey = key;
        const win = window as unknown as AnalyticsWindow;
        (win.dataLayer ??= []).push(
          pageViewEvent({
            origin: window.location.origin,
            path: location.pathname + location.search,
            title: document.title,
            lang: langFromPath(location.pathname),
            measurementId,
          }),
        );
      });
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [gtmId, statistics, measurementId, location.key, location.pathname, location.search]);
}
