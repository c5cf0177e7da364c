// The pieces of server/http/security-headers.ts on their own: which inline scripts are hashed
// (and how the browser reads them), the directives per configuration, HSTS per SITE_URL.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  documentPolicy,
  inlineScripts,
  policySources,
  scriptHash,
  securityHeaders,
} from "../../server/http/security-headers";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the document policy", () => {
  it("hashes inline classic, module, import-map and speculation-rule scripts, never data blocks or external scripts", () => {
    const html = [
      "<script>a()</script>",
      '<script type="module" async="">import("/assets/x.js")</script>',
      '<script type="importmap">{"imports":{}}</script>',
      '<script type="speculationrules">{"prefetch":[]}</script>',
      '<script type="application/ld+json">{"@type":"Thing"}</script>',
      '<script type="text/x-template"><p></p></script>',
      '<script src="/assets/y.js"></script>',
      "<SCRIPT>b()</SCRIPT >",
    ].join("");
    expect(inlineScripts(html)).toEqual(["a()", 'import("/assets/x.js")', '{"imports":{}}', '{"prefetch":[]}', "b()"]);
  });

  it("hashes what the browser hashes: the script's text as UTF-8, line ends normalised", () => {
    expect(inlineScripts("<script>x\r\ny\rz</script>")).toEqual(["x\ny\nz"]);
    expect(scriptHash("é")).toBe(sha("é"));
    const policy = documentPolicy({ mediaUrl: undefined, analytics: undefined, recaptcha: undefined })(
      "<script>a()</script><script>a()</script>",
    );
    expect(policy).toContain(`script-src 'self' ${sha("a()")};`);
    expect(policy.match(/sha256-/g)).toHaveLength(1);
  });

  it("hashes a document's bytes as it hashes its text: other alphabets, line ends, scripts repeated and long", () => {
    const policyOf = documentPolicy({ mediaUrl: undefined, analytics: undefined, recaptcha: undefined });
    const long = `window.data = ${JSON.stringify("Però — “porcellana” ✓ 😀 ".repeat(200))};`;
    const html = [
      "<p>caffè ☕</p><script>a('è')</script>",
      "<SCRIPT>b()\r\nc()</SCRIPT >",
      '<script type="application/ld+json">{"name":"Però"}</script>',
      `<script type="module" async="">${long}</script>`,
      "<script>a('è')</script>",
    ].join("");
    // Twice: the second time the short scripts' hashes are the ones remembered.
    for (let i = 0; i < 2; i++) expect(policyOf(Buffer.from(html, "utf8"))).toBe(policyOf(html));
    expect(policyOf(Buffer.from(html, "utf8"))).toContain(sha("b()\nc()"));
    expect(policyOf(Buffer.from(html, "utf8"))).toContain(sha(long));
  });

  it("names only the hosts that are configured", () => {
    const bare = policySources({ mediaUrl: undefined, analytics: undefined, recaptcha: undefined });
    expect(bare["script-src"]).toEqual(["'self'"]);
    expect(bare["frame-src"]).toEqual(["'none'"]);
    const full = policySources({
      mediaUrl: "https://cdn.example/uploads",
      analytics: { gtmId: "GTM-X", measurementId: undefined, scriptUrl: "http://127.0.0.1:9999/gtm.js" },
      recaptcha: {
        siteKey: "k",
        secret: "s",
        minScore: 0.5,
        scriptUrl: "https://www.google.com/recaptcha/api.js",
        verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
      },
    });
    expect(full["img-src"]).toContain("https://cdn.example");
    expect(full["script-src"]).toEqual(
      expect.arrayContaining(["http://127.0.0.1:9999", "https://www.googletagmanager.com", "https://www.google.com"]),
    );
    expect(full["connect-src"]).toContain("http://127.0.0.1:9999");
    expect(full["frame-src"]).toContain("https://www.google.com/recaptcha/");
  });

  it("sends HSTS only for an https SITE_URL", () => {
    expect(securityHeaders({ siteUrl: "http://localhost:3000" })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ siteUrl: "https://www.fc.example" })["Strict-Transport-Security"]).toBe(
      "max-age=31536000",
    );
  });
});
