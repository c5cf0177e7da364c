// Editors' HTML as it reaches a page: prose kept, everything executable gone, images lazy and
// local, WordPress links turned into site routes, external links unable to reach back.
import { describe, expect, it } from "vitest";
import { sanitizeContent } from "../../server/content/sanitize";
import { createSiteUrls } from "../../server/content/site-urls";

const WP = "http://wordpress:8080";
const urls = createSiteUrls({ wpUrl: WP, wpPublicUrl: "https://cms.fc.example" });
const clean = (html: string) => sanitizeContent(html, { urls });

describe("sanitize: nothing executable survives", () => {
  it("drops scripts, styles, iframes, event handlers and inline styles", () => {
    const out = clean(
      `<p style="color:red" onclick="steal()">Hello</p><script>alert(1)</script><style>p{}</style>` +
        `<iframe src="https://evil.example"></iframe><img src="x.jpg" onerror="alert(1)" onload="x()">`,
    );
    expect(out).not.toMatch(/script|style|iframe|onerror|onload|onclick|alert|steal/);
    expect(out).toContain("<p>Hello</p>");
  });

  it("drops javascript: and data: URLs", () => {
    const out = clean(
      `<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><img src="data:image/png;base64,AAAA">`,
    );
    expect(out).not.toMatch(/javascript|data:/i);
  });

  it("keeps the prose elements of the allow-list and unwraps the rest", () => {
    const out = clean(
      `<!-- wp:paragraph --><div class="wp-block-group"><h1>Title</h1><h2>Sub</h2><h5>Small</h5>` +
        `<p><strong>b</strong> <em>i</em> <span>plain</span></p><ul><li>one</li></ul><blockquote>q</blockquote>` +
        `<figure><img src="a.jpg" alt="A"><figcaption>cap</figcaption></figure><hr><table><tr><td>cell</td></tr></table></div>`,
    );
    expect(out).toContain("<h2>Title</h2>");
    expect(out).toContain("<h2>Sub</h2>");
    expect(out).toContain("<h4>Small</h4>");
    expect(out).toContain("<p><strong>b</strong> <em>i</em> plain</p>");
    expect(out).toContain("<ul><li>one</li></ul>");
    expect(out).toContain("<figcaption>cap</figcaption>");
    expect(out).toContain("cell");
    expect(out).not.toMatch(/<div|<span|<table|class=|wp:paragraph/);
  });
});

describe("sanitize: images", () => {
  it("loads images lazily, decodes them async and serves them from /media", () => {
    const out = clean(
      `<img src="${WP}/wp-content/uploads/2024/05/a.jpg" srcset="${WP}/wp-content/uploads/2024/05/a-300x300.jpg 300w, https://cms.fc.example/wp-content/uploads/2024/05/a.jpg 1024w" sizes="(max-width: 1024px) 100vw, 1024px" width="1024" height="1024" class="wp-image-3">`,
    );
    expect(out).toContain('src="/media/2024/05/a.jpg"');
    expect(out).toContain('srcset="/media/2024/05/a-300x300.jpg 300w, /media/2024/05/a.jpg 1024w"');
    expect(out).toContain('loading="lazy"');
    expect(out).toContain('decoding="async"');
    expect(out).toContain('width="1024"');
    expect(out).not.toContain("class=");
    expect(out).not.toContain("wordpress:8080");
  });

  it("uses MEDIA_URL when set", () => {
    const out = sanitizeContent(`<img src="${WP}/wp-content/uploads/2024/05/a.jpg">`, {
      urls: createSiteUrls({ wpUrl: WP, mediaUrl: "https://media.fc.example" }),
    });
    expect(out).toContain('src="https://media.fc.example/2024/05/a.jpg"');
  });
});

describe("sanitize: links", () => {
  const href = (link: string, lookup?: (slug: string) => number | undefined) => {
    const out = sanitizeContent(`<a href="${link}">x</a>`, { urls, productLookup: lookup });
    return /href="([^"]*)"/.exec(out)?.[1];
  };

  it("turns WordPress permalinks into site routes", () => {
    expect(href(`${WP}/`)).toBe("/");
    expect(href(`${WP}/it/`)).toBe("/it");
    expect(href(`${WP}/products/`)).toBe("/products");
    expect(href(`${WP}/products/luna/`)).toBe("/products");
    expect(href(`${WP}/products/luna/`, (slug) => (slug === "luna" ? 12 : undefined))).toBe("/products/12");
    expect(href(`${WP}/it/products/luna-it/`)).toBe("/it/prodotti");
    expect(href(`${WP}/collections/alba/`)).toBe("/collections/alba");
    expect(href(`${WP}/it/collections/alba-it/`)).toBe("/it/collezioni/alba-it");
    expect(href(`${WP}/exclusives/hotel-roma/`)).toBe("/exclusives/hotel-roma");
    expect(href(`${WP}/product_categories/vases/`)).toBe("/categories/vases");
    expect(href(`${WP}/projects/villa/`)).toBe("/projects");
    expect(href("https://cms.fc.example/about/#team")).toBe("/about#team");
    expect(href(`${WP}/it/chi-siamo/`)).toBe("/it/about");
    expect(href(`${WP}/manifattura/`)).toBe("/it/manifattura");
    expect(href(`${WP}/it/contatti/`)).toBe("/it/contatti");
    expect(href(`${WP}/home-it/`)).toBe("/it");
    // The scheme does not matter: WordPress often writes http behind a TLS proxy.
    expect(href("http://cms.fc.example/funding/")).toBe("/funding");
    expect(href(`${WP}/wp-content/uploads/2024/05/catalogue.pdf`)).toBe("/media/2024/05/catalogue.pdf");
    // Something the site has no page for: the site's own 404, never the WordPress host.
    expect(href(`${WP}/some/old-post/`)).toBe("/some/old-post");
  });

  it("keeps site paths as they are", () => {
    expect(href("/it/collezioni")).toBe("/it/collezioni");
    expect(href("#details")).toBe("#details");
  });

  it("gives external links rel=noopener, keeping the editor's rel words", () => {
    const out = clean(
      `<a href="https://instagram.com/fc" target="_blank" rel="nofollow">ig</a><a href="/about" target="_self">about</a>`,
    );
    expect(out).toContain('<a href="https://instagram.com/fc" target="_blank" rel="nofollow noopener">ig</a>');
    expect(out).toContain('<a href="/about" target="_self">about</a>');
    expect(clean(`<a href="mailto:info@fc.example">mail</a>`)).toContain('rel="noopener"');
  });
});
