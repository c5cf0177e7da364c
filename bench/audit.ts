// `npm run audit`: Lighthouse 12 (mobile, the default) with Debian's Chromium on the main page types
// in both languages — home, products, a product, a collection, the wishlist and the 404 — against
// the built site in demo mode. Prints the four category scores per page and writes the full
// figures to bench/reports/audit-<time>.json. Targets: performance ≥ 95,
// accessibility, best practices and SEO 100.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { startSite } from "../tests/support/site";
import { ensureFreshBuild } from "./support/build";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
    process.exit(1);
  }
  ensureFreshBuild();
  const site = await startSite({ LOG_LEVEL: "warn" });
  const html = await (await fetch(`${site.url}/products`)).text();
  const product = html.match(/href="(\/products\/\d+)"/)?.[1] ?? "/products";
  const collections = await (await fetch(`${site.url}/collections`)).text();
  const collection = collections.match(/href="(\/collections\/[^"?]+)"/)?.[1] ?? "/collections";
  const itProduct =
    (await (await fetch(`${site.url}/it/prodotti`)).text()).match(/href="(\/it\/prodotti\/\d+)"/)?.[1] ??
    "/it/prodotti";
  const itCollection =
    (await (await fetch(`${site.url}/it/collezioni`)).text()).match(/href="(\/it\/collezioni\/[^"?]+)"/)?.[1] ??
    "/it/collezioni";
  const pages = [
    ["home", "/", "/it"],
    ["products", "/products", "/it/prodotti"],
    ["product", product, itProduct],
    ["collection", collection, itCollection],
    ["wishlist", "/wishlist", "/it/wishlist"],
    ["404", "/no-such-page", "/it/pagina-inesistente"],
  ] as const;

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const results: {
    page: string;
    lang: string;
    path: string;
    performance: number;
    accessibility: number;
    bestPractices: number;
    seo: number;
    lcpMs: number;
    cls: number;
    tbtMs: number;
    lcp: LcpBreakdown;
  }[] = [];
  // `npm run audit -- --only=home,product`: a subset while working on one page type.
  const only = process.argv
    .find((a) => a.startsWith("--only="))
    ?.slice("--only=".length)
    .split(",");
  try {
    for (const [name, en, it] of pages) {
      if (only && !only.includes(name)) continue;
      for (const [lang, p] of [
        ["en", en],
        ["it", it],
      ] as const) {
        // The language decision at / redirects an Italian browser; Lighthouse's browser is English.
        // The 404 pages answer 404 on purpose: ignoreStatusCode lets Lighthouse score them (their
        // SEO category then fails http-status-code and is-crawlable, as a not-found page should).
        // A run that ends in a runtime error of Chromium's (NO_NAVSTART, seen once in ten) is
        // retried once before it is reported.
        const audit = async () =>
          (await lighthouse(`${site.url}${p}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            ignoreStatusCode: name === "404",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          }))!.lhr;
        let lhr = await audit();
        if (lhr.runtimeError) lhr = await audit();
        if (lhr.runtimeError) {
          console.log(
            `  ${name} ${lang}: not scored by Lighthouse: ${lhr.runtimeError.code} (${lhr.runtimeError.message.slice(0, 120)})`,
          );
          continue;
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        results.push({
          page: name,
          lang,
          path: p,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcpMs: Math.round(Number(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0)),
          cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
          tbtMs: Math.round(Number(lhr.audits["total-blocking-time"]?.numericValue ?? 0)),
          lcp: lcpBreakdown(lhr),
        });
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id);
        if (failing.length) console.log(`  ${name} ${lang}: failing audits: ${failing.join(", ")}`);
      }
    }
  } finally {
    chrome.kill();
    await site.stop();
  }
  mkdirSync("bench/reports", { recursive: true });
  const file = path.join("bench/reports", `audit-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), lighthouse: "12", formFactor: "mobile", results }, null, 2),
  );
  console.log("\npage        lang  perf  a11y  best  seo   LCP ms  CLS    TBT ms");
  for (const r of results) {
    console.log(
      `${r.page.padEnd(11)} ${r.lang.padEnd(4)}  ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(4)}  ${String(r.lcpMs).padStart(6)}  ${String(r.cls).padEnd(5)}  ${String(r.tbtMs).padStart(6)}`,
    );
  }
  console.log("\nLargest paint (element; TTFB, load delay, load time, render delay in ms)");
  for (const r of results)
    console.log(`${r.page.padEnd(11)} ${r.lang.padEnd(4)}  ${JSON.stringify(r.lcp.phasesMs)}  ${r.lcp.element ?? "?"}`);
  console.log(`\nReport: ${file}`);
}

/** What the largest paint was and where its time went (TTFB, load delay, load time, render delay). */
interface LcpBreakdown {
  element: string | undefined;
  phasesMs: Record<string, number>;
}

function lcpBreakdown(lhr: { audits: Record<string, { details?: unknown }> }): LcpBreakdown {
  type Table = { type?: string; items?: Record<string, unknown>[] };
  const parts = (
    (lhr.audits["largest-contentful-paint-element"]?.details as { items?: Table[] } | undefined)?.items ?? []
  ).filter((t) => t?.type === "table");
  const node = parts[0]?.items?.[0]?.node as { selector?: string; snippet?: string } | undefined;
  const phasesMs: Record<string, number> = {};
  for (const row of parts[1]?.items ?? [])
    if (typeof row.phase === "string") phasesMs[row.phase] = Math.round(Number(row.timing ?? 0));
  return { element: node?.snippet?.slice(0, 160) ?? node?.selector, phasesMs };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
