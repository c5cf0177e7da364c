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
  return inlineScriptSpans(html).map((span) => html.slice(span.start, span.end).replace(/\r\n?/g, "\n"));
}

/** Where each inline script's text is in `html` (character offsets): the scripts the policy must allow. */
function inlineScriptSpans(html: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    const attributes = m[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Classic and module scripts run, and import maps and speculation rules are governed by
    // script-src too (React Router's subResourceIntegrity option writes an import map); so does
    // the hydration script sent inert, whose text runs later as a module (app/lib/document-html.ts).
    // JSON-LD and other data blocks are not scripts.
    if (
      type &&
      ![
        "module",
        "text/javascript",
        "application/javascript",
        "importmap",
        "speculationrules",
        INERT_HYDRATION_TYPE,
      ].includes(type)
    )
      continue;
    const start = m.index + "<script".length + attributes.length + 1;
    spans.push({ start, end: start + (m[2] ?? "").length });
  }
  return spans;
}

/** Scripts at most this long are hashed once per process (the site's own, ScrollRestoration's): see scriptHashes. */
const REMEMBERED_SCRIPT_CHARS = 2048;
const REMEMBERED_SCRIPTS = 256;

/**
 * The hashes of a document's inline scripts, read from its bytes. The markup the pattern looks
 * for is ASCII, so the bytes are read as latin1 (a character a byte: offsets in the text are
 * offsets in the bytes, and no UTF-8 decoding of the page) and each script's own bytes are hashed
 * — the same digest as its text's UTF-8. A script with a CR is decoded to normalise its line ends
 * first. The short scripts that every page repeats are hashed once (`remembered`, bounded).
 */
function scriptHashes(body: Buffer, remembered: Map<string, string>): string[] {
  const text = body.toString("latin1");
  return inlineScriptSpans(text).map(({ start, end }) => {
    const short = end - start <= REMEMBERED_SCRIPT_CHARS ? text.slice(start, end) : undefined;
    const known = short === undefined ? undefined : remembered.get(short);
    if (known) return known;
    const bytes = body.subarray(start, end);
    const hash = bytes.includes(13)
      ? scriptHash(bytes.toString("utf8").replace(/\r\n?/g, "\n"))
      : `'sha256-${createHash("sha256").update(bytes).digest("base64")}'`;
    if (short !== undefined) {
      if (remembered.size >= REMEMBERED_SCRIPTS) remembered.clear();
      remembered.set(short, hash);
    }
    return hash;
  });
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

const GOOGLE_ANALYTICS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

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
    frame.push(
      ...(captcha ? [captcha] : []),
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
    );
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
  const remembered = new Map<string, string>();
  return function documentPolicyOf(html) {
    const hashes = [
      ...new Set(typeof html === "string" ? inlineScripts(html).map(scriptHash) : scriptHashes(html, remembered)),
    ];
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
