// Consent kept in the browser, the consent service's policy links, Consent Mode, the tag-manager
// loader and the page-view event; and the client error reporter's limits and scrubbing.
import { describe, expect, it } from "vitest";
import { allowsTags, CONSENT_STORAGE_KEY, policyLinks, readConsent, writeConsent } from "../../app/lib/consent";
import {
  CONSENT_DEFAULT_SCRIPT,
  consentModeState,
  ensureGtag,
  loadTagManager,
  pageViewEvent,
  tagManagerUrl,
  updateConsentMode,
  type AnalyticsWindow,
} from "../../app/lib/analytics";
import { buildPayload, createClientErrorReporter, MAX_BYTES, stripUrl } from "../../app/lib/client-error-reporter";

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe("consent", () => {
  it("is remembered, and asked again when malformed, outdated or a year old", () => {
    const storage = memoryStorage();
    expect(readConsent(storage)).toBeNull();
    const now = Date.parse("2026-03-01T10:00:00Z");
    writeConsent(storage, { analytics: true, marketing: false }, now);
    expect(readConsent(storage, now + 1000)).toEqual({
      analytics: true,
      marketing: false,
      at: "2026-03-01T10:00:00.000Z",
      v: 1,
    });
    expect(readConsent(storage, now + 366 * 24 * 3600 * 1000)).toBeNull();
    storage.setItem(CONSENT_STORAGE_KEY, "{not json");
    expect(readConsent(storage)).toBeNull();
    storage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ analytics: true, marketing: true, at: new Date(now).toISOString(), v: 0 }),
    );
    expect(readConsent(storage, now)).toBeNull();
  });

  it("lets tags run only with a purpose granted", () => {
    expect(allowsTags(null)).toBe(false);
    expect(allowsTags({ analytics: false, marketing: false, at: "", v: 1 })).toBe(false);
    expect(allowsTags({ analytics: true, marketing: false, at: "", v: 1 })).toBe(true);
  });

  it("links the hosted policies of the page's language", () => {
    expect(policyLinks({ en: "111", it: "222" }, "it")).toEqual({
      privacy: "https://www.iubenda.com/privacy-policy/222",
      cookie: "https://www.iubenda.com/privacy-policy/222/cookie-policy",
    });
    expect(policyLinks({ en: "111", it: undefined }, "it")?.privacy).toBe("https://www.iubenda.com/privacy-policy/111");
    expect(policyLinks({ en: undefined, it: undefined }, "en")).toBeNull();
    expect(policyLinks({ en: "1/../x", it: undefined }, "en")).toBeNull();
  });
});

