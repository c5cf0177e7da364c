// The page of last resort: shown when even the error page fails to render. The server
// answers it as static HTML (entry.server); the browser shows the same sentence and link home from
// the root's last error boundary (components/LastResort.tsx). Its words live here, in both
// languages, and not in the message files: a failure to load messages must not take it down too.
import { DEFAULT_LANG, localizePath, type Lang } from "./locale";

export const LAST_RESORT_MESSAGE = "An error occurred while showing the error page";

export const LAST_RESORT_TEXT: Record<Lang, { message: string; home: string }> = {
  en: { message: LAST_RESORT_MESSAGE, home: "FC – Home" },
  it: {
    message: "Si è verificato un errore durante la visualizzazione della pagina di errore",
    home: "FC – Home page",
  },
};

/** Plain static HTML, no scripts, no data: nothing in it can fail again. */
export function lastResortPage(lang: Lang): string {
  const text = LAST_RESORT_TEXT[lang];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Error – FC</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#FBFAF7;color:#1C1B19;font:18px/1.6 Georgia,serif;text-align:center}a{color:#7A5F2C}</style>
</head><body><main><h1 style="font-weight:400">${text.message}</h1><p><a href="${localizePath(lang)}">${text.home}</a></p></main></body></html>`;
}

export const lastResortHtml = lastResortPage(DEFAULT_LANG);
