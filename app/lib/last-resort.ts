// The page of last resort: served when even the error page fails to render (spec §8).
// Plain static HTML, no scripts, no data: nothing in it can fail again.
export const LAST_RESORT_MESSAGE = "An error occurred while showing the error page";

export const lastResortHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Error – FC</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#FBFAF7;color:#1C1B19;font:18px/1.6 Georgia,serif;text-align:center}a{color:#7A5F2C}</style>
</head><body><main><h1 style="font-weight:400">${LAST_RESORT_MESSAGE}</h1><p><a href="/">FC – Home</a></p></main></body></html>`;
