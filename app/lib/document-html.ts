// The last touch on a server-rendered document, between React and the wire (entry.server).
//
// The page is complete HTML and works before hydration; what the visitor waits for first is the
// text and the photo at the top. React Router's <Scripts> starts every module of the page at once
// (about 25 on the home page, 145 KB gzip: <link rel="modulepreload"> and a module script that
// imports them), so on a slow connection the scripts share the first round trips with the
// stylesheets and the largest photo, and the photo arrives later (Lighthouse mobile: LCP render
// delay 1–2 s, performance 90–96). <Scripts> has no option for it, so the document is rewritten:
//
// - the hydration script is sent inert (`type="text/fc-hydration"`), with the module URLs it
//   preloads in a data attribute instead of <link rel="modulepreload"> in the head;
// - a small classic script starts both once the early photos (`fetchpriority="high"`) have loaded
//   and painted, or after HYDRATION_WAIT_MS at the latest: it adds the preload links and puts a
//   real module script with the same text in the inert one's place.
//
// The script's text is unchanged, so its CSP hash (server/http/security-headers.ts hashes the
// inert type too) allows the inserted copy. React's hydration then finds a `type="module"` script
// where <Scripts> rendered one; it skips the loader after it, as it skips any script a third party
// adds to the body.
import { INERT_HYDRATION_TYPE } from "../../common/document";

const MODULE_PRELOAD = /<link rel="modulepreload"([^>]*?)\/?>/g;
const HYDRATION_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** The longest the loader waits for the early photos before it starts the scripts anyway. */
export const HYDRATION_WAIT_MS = 2500;

// Runs at the end of the body: everything above it is parsed, the early photos are requested.
// Plain ES5 in a string: it goes into the page as it is written here (and is hashed for the CSP).
const LOADER = `(function () {
  var inert = document.getElementById("fc-hydration");
  if (!inert) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    JSON.parse(inert.getAttribute("data-preload") || "[]").forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.textContent = inert.textContent;
    inert.replaceWith(script);
  }
  function afterPaint() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  var waiting = [].slice.call(document.querySelectorAll('img[fetchpriority="high"]')).filter(function (img) { return !img.complete; });
  var left = waiting.length;
  if (!left) afterPaint();
  waiting.forEach(function (img) {
    function settled() { if (--left === 0) afterPaint(); }
    img.addEventListener("load", settled, { once: true });
    img.addEventListener("error", settled, { once: true });
  });
  setTimeout(start, ${HYDRATION_WAIT_MS});
})();`;

export function documentHtml(html: string): string {
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (!hydration) return html; // not a React Router document (or already rewritten): leave it be
  // React hoists the module preloads into the head, before the script: only that part is searched.
  const preloads: string[] = [];
  const head = html.slice(0, hydration.index).replace(MODULE_PRELOAD, (tag, attributes: string) => {
    const href = /\bhref="([^"]+)"/.exec(attributes)?.[1];
    if (!href) return tag;
    preloads.push(href);
    return "";
  });
  const inert =
    `<script type="${INERT_HYDRATION_TYPE}" id="fc-hydration" data-preload="${escapeAttribute(JSON.stringify(preloads))}">${hydration[1]}</script>` +
    `<script>${LOADER}</script>`;
  return head + inert + html.slice(hydration.index + hydration[0].length);
}

/**
 * documentHtml on the document's bytes, as React wrote them. Every pattern it looks for is ASCII,
 * so the bytes are read as latin1 (one character a byte: no UTF-8 decoding, a one-byte string)
 * and written back the same way; every byte it does not rewrite leaves as it came. This saves a
 * decode of the whole page and an encode of it again on every render.
 */
export function documentBytes(body: Buffer): Buffer {
  const text = body.toString("latin1");
  const rewritten = documentHtml(text);
  return rewritten === text ? body : Buffer.from(rewritten, "latin1");
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
