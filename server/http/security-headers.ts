// Security headers. Two kinds:
// - the same for every answer: nosniff, referrer policy, framing, HSTS when SITE_URL is https;
// - the Content-Security-Policy of a document, built from the sha256 of every inline script it
//   carries. Hashes, not per-request nonces: a page is rendered whole (entry.server, onAllReady),
//   buffered by capturePages (page-cache.ts), cached by the page cache and the CDN, and served to
//   many visitors; a nonce frozen in a cached page would be public and the same for everyone. A
//   hash allows exactly the scripts that page was rendered with, and the policy is stored with the
//   page-cache entry so a hit carries the same header as the render.
//
// React Router hydrates from inline scripts (the `window.__reactRouterContext` context, the
// streamed loader data, the ScrollRestoration restore, the module script importing the entry);
// their imports and modulepreloads come from /assets, which 'self' allows. JSON-LD
// (`type="application/ld+json"`) is data, never executed: it is not hashed.
//
// What the policy relies on: no content from WordPress or the URL can ever become a <script>
// element of the rendered HTML (React escapes text; WordPress HTML is sanitised; React Router
// escapes its inline data). tests/security/xss.test.ts proves that for every field that reaches a
// page. A script that got in anyway would be hashed like the others.
import { createHash } from "node:crypto";
import type { Config } from "../config";
import { INERT_HYDRATION_TYPE } from "../../common/document";

/** The inline scripts of a document, as the browser reads them (script data, CR/CRLF → LF). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    const attributes = m[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Classic and module scripts run, and import maps and speculation rules are governed by
    // script-src too (React Router's subResourceIntegrity option writes an import map); so does
    // the hydration script sent inert, whose text runs later as a module (app/lib/document-html.ts).
    // JSON-LD and other data blocks are not scripts.
    if (type && !["module", "text/javascript", "application/javascript", "importmap", "speculationrules", INERT_HYDRATION_TYPE].includes(type)) continue;
    scripts.push((m[2] ?? "").replace(/\r\n?/g, "\n"));
  }
  return scripts;
}

export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

const GOOGLE_ANALYTICS = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];

export interface DocumentPolicy {
  /** The Content-Security-Policy of this rendered document. */
  (html: string | Buffer): string;
}

/** Directive → sources, for one configuration; `script-src` gets the page's hashes on top. */
export function policySources(config: Pick<Config, "mediaUrl" | "analytics" | "recaptcha">): Record<string, string[]> {
  const script = ["'self'"];
  const img = ["'self'", "data:"];
  const connect = ["'self'"];
  const frame: string[] = [];
  const media = originOf(config.mediaUrl);
  if (media) img.push(media);
  if (config.analytics) {
    // Tag manager and GA4 (Google's CSP guidance for GTM with GA4): the script, its beacons.
    const gtm = originOf(config.analytics.scriptUrl);
    if (gtm) script.push(gtm);
    script.push("https://www.googletagmanager.com");
    connect.push(...GOOGLE_ANALYTICS);
    img.push(...GOOGLE_ANALYTICS);
    if (gtm && !connect.includes(gtm)) connect.push(gtm);
  }
  if (config.recaptcha) {
    // The v3 script loads its worker code from gstatic and runs in an iframe from google.com.
    const captcha = originOf(config.recaptcha.scriptUrl);
    if (captcha) script.push(captcha);
    script.push("https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/");
    frame.push(...(captcha ? [captcha] : []), "https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/");
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    "default-src": ["'self'"],
    "script-src": unique(script),
    // React writes style attributes (progress bar width, aspect ratios): inline styles stay allowed.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": unique(img),
    "font-src": ["'self'"],
    "connect-src": unique(connect),
    "frame-src": frame.length > 0 ? unique(frame) : ["'none'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
    "object-src": ["'none'"],
  };
}

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** The document policy of a configuration: call it with the rendered HTML. */
export function documentPolicy(config: Pick<Config, "mediaUrl" | "analytics" | "recaptcha">): DocumentPolicy {
  const sources = policySources(config);
  return (html) => {
    const text = typeof html === "string" ? html : html.toString("utf8");
    const hashes = [...new Set(inlineScripts(text).map(scriptHash))];
    return serialise({ ...sources, "script-src": [...sources["script-src"]!, ...hashes] });
  };
}

/** The headers every answer carries. HSTS only when the public site is https (SITE_URL). */
export function securityHeaders(config: Pick<Config, "siteUrl">): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  // One year, this host only: subdomains are not ours to decide (no includeSubDomains, no preload).
  if (config.siteUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000";
  return headers;
}
