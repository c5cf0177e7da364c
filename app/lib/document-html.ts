// The last touch on a server-rendered document, between React and the wire (entry.server).
//
// React Router's <Scripts> preloads every module of the page (about 25 on the home page, 145 KB
// gzip) with <link rel="modulepreload"> at the browser's high priority, so on a slow connection the
// scripts share the first round trips with the stylesheets, the fonts and the hero image, and the
// first paint waits for them (Lighthouse counts them as render-blocking: FCP 2.6 s against 0.9 s
// without). Nothing on screen needs them: the page is complete HTML and works before hydration. At
// low priority they are still fetched at once and in parallel, into the module map the hydration
// script then imports from, but after what the visitor sees. <Scripts> has no option for it.
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

export function documentHtml(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}
