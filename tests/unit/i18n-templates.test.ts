// The page's translate function (app/lib/i18n.ts, useT) fills plain `{{name}}` messages in itself
// instead of asking i18next each time: every message of both languages must read exactly as
// i18next would write it, whatever the values, and what it does not handle still goes to i18next.
import { describe, expect, it } from "vitest";
import en from "../../locales/en/common.json";
import it_ from "../../locales/it/common.json";
import { fixedTranslator, i18nFor, provideMessages } from "../../app/lib/i18n";

provideMessages("en", en);
provideMessages("it", it_);

/** Every key of a message file with its text ("a.b" → "…"). */
function messages(tree: Record<string, unknown>, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string"
      ? [[prefix + k, v] as [string, string]]
      : messages(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}

describe("messages filled in without i18next", () => {
  for (const [lang, file] of [
    ["en", en],
    ["it", it_],
  ] as const) {
    it(`${lang}: every message with placeholders reads as i18next writes it`, () => {
      const i18n = i18nFor(lang);
      const t = fixedTranslator(i18n) as unknown as (key: string, options?: Record<string, unknown>) => string;
      const withPlaceholders = messages(file as Record<string, unknown>).filter(([, text]) => text.includes("{{"));
      expect(withPlaceholders.length).toBeGreaterThan(10);
      for (const [key, text] of withPlaceholders) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
        const names = [...text.matchAll(/\{\{\s*([\w]+)/g)].map((m) => m[1]!);
        for (const values of [
          Object.fromEntries(names.map((n, i) => [n, n === "count" ? i + 1 : `Vaso “${n}” & <b>è</b> $1`])),
          Object.fromEntries(names.map((n) => [n, 2])),
        ]) {
          // Twice: the second call is served from the compiled template.
          expect(t(base, values), key).toBe(i18n.t(base, values));
          expect(t(base, values), key).toBe(i18n.t(base, values));
        }
      }
    });
  }

  it("leaves to i18next what is not plain substitution: a missing value, an option of its own", () => {
    const i18n = i18nFor("en");
    const t = fixedTranslator(i18n) as unknown as (key: string, options?: Record<string, unknown>) => string;
    expect(t("product.addToWishlist", {})).toBe(i18n.t("product.addToWishlist", {}));
    expect(t("product.addToWishlist", { name: "Onda", defaultValue: "x" })).toBe(
      i18n.t("product.addToWishlist", { name: "Onda", defaultValue: "x" }),
    );
    expect(t("products.count", { count: 1 })).toBe("1 object");
    expect(t("nav.products")).toBe(i18n.t("nav.products"));
  });

  for (const lang of ["en", "it"] as const) {
    it(`${lang}: a plural message asked with its count alone reads as i18next writes it, for every count`, () => {
      const i18n = i18nFor(lang);
      const t = fixedTranslator(i18n) as unknown as (key: string, options?: Record<string, unknown>) => string;
      for (const key of ["wishlist.count", "products.count", "categories.count", "forms.status.rateLimited"]) {
        for (const count of [0, 1, 2, 5, 21, 100, 1.5])
          expect(t(key, { count }), `${key} ${count}`).toBe(i18n.t(key, { count }));
      }
      expect(t("products.count", { count: 1 })).toBe(lang === "en" ? "1 object" : "1 oggetto");
      expect(t("products.count", { count: 0 })).toBe(lang === "en" ? "0 objects" : "0 oggetti");
    });
  }
});
