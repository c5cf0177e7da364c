// The pure parts behind the browser journeys (tests/e2e/journeys.test.ts walks them in Chromium):
// a message lookup that never throws, the once-a-minute reload guard, and which links prefetch.
import { describe, expect, it } from "vitest";
import { i18nFor, messagesLoaded } from "../../app/lib/i18n";
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS } from "../../app/lib/chunk-reload";
import { isPagePath, prefetchAllowed } from "../../app/lib/prefetch";
import { focalPosition } from "../../app/components/ResponsiveImage";

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe("messages", () => {
  it("answers a lookup in a language whose messages were never loaded, without throwing", () => {
    expect(messagesLoaded("it")).toBe(false);
    const i18n = i18nFor("it");
    expect(typeof i18n.t("tagline")).toBe("string");
  });
});

describe("the chunk reload guard", () => {
  it("allows one reload per minute per tab", () => {
    const storage = memoryStorage();
    const start = 1_000_000;
    expect(claimReload(start, storage)).toBe(true);
    expect(claimReload(start + 1_000, storage)).toBe(false);
    expect(claimReload(start + RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(claimReload(start + RELOAD_GUARD_MS, storage)).toBe(true);
  });

  it("refuses when the browser keeps no session storage (no loop it cannot count)", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(claimReload(Date.now(), broken)).toBe(false);
  });

  it("knows a failed chunk by the browsers' messages", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Loading chunk 12 failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new Error("x is not a function"))).toBe(false);
  });
});

describe("prefetch", () => {
  it("prefetches pages of the site, not files, and not on slow or data-saving connections", () => {
    expect(isPagePath("/it/collezioni")).toBe(true);
    expect(isPagePath("/products?page=2")).toBe(true);
    expect(isPagePath("/media/2024/01/a.webp")).toBe(false);
    expect(isPagePath("/sitemap.xml")).toBe(false);
    expect(isPagePath("//evil.example/x")).toBe(false);
    expect(isPagePath("https://example.com/")).toBe(false);
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ saveData: true, effectiveType: "4g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
  });
});

describe("focal point", () => {
  it("keeps the focal point at the same fraction of the frame", () => {
    expect(focalPosition({ x: 0.671, y: 0.546 })).toBe("67.1% 54.6%");
    expect(focalPosition({ x: 0, y: 1 })).toBe("0% 100%");
  });
});

describe("a media's focal point from WordPress", () => {
  const media = (focal_point: unknown) => ({
    id: 7,
    alt_text: "",
    source_url: "https://wp.example/wp-content/uploads/a.webp",
    media_details: { width: 1600, height: 900, sizes: {}, focal_point },
  });
  it("takes two fractions, as numbers or numeric strings, and ignores anything else", async () => {
    const { wpMedia } = await import("../../server/content/schemas");
    expect(wpMedia.parse(media({ x: 0.6, y: "0.4" })).media_details.focal_point).toEqual({ x: 0.6, y: 0.4 });
    for (const bad of [undefined, null, "0.5,0.5", { x: 2, y: 0.5 }, { x: "left", y: 0.5 }, { x: 0.5 }, [0.5, 0.5]]) {
      expect(wpMedia.parse(media(bad)).media_details.focal_point).toBeUndefined();
    }
  });
});
