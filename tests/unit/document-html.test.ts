import { describe, expect, it } from "vitest";
import { documentHtml } from "../../app/lib/document-html";

describe("the document's script preloads", () => {
  it("lowers every module preload, and only those", () => {
    const html = '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js" crossorigin=""/><link rel="stylesheet" href="/assets/app.css"/><link rel="preload" as="image" href="/h.webp"/></head><body><p>&lt;link rel="modulepreload"</p></body>';
    const out = documentHtml(html);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low"/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain('<link rel="preload" as="image" href="/h.webp"/>');
    expect(out).toContain("<p>&lt;link rel=\"modulepreload\"</p>");
  });

  it("leaves a preload that already names its priority alone", () => {
    const html = '<link rel="modulepreload" fetchpriority="high" href="/assets/a.js"/>';
    expect(documentHtml(html)).toBe(html);
  });
});
