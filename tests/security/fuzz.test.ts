// Fuzzing: 10,000 malformed or random requests from a seeded generator (a small PRNG, never
// Math.random: a failure replays with FUZZ_SEED), 32 at a time, across every route and endpoint —
// paths made of both languages' words, real and made-up ids and slugs, percent-encodings valid and
// broken, unicode, dot segments, very long segments; declared, unknown and prototype-polluting
// query parameters; GET, HEAD, POST, PUT, DELETE, PATCH and OPTIONS with JSON, form, multipart and
// binary bodies to pages, data requests and the API. Not one answer may be a 5xx, the process must
// live (/healthz 200) and its memory stay flat (RSS after ≤ 1.5 × RSS before + 50 MB). The caches
// are bounded small here (16 MB each) so that their legitimate growth does not hide a leak, and
// memory is compared between two steady states (after a warm-up of 1,000 requests, and after).
// FUZZ_SEED and FUZZ_REQUESTS replay or resize a run; a failure names each request by its number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { figure, load, metricValue, probe, readMetrics, sleep } from "../reliability/support";
import { SEGMENTS } from "../../common/locale";
import type { PostRecord, TermRecord } from "../../demo";
import { prng } from "../support/prng";

const ready = hasBuild();
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_521);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 32;
let wp: FaultyWordPress;
let site: RunningSite;

type Rng = ReturnType<typeof prng>;

interface Corpus {
  words: string[];
  ids: string[];
  slugs: string[];
}

const NASTY = [
  "..",
  ".",
  "%2e%2e",
  "%2E%2e%2F",
  "%2f",
  "%5c",
  "%00",
  "%zz",
  "%",
  "%E0%A4%A",
  "%c0%ae",
  "%ff%fe",
  "~",
  ";",
  ":",
  "@",
  "!",
  "$",
  "'",
  "(",
  ")",
  "*",
  "+",
  ",",
  "=",
  "%5B%5D",
  "{{7*7}}",
  "%3Cscript%3E",
  "%22",
  "%60",
  "%0d%0aSet-Cookie:%20x=1",
  "%E2%80%AE",
  "%F0%9F%92%A5",
  "_root.data",
  ".data",
  "index",
  "?index",
  "#frag",
];
const UNICODE = [
  "vasi-àèìòù",
  "花瓶",
  "ваза",
  "💥",
  "\u202Eevil",
  "a\u200Bb",
  "Ω≈ç√",
  "ﬁ",
  "İ",
  "ß",
  "\uFEFF",
  "e\u0301",
];
const PARAM_NAMES = [
  "page",
  "category",
  "colour",
  "sort",
  "q",
  "items",
  "wishlist",
  "product",
  "_routes",
  "index",
  "utm_source",
  "gclid",
  "fbclid",
  "__proto__[x]",
  "constructor[prototype][x]",
  "p[]",
  "a.b",
  "SORT",
  "Page",
  "redirect",
  "callback",
  "_data",
  "",
  "x".repeat(300),
];
const PARAM_VALUES = [
  "1",
  "2",
  "0",
  "-1",
  "9999",
  "1e9",
  "abc",
  "newest",
  "name",
  "price",
  "vases",
  "vasi",
  "celadon",
  "12,14,16",
  "root",
  "routes/products",
  "",
  " ",
  "%",
  "%zz",
  "\u0000",
  "<script>alert(1)</script>",
  "'\"><img src=x onerror=alert(1)>",
  "../../etc/passwd",
  "javascript:alert(1)",
  "💥",
  "a".repeat(2000),
  "[]",
  "{}",
  "null",
  "true",
];

function segment(r: Rng, c: Corpus): string {
  const kind = r.int(10);
  if (kind < 4) return r.pick(c.words);
  if (kind < 6) return r.pick(c.ids);
  if (kind < 7) return r.pick(c.slugs);
  if (kind < 8) return r.pick(NASTY);
  if (kind < 9) return encodeURIComponent(r.pick(UNICODE));
  // A long segment: 200 B to 4 kB.
  return r
    .pick(["a", "é", "%41", "-", "9"])
    .repeat(200 + r.int(3800))
    .slice(0, 4000);
}

