import { describe, expect, it } from "vitest";
import { documentBytes, documentHtml } from "../../app/lib/document-html";
import { INERT_HYDRATION_TYPE } from "../../common/document";
import { inlineScripts, scriptHash } from "../../server/http/security-headers";

const HYDRATE =
  'import "/assets/manifest.js"; import * as route0 from "/assets/root.js"; import("/assets/entry.client.js");';
const page =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js" crossorigin=""/>' +
  '<link rel="stylesheet" href="/assets/app.css"/><link rel="preload" as="image" imageSrcSet="/h.webp 768w" fetchPriority="high"/></head>' +
  '<body><main><p>&lt;link rel="modulepreload"</p><img src="/h.webp" fetchPriority="high"/></main>' +
  "<script>window.__reactRouterContext = {};</script>" +
  `<script type="module" async="">${HYDRATE}</script>` +
  "<script>window.__reactRouterContext.streamController.close();</script></body></html>";

describe("the document's scripts wait for the first photo", () => {
  it("sends the hydration script inert, with the modules it preloads, and a loader after it", () => {
    const out = documentHtml(page);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('<script type="module"');
    const inert = /<script type="([^"]+)" id="fc-hydration" data-preload="([^"]*)">([\s\S]*?)<\/script><script>/.exec(
      out,
    );
    expect(inert?.[1]).toBe(INERT_HYDRATION_TYPE);
    expect(JSON.parse(inert![2]!.replace(/&quot;/g, '"'))).toEqual(["/assets/a.js", "/assets/b.js"]);
    expect(inert?.[3]).toBe(HYDRATE);
    // What the visitor sees first is untouched.
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain('<link rel="preload" as="image" imageSrcSet="/h.webp 768w" fetchPriority="high"/>');
    expect(out).toContain('<p>&lt;link rel="modulepreload"</p>');
    expect(out).toContain("<script>window.__reactRouterContext.streamController.close();</script>");
  });

  it("keeps the hydration script's text, so the CSP hash that allows it allows the copy the loader runs", () => {
    const hashes = inlineScripts(documentHtml(page)).map(scriptHash);
    expect(hashes).toContain(scriptHash(HYDRATE));
  });

  it("leaves a document without React Router's hydration script alone", () => {
    const html = '<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><p>offline</p></body></html>';
    expect(documentHtml(html)).toBe(html);
  });
});

describe("the document's bytes", () => {
  it("are rewritten as its text would be, every byte of text in other alphabets passing through as it came", () => {
    const text = page.replace("<main>", "<main><h1>Però — porcellana “FC” ✓ 😀</h1>");
    const out = documentBytes(Buffer.from(text, "utf8"));
    expect(out.equals(Buffer.from(documentHtml(text), "utf8"))).toBe(true);
    expect(out.toString("utf8")).toContain("Però — porcellana “FC” ✓ 😀");
  });

  it("are found in the bytes: a preload without an address stays, and so does one after the hydration script", () => {
    const text = page
      .replace("<head>", '<head><link rel="modulepreload" data-x="1"/><link rel="modulepreload" href="/assets/c.js">')
      .replace("</body>", '<link rel="modulepreload" href="/assets/late.js"/></body>');
    const out = documentBytes(Buffer.from(text, "utf8"));
    expect(out.equals(Buffer.from(documentHtml(text), "utf8"))).toBe(true);
    expect(out.toString("utf8")).toContain('<link rel="modulepreload" data-x="1"/>');
    expect(out.toString("utf8")).toContain('<link rel="modulepreload" href="/assets/late.js"/>');
    expect(out.toString("utf8")).toContain(
      'data-preload="[&quot;/assets/c.js&quot;,&quot;/assets/a.js&quot;,&quot;/assets/b.js&quot;]"',
    );
  });

  it("leave a document without React Router's hydration script as it is", () => {
    const body = Buffer.from("<html><body><p>caffè</p></body></html>", "utf8");
    expect(documentBytes(body)).toBe(body);
  });
});
