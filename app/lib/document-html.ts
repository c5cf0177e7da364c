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
    const href = hrefOf(attributes);
    if (!href) return tag;
    preloads.push(href);
    return "";
  });
  return (
    head + inertOpening(preloads) + hydration[1] + inertClosing + html.slice(hydration.index + hydration[0].length)
  );
}

const hrefOf = (attributes: string) => /\bhref="([^"]+)"/.exec(attributes)?.[1];
const inertOpening = (preloads: string[]) =>
  `<script type="${INERT_HYDRATION_TYPE}" id="fc-hydration" data-preload="${escapeAttribute(JSON.stringify(preloads))}">`;
const inertClosing = `</script><script>${LOADER}</script>`;

const HYDRATION_OPENING = Buffer.from('<script type="module" async="">', "latin1");
const SCRIPT_CLOSING = Buffer.from("</script>", "latin1");
const PRELOAD_OPENING = Buffer.from('<link rel="modulepreload"', "latin1");
const TAG_END = 0x3e; // ">"
const INERT_CLOSING = Buffer.from(inertClosing, "latin1");

/**
 * documentHtml on the document's bytes, as React wrote them, with the same result byte for byte.
 * Every pattern it looks for is ASCII, so it is found in the bytes themselves (Buffer#indexOf):
 * the page is neither decoded nor turned into a string, and every byte it does not rewrite is
 * copied once, as it came, into the document sent.
 */
export function documentBytes(body: Buffer): Buffer {
  const opening = body.indexOf(HYDRATION_OPENING);
  if (opening < 0) return body;
  const textStart = opening + HYDRATION_OPENING.length;
  const closing = body.indexOf(SCRIPT_CLOSING, textStart);
  if (closing < 0) return body;
  const parts: Buffer[] = [];
  const preloads: string[] = [];
  let kept = 0;
  // The head, up to the hydration script, without its module preloads (MODULE_PRELOAD's tags: the
  // opening, attributes up to the first ">", an optional "/" before it).
  for (let at = body.indexOf(PRELOAD_OPENING); at >= 0 && at < opening; at = body.indexOf(PRELOAD_OPENING, at + 1)) {
    const end = body.indexOf(TAG_END, at + PRELOAD_OPENING.length);
    if (end < 0 || end >= opening) break;
    const href = hrefOf(body.toString("latin1", at + PRELOAD_OPENING.length, end));
    if (!href) continue;
    preloads.push(href);
    parts.push(body.subarray(kept, at));
    kept = end + 1;
  }
  parts.push(
    body.subarray(kept, opening),
    Buffer.from(inertOpening(preloads), "latin1"),
    body.subarray(textStart, closing),
    INERT_CLOSING,
    body.subarray(closing + SCRIPT_CLOSING.length),
  );
  return Buffer.concat(parts);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