function queryOf(r: Rng): string {
  if (r.chance(0.5)) return "";
  const parts: string[] = [];
  for (let i = 0, n = 1 + r.int(5); i < n; i++) {
    const name = r.pick(PARAM_NAMES);
    const value = r.pick(PARAM_VALUES);
    parts.push(
      `${r.chance(0.8) ? encodeURIComponent(name) : name.replace(/[^\x21-\x7e]/g, "")}=${r.chance(0.8) ? encodeURIComponent(value) : value.replace(/[^\x21-\x7e]/g, "")}`,
    );
  }
  return `?${parts.join("&")}`;
}

function pathOf(r: Rng, c: Corpus): string {
  const fixed = [
    "/",
    "/it",
    "/healthz",
    "/readyz",
    "/robots.txt",
    "/sitemap.xml",
    "/sitemap-en.xml",
    "/sitemap-it.xml",
    "/__manifest",
    "/_root.data",
    "/api/cache/webhook",
    "/api/cache/purge",
    "/api/client-errors",
    "/media/2024/03/none.webp",
    "/assets/none.js",
    "/fonts/fonts.css",
    "/sw.js",
    "/manifest.webmanifest",
    "/contact",
    "/it/contatti",
    "/newsletter",
    "/products.data",
    "/wishlist",
  ];
  if (r.chance(0.15)) return r.pick(fixed);
  const segments: string[] = [];
  if (r.chance(0.3)) segments.push("it");
  for (let i = 0, n = 1 + r.int(4); i < n; i++) segments.push(segment(r, c));
  let path = `/${segments.join("/")}`;
  if (r.chance(0.1)) path += ".data";
  if (r.chance(0.05)) path = path.replace(/^\//, "//");
  return path;
}

function bodyOf(r: Rng): { body: string | Uint8Array<ArrayBuffer>; type?: string } {
  switch (r.int(8)) {
    case 0:
      return { body: "" };
    case 1: {
      const fields = [
        "name",
        "email",
        "message",
        "consent",
        "product",
        "wishlist",
        "g-recaptcha-response",
        "captcha",
        "intent",
        "_action",
        "__proto__",
        "lang",
        "list",
        "website",
      ];
      const form = new URLSearchParams();
      for (let i = 0, n = r.int(8); i < n; i++) form.append(r.pick(fields), r.pick(PARAM_VALUES));
      return { body: form.toString(), type: "application/x-www-form-urlencoded" };
    }
    case 2: {
      const boundary = r.chance(0.7) ? "----fuzz" + r.int(1e6) : "";
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="${r.pick(["email", "message", "x", '"><'])}"\r\n\r\n${r.pick(PARAM_VALUES)}\r\n${r.chance(0.5) ? `--${boundary}--\r\n` : ""}`;
      return { body, type: `multipart/form-data; boundary=${boundary}` };
    }
    case 3:
      return {
        body: JSON.stringify({
          events: [
            {
              type: r.pick(["products", "all", "menu", "x", "__proto__"]),
              id: r.pick([1, -1, 0, 1e20, "1", null]),
              action: r.pick(["update", "delete", "x"]),
            },
          ],
          tags: [r.pick(PARAM_VALUES)],
          all: r.chance(0.5),
          __proto__: { polluted: true },
        }),
        type: "application/json",
      };
    case 4:
      return {
        body: r.pick(['{"a":', "[[[[[[[[[[", '{"__proto__":{"x":1}}', "null", '"str"', "1e999", "\u0000\u0001"]),
        type: "application/json",
      };
    case 5: {
      const bytes = new Uint8Array(1 + r.int(4096));
      for (let i = 0; i < bytes.length; i++) bytes[i] = r.int(256);
      return {
        body: bytes,
        type: r.pick([
          "application/octet-stream",
          "text/x-script",
          "application/json",
          "text/plain",
          "multipart/form-data",
        ]),
      };
    }
    case 6:
      // Over the 64 kB bounds of forms and the webhook.
      return { body: "x=".concat("y".repeat(65 * 1024 + r.int(64 * 1024))), type: "application/x-www-form-urlencoded" };
    default:
      return {
        body: JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ [`k${i}`]: r.pick(PARAM_VALUES) }))),
        type: r.pick(["application/json", "text/plain", "application/x-www-form-urlencoded"]),
      };
  }
}

