// Scrubbing browser error reports: the same result as the regular expressions it replaced (their
// text kept here as the oracle), on examples and on thousands of random strings made of the
// characters that matter (slashes, ?, #, @, dots, digits, quotes, white space), adversarial runs
// included. That it costs time in proportion to its input is checked on the running site
// (tests/security/client-error-cost.test.ts).
import { describe, expect, it } from "vitest";
import { scrub, scrubEmails, scrubNumbers, scrubUrls } from "../../server/http/report-scrubbing";
import { prng } from "../support/prng";

const oracle = {
  urls: (text: string) => text.replace(/((?:https?:\/\/[^\s?#)"']*)|(?:\/[^\s?#)"']*))[?#][^\s)"':]*/g, "$1"),
  emails: (text: string) => text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[email]"),
  numbers: (text: string) => text.replace(/\b\d{12,19}\b/g, "[number]"),
};

describe("error report scrubbing", () => {
  it("keeps paths, drops queries and fragments, and hides email addresses and long numbers", () => {
    expect(scrub("at https://fc.example/assets/root.js?v=2:1:2 (ada@example.com) card 4111111111111111", 500)).toBe(
      "at https://fc.example/assets/root.js:1:2 ([email]) card [number]",
    );
    expect(scrub("/contact?email=a@b.c#top and a@b. and 12345678901 and 12345678901234567890", 500)).toBe(
      "/contact and a@b. and 12345678901 and 12345678901234567890",
    );
    expect(scrub("x".repeat(100), 10)).toBe("x".repeat(10));
  });

  it("answers as the regular expressions did, on random and adversarial strings", () => {
    const random = prng(20_251_128);
    const alphabet = [
      "/",
      "/",
      "?",
      "#",
      "@",
      ".",
      ".",
      "-",
      "+",
      "_",
      ":",
      ")",
      '"',
      "'",
      " ",
      "\n",
      "a",
      "b",
      "Z",
      "h",
      "t",
      "p",
      "s",
      "0",
      "1",
      "9",
      "é",
    ];
    const samples: string[] = [
      "/".repeat(3000),
      "a".repeat(3000),
      `${"a.".repeat(1500)}@`,
      `${"/a".repeat(1500)}?x`,
      `${"1".repeat(15)}a${"1".repeat(14)}`,
      "https://x/y?z@a.b#c d@e.fg",
      "a@b@c.d",
      "x@a.b@c.d",
    ];
    for (let n = 0; n < 3000; n++)
      samples.push(Array.from({ length: random.int(80) }, () => random.pick(alphabet)).join(""));
    for (const text of samples) {
      expect(scrubUrls(text), JSON.stringify(text)).toBe(oracle.urls(text));
      expect(scrubEmails(text), JSON.stringify(text)).toBe(oracle.emails(text));
      expect(scrubNumbers(text), JSON.stringify(text)).toBe(oracle.numbers(text));
    }
  });
});
