// Security headers, and a Content-Security-Policy that survives the page cache and the CDN: built
// from the sha256 of every inline script of the rendered document (server/http/security-headers.ts),
// stored with the page-cache entry so a hit carries the same header, never a per-request nonce a
// cache would freeze. Proven in Chromium on every page type (miss and hit): no violation, and the
// page hydrates (a client-side navigation works). HSTS only when SITE_URL is https; tag-manager
// and captcha hosts only when configured.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasBuild, hasChromium } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { launchBrowser, waitForHydration } from "../support/browser";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, pageTypes, probe } from "../reliability/support";

const ready = hasBuild() && hasChromium();
let wp: FaultyWordPress;
let plain: RunningSite;
let https: RunningSite;
let browser: Browser;

function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The hashes a browser would compute for the executable inline scripts of a document. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(m[1]!) || /type="application\/ld\+json"/.test(m[1]!)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(m[2]!).digest("base64")}'`);
  }
  return [...new Set(hashes)].sort();
}

describe.runIf(ready)("security headers and the Content-Security-Policy", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    [plain, https] = await Promise.all([
      startSite({ WP_URL: wp.url }),
      startSite({
        WP_URL: wp.url,
        SITE_URL: "https://www.fc.example",
        MEDIA_URL: "https://media.fc.example/uploads",
        GTM_ID: "GTM-TEST123",
        GA_MEASUREMENT_ID: "G-TEST123",
        RECAPTCHA_SITE_KEY: "site-key-for-tests",
        RECAPTCHA_SECRET: "secret-for-tests",
      }),
    ]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([plain?.stop(), https?.stop()]);
    await wp?.close();
  });

  it("sends the security headers on pages, assets, the API and errors; HSTS only for an https SITE_URL", async () => {
    const asset = /<script[^>]+src="(\/assets\/[^"]+)"|href="(\/assets\/[^"]+\.js)"/.exec(
      (await probe(`${plain.url}/about`)).body,
    );
    const paths = ["/about", "/no-such-page", "/healthz", "/robots.txt", asset?.[1] ?? asset?.[2] ?? "/favicon.svg"];
    for (const path of paths) {
      const res = await probe(plain.url + path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
      const secure = await probe(https.url + path);
      expect(secure.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
    }
    const api = await fetch(`${plain.url}/api/cache/purge`, { method: "POST" });
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("builds the policy from the page's own inline scripts, the same on a miss, a hit and a 304", async () => {
    for (const path of ["/products", "/it/collezioni", "/no-such-page", "/products.data"]) {
      const miss = await probe(plain.url + path);
      const hit = await probe(plain.url + path);
      if (path.endsWith(".data")) {
        // Data answers are not documents: no document policy (they never run as one).
        expect(miss.headers.get("content-security-policy")).toBeNull();
        continue;
      }
      const csp = miss.headers.get("content-security-policy");
      const d = directives(csp);
      expect(d["default-src"], path).toEqual(["'self'"]);
      expect(d["object-src"], path).toEqual(["'none'"]);
      expect(d["base-uri"], path).toEqual(["'self'"]);
      expect(d["form-action"], path).toEqual(["'self'"]);
      expect(d["frame-ancestors"], path).toEqual(["'self'"]);
      expect(d["style-src"], path).toEqual(["'self'", "'unsafe-inline'"]);
      expect(d["img-src"], path).toEqual(["'self'", "data:"]);
      expect(d["connect-src"], path).toEqual(["'self'"]);
      expect(d["font-src"], path).toEqual(["'self'"]);
      const scriptSources = d["script-src"]!;
      expect(scriptSources[0]).toBe("'self'");
      expect(scriptSources.filter((s) => !s.startsWith("'sha256-")).join(" "), path).toBe("'self'");
      expect(
        scriptSources.some((s) => /unsafe|nonce|strict-dynamic/.test(s)),
        path,
      ).toBe(false);
      // Exactly the scripts of the document, no more, no fewer.
      expect(scriptSources.slice(1).sort(), path).toEqual(inlineScriptHashes(miss.body));
      // The hit is the same page with the same policy.
      expect(hit.headers.get("server-timing"), path).toMatch(miss.status === 200 ? /page-hit/ : /./);
      expect(hit.headers.get("content-security-policy"), path).toBe(csp);
      expect(inlineScriptHashes(hit.body), path).toEqual(inlineScriptHashes(miss.body));
      if (miss.status === 200) {
        const revalidated = await probe(plain.url + path, { headers: { "If-None-Match": hit.headers.get("etag")! } });
        expect(revalidated.status, path).toBe(304);
        expect(revalidated.headers.get("content-security-policy"), path).toBe(csp);
      }
      figure(`csp_inline_script_hashes ${path}`.replace(/[^\w]+/g, "_").replace(/_$/, ""), scriptSources.length - 1);
    }
  });

  it("adds the tag manager, analytics, captcha and media hosts only when they are configured", async () => {
    const res = await probe(`${https.url}/about`);
    const d = directives(res.headers.get("content-security-policy"));
    expect(d["script-src"]).toEqual(
      expect.arrayContaining([
        "'self'",
        "https://www.googletagmanager.com",
        "https://www.google.com",
        "https://www.gstatic.com/recaptcha/",
      ]),
    );
    expect(d["connect-src"]).toEqual(
      expect.arrayContaining(["'self'", "https://*.google-analytics.com", "https://*.analytics.google.com"]),
    );
    expect(d["img-src"]).toEqual(expect.arrayContaining(["'self'", "data:", "https://media.fc.example"]));
    expect(d["frame-src"]).toEqual(
      expect.arrayContaining(["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"]),
    );
    // The consent-mode defaults are an inline script of their own: hashed like the rest.
    expect(res.body).toContain('gtag("consent","default"');
    expect(d["script-src"]!.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(inlineScriptHashes(res.body));
    const none = directives((await probe(`${plain.url}/about`)).headers.get("content-security-policy"));
    expect(none["frame-src"]).toEqual(["'none'"]);
    expect(none["script-src"]!.some((s) => s.includes("google"))).toBe(false);
  });

  async function visit(page: Page, url: string, violations: string[], consoleErrors: string[]) {
    const res = await page.goto(url, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    violations.push(
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.splice(0))),
    );
    return { status: res?.status(), consoleErrors };
  }

  it("raises no violation in Chromium on any page type, miss or hit, and hydrates (client-side navigation works)", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__cspViolations.push(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
      );
    });
    const page = await context.newPage();
    const violations: string[] = [];
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) consoleErrors.push(m.text());
    });
    // The main page types: home, products, a product dialog, a category, a collection,
    // projects, about, wishlist (English), the Italian home and product, and the 404.
    const wanted = [
      "home-en",
      "products-en",
      "product-en",
      "category-en",
      "collection-en",
      "projects-en",
      "about-en",
      "wishlist-en",
      "home-it",
      "product-it",
    ];
    const types = pageTypes(wp.catalogue).filter((p) => wanted.includes(p.name));
    const all = [...types, { name: "not-found", path: "/this/does/not/exist" }];
    let navigations = 0;
    for (const round of ["miss", "hit"]) {
      for (const { name, path } of all) {
        const { status } = await visit(page, plain.url + path, violations, consoleErrors);
        expect(status, `${round} ${name}`).toBe(name === "not-found" ? 404 : 200);
        // Hydrated: a click on the header's link to the product list is a client-side navigation
        // (the marker set on this window survives it).
        await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
        const dialog = (await page.locator("dialog[open]").count()) > 0;
        const before = new URL(page.url()).pathname;
        if (dialog) {
          // A product dialog: closing it goes back to its list, in the browser.
          await page.keyboard.press("Escape");
          await page.waitForURL((u) => u.pathname !== before, { timeout: 10_000 });
        } else {
          const target = name.endsWith("-it") ? "/it/prodotti" : before === "/products" ? "/about" : "/products";
          await page.locator(`header a[href="${target}"]:visible`).first().click({ timeout: 10_000 });
          await page.waitForURL((u) => u.pathname === target, { timeout: 10_000 });
        }
        await page.waitForFunction(
          () =>
            (window as unknown as { __reactRouterDataRouter: { state: { navigation: { state: string } } } })
              .__reactRouterDataRouter.state.navigation.state === "idle",
        );
        expect(
          await page.evaluate(() => (window as unknown as { __marker?: number }).__marker),
          `${round} ${name}: client-side navigation`,
        ).toBe(1);
        navigations++;
        violations.push(
          ...(await page.evaluate(() =>
            (window as unknown as { __cspViolations: string[] }).__cspViolations.splice(0),
          )),
        );
      }
    }
    // And the integrations' instance: its consent-mode inline script is allowed by its hash.
    const integration = await browser.newContext();
    await integration.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__cspViolations.push(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
      );
    });
    await integration.route(/^https:\/\//, (route) => route.abort());
    const other = await integration.newPage();
    for (const path of ["/", "/products"]) await visit(other, https.url + path, violations, consoleErrors);
    expect(await other.evaluate(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer))).toBe(
      true,
    );

    figure("csp_browser_page_loads", all.length * 2 + 2);
    figure("csp_client_navigations", navigations);
    figure("csp_violations", violations.length + consoleErrors.length);
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The listener hears what the policy refuses: an inline script added now is refused.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__notAllowed = 1";
      document.body.append(script);
    });
    await page.waitForTimeout(50);
    expect(await page.evaluate(() => (window as unknown as { __notAllowed?: number }).__notAllowed)).toBeUndefined();
    expect(
      await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.splice(0).length),
    ).toBe(1);

    await context.close();
    await integration.close();
  });
});