function requestOf(r: Rng, c: Corpus, base: string): { url: string; init: RequestInit } {
  const roll = r.next();
  const method =
    roll < 0.62
      ? "GET"
      : roll < 0.67
        ? "HEAD"
        : roll < 0.82
          ? "POST"
          : roll < 0.88
            ? "PUT"
            : roll < 0.94
              ? "DELETE"
              : r.pick(["PATCH", "OPTIONS"]);
  const headers: Record<string, string> = {};
  if (r.chance(0.2)) headers["Accept-Language"] = r.pick(["it", "en", "xx", "*", "it;q=x", "a".repeat(500)]);
  if (r.chance(0.15))
    headers.Cookie = r.pick([
      "i18n_redirected=it",
      "i18n_redirected=xx",
      "i18n_redirected=",
      "a=b; " + "c=d; ".repeat(100),
    ]);
  if (r.chance(0.1)) headers["If-None-Match"] = r.pick(["*", 'W/"x"', "garbage"]);
  if (r.chance(0.1)) headers.Accept = r.pick(["text/x-script", "application/json", "*/*", "text/html;q=abc"]);
  if (r.chance(0.05)) headers["X-Forwarded-Host"] = "evil.example";
  const init: RequestInit = { method, headers, redirect: "manual" };
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") {
    const { body, type } = bodyOf(r);
    init.body = body;
    if (type) headers["Content-Type"] = type;
  }
  return { url: base + pathOf(r, c) + queryOf(r), init };
}

