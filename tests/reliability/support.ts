// Shared by the reliability and security suites: figures printed in one stable format for CI
// (`FIGURE <name>: <value>`), Prometheus text read back, bounded load made of plain fetch calls
// with a fixed concurrency (no load tool is installed, and none is needed at these rates), and the
// list of page types both languages have, taken from the demo catalogue a test runs against.
import http from "node:http";
import net from "node:net";
import type { DemoCatalogue, PostRecord, TermRecord } from "../../demo";

/** One measured figure, for the CI log. Durations are printed, never asserted (beyond generous bounds). */
export function figure(name: string, value: string | number): void {
  console.log(`FIGURE ${name}: ${value}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sum of every series of `name` whose labels include `labels` (Prometheus text format). */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const series = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => series[k] === v)) sum += Number(match[3]);
  }
  return sum;
}

export async function readMetrics(metricsUrl: string): Promise<string> {
  return (await fetch(metricsUrl)).text();
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Outcome {
  url: string;
  /** 0 when no answer came (refused, reset, timed out). */
  status: number;
  error?: string;
  startedAt: number;
  durationMs: number;
}

/** GET (or any method) with a hard timeout; never throws: a failure is an outcome with status 0. */
export async function probe(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Outcome & { body: string; headers: Headers }> {
  const startedAt = Date.now();
  try {
    const res = await fetch(url, {
      redirect: "manual",
      ...init,
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
    const body = await res.text();
    return { url, status: res.status, startedAt, durationMs: Date.now() - startedAt, body, headers: res.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      url,
      status: 0,
      error: cause?.code ?? cause?.message ?? (error as Error).message,
      startedAt,
      durationMs: Date.now() - startedAt,
      body: "",
      headers: new Headers(),
    };
  }
}

export interface LoadOptions {
  /** Requests to make, taken in turn; a function gets the request number. */
  next: (n: number) => { url: string; init?: RequestInit } | string;
  concurrency: number;
  /** Stop after this many requests… */
  count?: number;
  /** …or when this returns true (checked before each request). */
  until?: () => boolean;
  timeoutMs?: number;
  /** Called with each outcome, its body and the request's number. */
  onOutcome?: (outcome: Outcome, body: string, n: number) => void;
}

export interface LoadResult {
  outcomes: Outcome[];
  byStatus: Record<number, number>;
  elapsedMs: number;
}

/** A bounded loop of requests with `concurrency` workers (the fetch agent keeps connections alive). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const outcomes: Outcome[] = [];
  let issued = 0;
  const started = Date.now();
  const worker = async () => {
    for (;;) {
      if (options.count !== undefined && issued >= options.count) return;
      if (options.until?.()) return;
      const n = issued++;
      const spec = options.next(n);
      const { url, init } = typeof spec === "string" ? { url: spec, init: undefined } : spec;
      const outcome = await probe(url, { ...init, timeoutMs: options.timeoutMs ?? 15_000 });
      const { body, headers: _headers, ...rest } = outcome;
      outcomes.push(rest);
      options.onOutcome?.(rest, body, n);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const byStatus: Record<number, number> = {};
  for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  return { outcomes, byStatus, elapsedMs: Date.now() - started };
}

export interface PageType {
  /** home, products, product, category, category-product, collection, … with the language. */
  name: string;
  path: string;
}

function published<T extends PostRecord | TermRecord>(items: readonly unknown[]): T[] {
  return (items as T[]).filter((i) => !("status" in i) || i.status === "publish");
}

/** Every page type in both languages, with real ids and slugs of the catalogue. */
export function pageTypes(catalogue: DemoCatalogue): PageType[] {
  const pages: PageType[] = [];
  for (const lang of ["en", "it"] as const) {
    const p = lang === "en" ? "" : "/it";
    const w =
      lang === "en"
        ? {
            products: "products",
            categories: "categories",
            collections: "collections",
            exclusives: "exclusives",
            projects: "projects",
            manufacture: "manufacture",
          }
        : {
            products: "prodotti",
            categories: "categorie",
            collections: "collezioni",
            exclusives: "esclusivi",
            projects: "progetti",
            manufacture: "manifattura",
          };
    const product = published<PostRecord>(catalogue.list("products", { lang }))[0]!;
    const category = catalogue
      .list("product_categories", { lang })
      .find((c) => catalogue.termCount(c as TermRecord) > 0) as TermRecord;
    const inCategory = published<PostRecord>(catalogue.list("products", { lang })).find((x) =>
      x.terms.product_categories?.includes(category.id),
    )!;
    const collection = published<PostRecord>(catalogue.list("collections", { lang }))[0]!;
    const exclusive = published<PostRecord>(catalogue.list("exclusives", { lang }))[0]!;
    pages.push(
      { name: `home-${lang}`, path: p || "/" },
      { name: `products-${lang}`, path: `${p}/${w.products}` },
      { name: `product-${lang}`, path: `${p}/${w.products}/${product.id}` },
      { name: `categories-${lang}`, path: `${p}/${w.categories}` },
      { name: `category-${lang}`, path: `${p}/${w.categories}/${category.slug}` },
      {
        name: `category-product-${lang}`,
        path: `${p}/${w.categories}/${category.slug}/${w.products}/${inCategory.id}`,
      },
      { name: `collections-${lang}`, path: `${p}/${w.collections}` },
      { name: `collection-${lang}`, path: `${p}/${w.collections}/${collection.slug}` },
      { name: `exclusive-${lang}`, path: `${p}/${w.exclusives}/${exclusive.slug}` },
      { name: `projects-${lang}`, path: `${p}/${w.projects}` },
      { name: `about-${lang}`, path: `${p}/about` },
      { name: `manufacture-${lang}`, path: `${p}/${w.manufacture}` },
      { name: `wishlist-${lang}`, path: `${p}/wishlist` },
    );
  }
  return pages;
}

/** What a visitor must never see on an error page: a stack trace, a file path, an internal name. */
export function leaksInternals(body: string): string | undefined {
  const patterns = [
    /\bat [\w.<>]+ \(/,
    /\/work\/|node_modules|file:\/\//,
    /\bTypeError\b|\bReferenceError\b|\bWordPressError\b|ECONNREFUSED/,
    /\.tsx?:\d+/,
  ];
  return patterns.find((p) => p.test(body))?.source;
}

/**
 * A GET with headers exactly as given, Host included (fetch would send its own Host): for the
 * header-spoofing cases. Never throws; status 0 when no answer came.
 */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: "GET",
        headers,
        setHost: !Object.keys(headers).some((h) => h.toLowerCase() === "host"),
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", () => resolve({ status: 0, headers: {}, body: "" }));
      },
    );
    req.on("error", () => resolve({ status: 0, headers: {}, body: "" }));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

/**
 * One HTTP/1.1 request written byte for byte on its own connection (no URL normalisation, no
 * header checks): for traversal and oversized requests. Reads until the server closes or
 * `timeoutMs`; returns the status (0: no answer), the headers and the body as text.
 */
export function rawRequest(
  port: number,
  head: string,
  timeoutMs = 10_000,
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const done = () => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, head: split < 0 ? text : text.slice(0, split), body: split < 0 ? "" : text.slice(split + 4) });
    };
    socket.setTimeout(timeoutMs, done);
    socket.on("data", (c: Buffer) => {
      chunks.push(c);
      // One answer is enough: stop at the end of a body of known length.
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
      if (split >= 0 && length !== undefined && Buffer.byteLength(text.slice(split + 4), "latin1") >= Number(length))
        done();
    });
    socket.on("error", done);
    socket.on("end", done);
    socket.on("connect", () => socket.write(head));
  });
}
