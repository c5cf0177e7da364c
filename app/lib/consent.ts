// The visitor's consent, kept in the browser only (localStorage), so every page stays the same
// for everyone and cacheable: the server never reads it. Two purposes can be granted — statistics
// (analytics_storage) and marketing (ad_storage, ad_user_data, ad_personalization); what is
// strictly necessary (the language cookie, the wishlist) needs none. A choice is asked again
// after a year, or when CONSENT_VERSION changes (new purposes).
import { create } from "zustand";

export const CONSENT_STORAGE_KEY = "fc:consent";
export const CONSENT_VERSION = 1;
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
  /** ISO time of the decision. */
  at: string;
  v: number;
}

type StorageLike = Pick<Storage, "getItem" | "setItem">;

/** The stored choice, or null when there is none, it is malformed, outdated or older than a year. */
export function readConsent(storage: StorageLike | undefined, now = Date.now()): ConsentChoice | null {
  try {
    const raw = storage?.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ConsentChoice>;
    if (
      value.v !== CONSENT_VERSION ||
      typeof value.analytics !== "boolean" ||
      typeof value.marketing !== "boolean" ||
      typeof value.at !== "string"
    )
      return null;
    const at = Date.parse(value.at);
    if (!Number.isFinite(at) || now - at > CONSENT_MAX_AGE_MS || at - now > 24 * 60 * 60 * 1000) return null;
    return { analytics: value.analytics, marketing: value.marketing, at: value.at, v: CONSENT_VERSION };
  } catch {
    return null;
  }
}

export function writeConsent(
  storage: StorageLike | undefined,
  choice: Pick<ConsentChoice, "analytics" | "marketing">,
  now = Date.now(),
): ConsentChoice {
  const value: ConsentChoice = {
    analytics: choice.analytics,
    marketing: choice.marketing,
    at: new Date(now).toISOString(),
    v: CONSENT_VERSION,
  };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the choice holds for this page only */
  }
  return value;
}

/** Whether anything of the tag manager may run. */
export function allowsTags(choice: ConsentChoice | null): boolean {
  return !!choice && (choice.analytics || choice.marketing);
}

/** The hosted policies of the consent service, per language (iubenda's public URL pattern). */
export function policyLinks(
  ids: { en: string | undefined; it: string | undefined } | undefined,
  lang: "en" | "it",
): { privacy: string; cookie: string } | null {
  const id = ids?.[lang] ?? ids?.en ?? ids?.it;
  if (!id || !/^\d+$/.test(id)) return null;
  const base = `https://www.iubenda.com/privacy-policy/${id}`;
  return { privacy: base, cookie: `${base}/cookie-policy` };
}

interface ConsentState {
  /** False on the server and before the browser has read the stored choice. */
  ready: boolean;
  choice: ConsentChoice | null;
  /** The banner is shown: no choice yet, or reopened from the footer. */
  open: boolean;
  /** Reopened by the visitor (focus returns to the opener when it closes). */
  reopened: boolean;
  /** What reopened it (the footer's button): focus goes back there when it closes. */
  opener: HTMLElement | null;
  load(): void;
  decide(choice: Pick<ConsentChoice, "analytics" | "marketing">): void;
  reopen(from?: HTMLElement | null): void;
  close(): void;
}

const storage = (): StorageLike | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

export const useConsent = create<ConsentState>()((set, get) => ({
  ready: false,
  choice: null,
  open: false,
  reopened: false,
  opener: null,
  load() {
    if (get().ready) return;
    const choice = readConsent(storage());
    set({ ready: true, choice, open: choice === null, reopened: false });
  },
  decide(choice) {
    set({ choice: writeConsent(storage(), choice), open: false });
  },
  reopen(from = null) {
    set({ open: true, reopened: true, opener: from });
  },
  close() {
    // Closing without a decision is only possible once there is one.
    if (get().choice) set({ open: false });
  },
}));