describe("Consent Mode and the tag manager", () => {
  it("defaults to denied in a static inline script", () => {
    expect(CONSENT_DEFAULT_SCRIPT).toContain('gtag("consent","default"');
    for (const key of ["ad_storage", "ad_user_data", "ad_personalization", "analytics_storage"])
      expect(CONSENT_DEFAULT_SCRIPT).toContain(`${key}:"denied"`);
    const win = { location: { origin: "https://fc.example" } } as AnalyticsWindow & Record<string, unknown>;
    // The inline script runs as the page runs it: its text, evaluated.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function(
      "window",
      "dataLayer",
      `${CONSENT_DEFAULT_SCRIPT.replace("window.dataLayer=window.dataLayer||[];", "")}`,
    )(win, (win.dataLayer = []));
    expect(win.dataLayer).toHaveLength(2);
  });

  it("updates consent with the Arguments object GTM expects", () => {
    const win: AnalyticsWindow = { location: { origin: "https://fc.example" } };
    updateConsentMode(win, { analytics: true, marketing: false });
    const entry = win.dataLayer![0] as IArguments;
    expect(Object.prototype.toString.call(entry)).toBe("[object Arguments]");
    expect([...entry]).toEqual([
      "consent",
      "update",
      { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
    ]);
    expect(ensureGtag(win)).toBe(win.gtag);
    expect(consentModeState(null).analytics_storage).toBe("denied");
  });

  it("adds the tag-manager script once", () => {
    const appended: { src: string; async: boolean; attrs: Record<string, string> }[] = [];
    const doc = {
      head: { appendChild: (el: unknown) => appended.push(el as (typeof appended)[number]) },
      createElement: () => ({
        src: "",
        async: false,
        attrs: {} as Record<string, string>,
        setAttribute(this: { attrs: Record<string, string> }, k: string, v: string) {
          this.attrs[k] = v;
        },
      }),
      querySelector: () => (appended.length > 0 ? {} : null),
    } as unknown as Document;
    const win: AnalyticsWindow = { location: { origin: "https://fc.example" } };
    expect(loadTagManager(win, doc, "GTM-ABC", "https://www.googletagmanager.com/gtm.js")).toBe(true);
    expect(loadTagManager(win, doc, "GTM-ABC", "https://www.googletagmanager.com/gtm.js")).toBe(false);
    expect(appended).toHaveLength(1);
    expect(appended[0]!.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-ABC");
    expect(appended[0]!.async).toBe(true);
    expect(win.dataLayer![0]).toMatchObject({ event: "gtm.js" });
    expect(tagManagerUrl("http://127.0.0.1:9/gtm.js?x=1", "GTM-A")).toBe("http://127.0.0.1:9/gtm.js?x=1&id=GTM-A");
  });

  it("describes a page view with the measurement id", () => {
    expect(
      pageViewEvent({
        origin: "https://fc.example",
        path: "/it/prodotti?page=2",
        title: "Prodotti – FC",
        lang: "it",
        measurementId: "G-TEST",
      }),
    ).toEqual({
      event: "page_view",
      send_to: "G-TEST",
      page_location: "https://fc.example/it/prodotti?page=2",
      page_path: "/it/prodotti?page=2",
      page_title: "Prodotti – FC",
      language: "it",
    });
  });
});

describe("client error reporter", () => {
  const origin = "https://fc.example";
  it("keeps paths only and scrubs email addresses", () => {
    expect(stripUrl("https://fc.example/contact?email=a@b.c#x", origin)).toBe("/contact");
    expect(stripUrl("https://cdn.example/x.js?v=1", origin)).toBe("https://cdn.example/x.js");
    const error = new Error("bad input from ada@example.com");
    error.stack = `Error: bad\n    at https://fc.example/assets/root.js?v=2:1:2\n${"    at x\n".repeat(2000)}`;
    const payload = buildPayload(
      { kind: "error", error, source: "https://fc.example/assets/root.js?v=2", line: 1, column: 2 },
      { origin, pathname: "/contact", release: "3.0.0" },
    );
    expect(payload.message).toBe("Error: bad input from [email]");
    expect(payload.source).toBe("/assets/root.js");
    expect(payload.stack).not.toContain("?v=2");
    expect(new TextEncoder().encode(JSON.stringify(payload)).length).toBeLessThanOrEqual(MAX_BYTES);
  });

  it("sends at most 5 per page view, each once, and none from other origins", () => {
    const sent: string[] = [];
    const reporter = createClientErrorReporter({
      origin,
      pathname: () => "/",
      send: (_u, body) => (sent.push(body), true),
    });
    expect(reporter.report({ kind: "error", error: new Error("same") })).toBe(true);
    expect(reporter.report({ kind: "error", error: new Error("same") })).toBe(false);
    expect(reporter.report({ kind: "error", error: "x", message: "Script error." })).toBe(false);
    expect(reporter.report({ kind: "error", error: new Error("ext"), source: "chrome-extension://abc/x.js" })).toBe(
      false,
    );
    for (let i = 0; i < 10; i++) reporter.report({ kind: "unhandledrejection", error: new Error(`e${i}`) });
    expect(sent).toHaveLength(5);
    reporter.newPage();
    expect(reporter.report({ kind: "error", error: new Error("next page") })).toBe(true);
    expect(JSON.parse(sent.at(-1)!)).toMatchObject({ kind: "error", message: "Error: next page", page: "/" });
  });

  it("sends nothing from a page view outside the sample", () => {
    const sent: string[] = [];
    const reporter = createClientErrorReporter({
      origin,
      pathname: () => "/",
      sampleRate: 0.1,
      random: () => 0.5,
      send: (_u, b) => (sent.push(b), true),
    });
    reporter.report({ kind: "error", error: new Error("x") });
    expect(sent).toEqual([]);
  });
});