describe.runIf(ready)("fuzzing every route and endpoint", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({
      WP_URL: wp.url,
      PURGE_SECRET: "fuzz-webhook-secret-0123456",
      ADMIN_TOKEN: "fuzz-admin-token-0123456789",
      PAGE_CACHE_MB: "16",
      CACHE_MEMORY_MB: "16",
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? "warn",
    });
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
  });

  it(`answers ${REQUESTS} random requests without a 5xx, a crash or a leak (seed ${SEED})`, async () => {
    const c = wp.catalogue;
    const corpus: Corpus = {
      words: [...new Set(Object.values(SEGMENTS).flatMap((w) => [w.en, w.it]))],
      ids: [
        ...(c.list("products") as PostRecord[]).map((p) => String(p.id)),
        "0",
        "-1",
        "01",
        "1e3",
        "0x10",
        "99999999999999999999",
        "2147483648",
        "NaN",
        "null",
        "undefined",
        "1.5",
        " 1",
      ],
      slugs: [
        ...(["product_categories", "product_colors"] as const).flatMap((t) =>
          (c.list(t) as TermRecord[]).map((x) => x.slug),
        ),
        ...(["collections", "exclusives", "projects", "pages"] as const).flatMap((t) =>
          (c.list(t) as PostRecord[]).map((x) => x.slug),
        ),
      ],
    };
    // Warm up with 1,000 requests of another seed (code loaded, caches filled, the heap at its
    // working size), then measure from that steady state: a leak is growth between two of them.
    const warm = prng(SEED + 1);
    const warmUp = Array.from({ length: 1000 }, () => requestOf(warm, corpus, site.url));
    await load({ next: (n) => warmUp[n]!, concurrency: CONCURRENCY, count: warmUp.length, timeoutMs: 30_000 });
    await sleep(1000);
    const before = await readMetrics(site.metricsUrl);
    const rssBefore = metricValue(before, "process_resident_memory_bytes");
    const heapBefore = metricValue(before, "nodejs_heap_size_used_bytes");
    const cpuBefore = metricValue(before, "process_cpu_seconds_total");

    const r = prng(SEED);
    const requests = Array.from({ length: REQUESTS }, () => requestOf(r, corpus, site.url));
    requests.forEach((q, i) => ((q.init.headers as Record<string, string>)["X-Request-Id"] = `fuzz-${i}`));
    const bad: string[] = [];
    const t0 = Date.now();
    const result = await load({
      next: (n) => requests[n]!,
      concurrency: CONCURRENCY,
      count: REQUESTS,
      timeoutMs: 30_000,
      onOutcome: (o, _body, n) => {
        if (o.status >= 500 || o.status === 0)
          bad.push(
            `${o.status} ${requests[n]!.init.method} ${o.url.slice(site.url.length, site.url.length + 160)} ${o.durationMs}ms @${o.startedAt - t0} #${n} ${o.error ?? ""} ${String(requests[n]!.init.body ?? "").length}B`,
          );
      },
    });
    await sleep(1000);
    if (site.process.exitCode !== null)
      throw new Error(`the site died (exit ${site.process.exitCode}):\n${site.logs.slice(-15).join("\n")}`);
    const metrics = await readMetrics(site.metricsUrl);
    const rssAfter = metricValue(metrics, "process_resident_memory_bytes");
    const heapAfter = metricValue(metrics, "nodejs_heap_size_used_bytes");
    const cpu = metricValue(metrics, "process_cpu_seconds_total") - cpuBefore;
    const health = await probe(`${site.url}/healthz`);

    const byClass: Record<string, number> = {};
    for (const [status, n] of Object.entries(result.byStatus))
      byClass[`${String(status)[0]}xx`] = (byClass[`${String(status)[0]}xx`] ?? 0) + n;
    figure("fuzz_seed", SEED);
    figure("fuzz_requests", result.outcomes.length);
    figure("fuzz_duration_s", (result.elapsedMs / 1000).toFixed(1));
    figure("fuzz_requests_per_s", Math.round(result.outcomes.length / (result.elapsedMs / 1000)));
    // The site's own CPU time: the duration above also depends on what else the machine runs.
    figure("fuzz_site_cpu_s", cpu.toFixed(1));
    figure(
      "fuzz_status_classes",
      Object.entries(byClass)
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join(" "),
    );
    figure("fuzz_5xx", bad.length);
    figure("fuzz_rss_before_mb", (rssBefore / 2 ** 20).toFixed(1));
    figure("fuzz_rss_after_mb", (rssAfter / 2 ** 20).toFixed(1));
    figure("fuzz_heap_used_before_mb", (heapBefore / 2 ** 20).toFixed(1));
    figure("fuzz_heap_used_after_mb", (heapAfter / 2 ** 20).toFixed(1));

    // FUZZ_LOG_LEVEL=info: the site's log lines of the requests that failed (by X-Request-Id).
    if (process.env.FUZZ_LOG_LEVEL) {
      const ids = bad
        .map((b) => /#(\d+)/.exec(b)?.[1])
        .filter(Boolean)
        .map((n) => `"fuzz-${n}"`);
      console.log(
        site.logs
          .filter((l) => ids.some((id) => l.includes(id)) || /"durationMs":\d{4,}/.test(l))
          .map((l) => l.slice(0, 400))
          .join("\n"),
      );
    }
    expect(bad.slice(0, 20)).toEqual([]);
    expect(site.process.exitCode).toBeNull();
    expect(health.status).toBe(200);
    expect(rssAfter).toBeLessThanOrEqual(1.5 * rssBefore + 50 * 2 ** 20);
    // A bound, not a target: the target is under 60 s on CI's two cores.
    expect(result.elapsedMs).toBeLessThan(240_000);
  }, 300_000);
});
