// A real shared cache in front of the built site: Debian's Varnish with xkey running the project's
// docker/varnish/default.vcl, the site behind it with CDN_PROVIDER=varnish, content from the demo
// catalogue served as WordPress (edited here as an editor would). What a visitor and an operator
// see at the edge: a warm hit ratio near 100 %; publish → signed webhook → the edge shows the new
// title within 2 s; delete → 404 at the edge; tracking parameters and parameter order sharing one
// object; a preview, a form answer or the per-visitor `/` never stored; purges refused without the
// token or from an address off the list; 10,000 fuzzed paths through the edge with no 5xx; and,
// last, the site and WordPress both stopped while the pages seen before are still served (grace).
// A second Varnish in front of a stand-in origin covers what the site's answers do not exercise:
// Set-Cookie, private, no-store, Vary on Cookie, a 5xx, Surrogate-Control alone, expiry into grace,
// a Host or cookie that must not split the key, and an edge without a token file.
// EDGE_FUZZ_REQUESTS resizes the fuzz (default 10,000).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookEvent } from "../../../server/http/webhook";
import { sendWebhook } from "../../support/webhook-delivery";
import { createCdnPurger, CdnPurgeError } from "../../../server/cdn";
import type { PostRecord } from "../../../demo";
import { hasBuild } from "../../support/requirements";
import { freePort, startSite, type RunningSite } from "../../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../../support/faulty-wordpress";
import { hasVarnish, startVarnish, type RunningVarnish } from "../../support/varnish";
import { figure, load, metricValue, pageTypes, probe, readMetrics, sleep } from "../../reliability/support";
import { prng } from "../../support/prng";

const ready = hasBuild() && hasVarnish();
const SECRET = "edge-webhook-secret-0123456789";
const TOKEN = "edge-purge-token-0123456789abcdef";
const FUZZ_REQUESTS = Number(process.env.EDGE_FUZZ_REQUESTS ?? 10_000);

let wp: FaultyWordPress;
let site: RunningSite;
let edge: RunningVarnish;

const titleOf = (body: string) => body.match(/<h2 id="product-title"[^>]*>([^<]*)</)?.[1];

async function viaEdge(path: string, init: RequestInit = {}) {
  const res = await probe(edge.url + path, init);
  return { ...res, cache: res.headers.get("x-cache") ?? "" };
}

/** One GET on its own connection, closed after the answer (so varnishstat has counted it). */
function getOnce(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { "Accept-Encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on("error", reject);
  });
}

/** WordPress reaches the site directly (the internal ingress), never through the edge. */
async function webhook(events: WebhookEvent[]): Promise<void> {
  expect((await sendWebhook(site, events)).status).toBe(202);
}

/** Polls the edge every 50 ms until `done` holds; the milliseconds it took, or -1 after `limitMs`. */
async function until(
  path: string,
  done: (r: Awaited<ReturnType<typeof viaEdge>>) => boolean,
  limitMs = 5000,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (done(await viaEdge(path))) return Date.now() - started;
    await sleep(50);
  }
  return -1;
}

function published(type: "products" | "collections", lang: "en" | "it" = "en"): PostRecord[] {
  return (wp.catalogue.list(type, { lang }) as PostRecord[]).filter((p) => p.status === "publish");
}

describe.runIf(ready)("the site behind a real Varnish (docker/varnish/default.vcl)", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    // The edge needs the site's port and the site the edge's address, so the site's port is chosen
    // before it binds: when another process takes it meanwhile, both start again on fresh ports.
    for (let attempt = 1; ; attempt++) {
      const sitePort = await freePort();
      edge = await startVarnish({ backendPort: sitePort, purgeToken: TOKEN });
      try {
        // A long freshness: only a purge can change what the edge serves during the test.
        site = await startSite({
          PORT: String(sitePort),
          WP_URL: wp.url,
          PURGE_SECRET: SECRET,
          CACHE_FRESH_SECONDS: "300",
          CDN_PROVIDER: "varnish",
          CDN_VARNISH_URLS: edge.url,
          CDN_API_TOKEN: TOKEN,
          LOG_LEVEL: "warn",
        });
        break;
      } catch (error) {
        await edge.stop();
        if (!(attempt < 3 && /EADDRINUSE/.test(String(error)))) throw error;
      }
    }
  });
  afterAll(async () => {
    await site?.stop();
    await edge?.stop();
    await wp?.close();
  });

  it("keeps the site's pages: a warm hit ratio of 100 %, browser headers forwarded, cache keys not leaked", async () => {
    // Every page type in both languages, and React Router's data request of two of them; `/`
    // decides per visitor and is never stored (a test below).
    const paths = [
      ...pageTypes(wp.catalogue)
        .map((p) => p.path)
        .filter((p) => p !== "/"),
      "/products.data",
      "/it/prodotti.data",
    ];
    for (const path of paths) {
      const first = await getOnce(edge.url + path);
      expect(first.status, path).toBe(200);
      expect(["miss", "hit"], path).toContain(first.headers["x-cache"]);
    }
    const before = edge.stats();
    let hits = 0;
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      for (const path of paths) {
        const res = await getOnce(edge.url + path);
        expect(res.status, path).toBe(200);
        if (res.headers["x-cache"] === "hit") hits++;
        // Browsers revalidate every time; the keys and surrogate directives stay at the edge.
        expect(res.headers["cache-control"], path).toBe("public, max-age=0, must-revalidate");
        expect(res.headers["surrogate-key"], path).toBeUndefined();
        expect(res.headers["cache-tag"], path).toBeUndefined();
        expect(res.headers["surrogate-control"], path).toBeUndefined();
      }
    }
    const after = edge.stats();
    const total = rounds * paths.length;
    const edgeHits = after["MAIN.cache_hit"]! - before["MAIN.cache_hit"]!;
    const edgeMisses = after["MAIN.cache_miss"]! - before["MAIN.cache_miss"]!;
    figure(
      "edge_warm_hit_ratio",
      `${((100 * edgeHits) / (edgeHits + edgeMisses)).toFixed(1)} % (${edgeHits} hits, ${edgeMisses} misses, ${paths.length} pages)`,
    );
    expect(hits).toBe(total);
    expect(edgeMisses).toBe(0);
    // A browser revalidating (max-age=0, must-revalidate) gets a 304 from the edge's copy.
    const page = await viaEdge("/products");
    const revalidated = await viaEdge("/products", { headers: { "If-None-Match": page.headers.get("etag")! } });
    expect({ status: revalidated.status, cache: revalidated.cache }).toEqual({ status: 304, cache: "hit" });
  });

  it("stores one object for a page whatever its tracking parameters or parameter order", async () => {
    expect((await viaEdge("/collections?utm_source=newsletter&utm_medium=email")).cache).toMatch(/^(hit|miss)$/);
    for (const query of [
      "",
      "?gclid=abc123",
      "?fbclid=x&utm_campaign=spring",
      "?utm_source=a&msclkid=1&_gl=2&mc_cid=3",
    ]) {
      expect((await viaEdge(`/collections${query}`)).cache, query).toBe("hit");
    }
    const a = await viaEdge("/products?sort=newest&page=1&utm_source=x");
    const b = await viaEdge("/products?page=1&sort=newest");
    expect(a.status).toBe(200);
    expect(b.cache).toBe("hit");
    expect(b.body).toBe(a.body);
    // A parameter the route declares is part of the key: another page is another object.
    expect((await viaEdge("/products?page=2&sort=newest")).cache).toBe("miss");
    // A redirect keeps each visitor's own campaign: the site carries the query into Location, and
    // the edge never serves one campaign's redirect to another's visitor.
    for (const campaign of ["spring", "autumn", "spring"]) {
      const redirect = await viaEdge(`/Collections?utm_source=${campaign}`);
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get("location")).toBe(`/collections?utm_source=${campaign}`);
    }
    const italian = await viaEdge("/?utm_campaign=vasi", { headers: { "Accept-Language": "it" } });
    expect(italian.headers.get("location")).toBe("/it?utm_campaign=vasi");
  });

  it("stores a rendition once per format the site chooses, whatever the browser's Accept, and never a refused width", async () => {
    const media = (wp.catalogue.list("media", { lang: "en" }) as PostRecord[]).find(
      (m) => (m.attachment?.width ?? 0) >= 640,
    )!;
    const url = `/media/${media.attachment!.file}?w=640`;
    const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    const firefox = "image/avif,image/webp,*/*";
    const first = await viaEdge(url, { headers: { Accept: chrome } });
    expect(first.headers.get("content-type")).toBe("image/avif");
    const other = await viaEdge(url, { headers: { Accept: firefox } });
    expect(other.cache).toBe("hit");
    expect(other.headers.get("content-type")).toBe("image/avif");
    // A browser without AVIF never gets the AVIF object: it gets the original's format (the demo's uploads are WebP).
    const plain = await viaEdge(url, { headers: { Accept: "image/png,image/*;q=0.8" } });
    expect(plain.cache).toBe("miss");
    expect(plain.headers.get("content-type")).toBe("image/webp");
    // A width not offered is refused and not kept: asked again, it reaches the site again.
    for (let i = 0; i < 2; i++) {
      const refused = await viaEdge(`/media/${media.attachment!.file}?w=641`, { headers: { Accept: chrome } });
      expect(refused.status).toBe(400);
      expect(refused.cache).not.toBe("hit");
    }
  });

  it("drops an image's renditions at the edge on its media webhook, also once WordPress deleted it", async () => {
    // An image a page showed: the site learned its id from the page's content.
    const listing = await viaEdge("/products");
    const file = /\/media\/([\w/.-]+\.webp)\?w=\d+/.exec(listing.body)?.[1];
    expect(file, "no rendition on /products").toBeDefined();
    const id = wp.catalogue.upload(file!)!.media.id;
    const url = `/media/${file}?w=480`;
    const accept = { headers: { Accept: "image/avif,image/webp,*/*" } };
    expect((await viaEdge(url, accept)).status).toBe(200);
    expect((await viaEdge(url, accept)).cache).toBe("hit");
    wp.catalogue.remove("media", id);
    await webhook([{ type: "media", id, action: "delete" }]);
    const gone = await until(url, (r) => r.cache !== "hit", 5000);
    expect(gone, "the edge kept the deleted image's rendition").toBeGreaterThanOrEqual(0);
  });

  it("shows a published change at the edge within 2 s of the webhook (soft purge by Surrogate-Key)", async () => {
    const product = published("products")[1]!;
    const path = `/products/${product.id}`;
    const title = product.title;
    expect(titleOf((await viaEdge(path)).body)).toBe(title);
    expect((await viaEdge(path)).cache).toBe("hit");
    const renamed = `${title} (new glaze)`;
    wp.catalogue.update("products", product.id, { title: renamed });
    // Until the purge the edge keeps its copy: only the purge makes it new.
    expect(titleOf((await viaEdge(path)).body)).toBe(title);
    const sent = Date.now();
    await webhook([{ type: "products", id: product.id, action: "update" }]);
    const shown = await until(path, (r) => titleOf(r.body) === renamed, 5000);
    const ms = shown < 0 ? -1 : Date.now() - sent;
    figure("edge_publish_to_new_title_ms", ms);
    expect(shown, "the new title never reached the edge").toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThanOrEqual(2000);
    // And it stays: the edge's object is the new page now.
    const again = await viaEdge(path);
    expect({ title: titleOf(again.body), cache: again.cache }).toEqual({ title: renamed, cache: "hit" });
  });

  it("answers 404 at the edge once a product is deleted (hard purge)", async () => {
    const product = published("products")[2]!;
    const path = `/products/${product.id}`;
    expect((await viaEdge(path)).status).toBe(200);
    expect((await viaEdge(path)).cache).toBe("hit");
    wp.catalogue.remove("products", product.id);
    const sent = Date.now();
    await webhook([{ type: "products", id: product.id, action: "delete" }]);
    const gone = await until(path, (r) => r.status === 404, 5000);
    figure("edge_delete_to_404_ms", gone < 0 ? -1 : Date.now() - sent);
    expect(gone, "the edge kept serving the deleted product").toBeGreaterThanOrEqual(0);
    // Hard: not one stale 200 after the 404 either.
    for (let i = 0; i < 3; i++) {
      const res = await viaEdge(path);
      expect(res.status).toBe(404);
      expect(res.body).toContain("This page could not be found");
    }
  });

  it("never stores a preview, a form answer or the per-visitor language decision", async () => {
    const product = published("products")[0]!;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const preview = `/preview?type=products&id=${product.id}&exp=${exp}&sig=${"ab".repeat(32)}`;
    // Expired (403) and missing (404: the demo WordPress has no preview route), page and data.
    const links = [preview, preview.replace(/exp=\d+/, "exp=1"), preview.replace("/preview?", "/preview.data?")];
    for (const link of links) {
      for (let i = 0; i < 3; i++) {
        const res = await viaEdge(link);
        expect(res.headers.get("cache-control"), link).toBe("private, no-store");
        expect(res.headers.get("cdn-cache-control"), link).toBeNull();
        expect(res.cache, link).not.toBe("hit");
      }
    }
    // A form post goes to the site every time, and its answer is not what the page's GET gets.
    const form = new URLSearchParams({ email: "visitor@example.com", message: "secret words" }).toString();
    for (let i = 0; i < 2; i++) {
      const res = await viaEdge("/contact", {
        method: "POST",
        body: form,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(res.cache).toBe("pass");
    }
    const page = await viaEdge("/contact");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("secret words");
    // `/`: the language from each visitor's own headers, never from another's.
    const italian = await viaEdge("/", { headers: { "Accept-Language": "it-IT,it;q=0.9" } });
    const english = await viaEdge("/", { headers: { "Accept-Language": "en-GB,en;q=0.9" } });
    const italianAgain = await viaEdge("/", { headers: { "Accept-Language": "it" } });
    expect(italian.cache).toBe("pass");
    expect(english.cache).toBe("pass");
    expect(italian.headers.get("location")).toMatch(/\/it$/);
    expect(english.status).toBe(200);
    expect(italianAgain.headers.get("location")).toMatch(/\/it$/);
  });

  it("refuses a purge without the token or from an address off the list, and the adapter says so", async () => {
    const path = "/collections";
    expect((await viaEdge(path)).cache).toBe("hit");
    const purge = (headers: Record<string, string>, localAddress = "127.0.0.1") =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port: edge.port, path: "/", method: "PURGE", headers, localAddress },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end();
      });
    expect(await purge({ "xkey-purge": "collections" })).toBe(401);
    expect(await purge({ "xkey-purge": "collections", Authorization: "Bearer wrong-token-0123456789" })).toBe(401);
    // 127.0.0.2 is this machine too, but not on the edge's list.
    expect(await purge({ "xkey-purge": "collections", Authorization: `Bearer ${TOKEN}` }, "127.0.0.2")).toBe(403);
    expect((await viaEdge(path)).cache, "a refused purge purged").toBe("hit");

    const wrong = createCdnPurger({
      provider: "varnish",
      apiToken: "another-token-0123456789",
      varnishUrls: [edge.url],
      maxAttempts: 1,
    })!;
    const failure = await wrong.purge(["collections"]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CdnPurgeError);
    expect((failure as CdnPurgeError).code).toBe("unauthorized");

    const right = createCdnPurger({ provider: "varnish", apiToken: TOKEN, varnishUrls: [edge.url] })!;
    await right.purge(["collections"]);
    expect((await viaEdge(path)).cache).toBe("miss");
  });

  it(`answers ${FUZZ_REQUESTS} fuzzed paths through the edge without a 5xx`, async () => {
    const r = prng(20_261_125);
    const products = published("products").map((p) => String(p.id));
    const words = [
      "products",
      "prodotti",
      "categories",
      "categorie",
      "collections",
      "collezioni",
      "exclusives",
      "esclusivi",
      "projects",
      "progetti",
      "about",
      "manufacture",
      "manifattura",
      "wishlist",
      "contact",
      "contatti",
      "it",
      "media",
      "assets",
      "api",
      "cache",
      "preview",
      "_root.data",
      "sitemap.xml",
    ];
    const nasty = [
      "..",
      "%2e%2e",
      "%2f",
      "%00",
      "%zz",
      "%",
      "~",
      ";",
      "@",
      "%0d%0aSet-Cookie:x=1",
      "{{7*7}}",
      "%3Cscript%3E",
      "%E2%80%AE",
      "%F0%9F%92%A5",
      ".data",
      "index",
      "a".repeat(600),
      "0",
      "-1",
      "99999999999999999999",
    ];
    const params = [
      "page",
      "category",
      "colour",
      "sort",
      "q",
      "items",
      "_routes",
      "utm_source",
      "gclid",
      "fbclid",
      "__proto__",
      "x",
    ];
    const values = ["1", "2", "-1", "abc", "newest", "vases", "%zz", "<script>", "a".repeat(300), ""];
    const paths = Array.from({ length: FUZZ_REQUESTS }, () => {
      const segments: string[] = [];
      for (let i = 0, n = 1 + r.int(4); i < n; i++) {
        const roll = r.int(10);
        segments.push(roll < 5 ? r.pick(words) : roll < 7 ? r.pick(products) : r.pick(nasty));
      }
      let query = "";
      if (r.chance(0.4))
        query =
          "?" +
          Array.from({ length: 1 + r.int(3) }, () => `${r.pick(params)}=${encodeURIComponent(r.pick(values))}`).join(
            "&",
          );
      return `/${segments.join("/")}${query}`;
    });
    const before = await readMetrics(site.metricsUrl);
    const bad: string[] = [];
    const statuses: Record<string, number> = {};
    const result = await load({
      next: (n) => ({
        url: edge.url + paths[n]!,
        init: { method: r.chance(0.1) ? "HEAD" : "GET", redirect: "manual" },
      }),
      concurrency: 16,
      count: paths.length,
      timeoutMs: 30_000,
      onOutcome: (o, _body, n) => {
        const cls = `${String(o.status)[0]}xx`;
        statuses[cls] = (statuses[cls] ?? 0) + 1;
        if (o.status >= 500 || o.status === 0) bad.push(`${o.status} ${paths[n]!.slice(0, 160)} ${o.error ?? ""}`);
      },
    });
    const after = await readMetrics(site.metricsUrl);
    const origin5xx = [500, 502, 503, 504].reduce(
      (sum, status) =>
        sum +
        metricValue(after, "http_request_duration_seconds_count", { status: String(status) }) -
        metricValue(before, "http_request_duration_seconds_count", { status: String(status) }),
      0,
    );
    figure("edge_fuzz_requests", result.outcomes.length);
    figure("edge_fuzz_duration_s", (result.elapsedMs / 1000).toFixed(1));
    figure(
      "edge_fuzz_status_classes",
      Object.entries(statuses)
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join(" "),
    );
    expect(bad.slice(0, 20)).toEqual([]);
    expect(origin5xx).toBe(0);
    // Nor an error logged by the site (pino level 50 and up) in the whole run so far.
    expect(site.logs.filter((line) => /"level":(5|6)\d/.test(line)).slice(0, 5)).toEqual([]);
    expect((await probe(`${site.url}/healthz`)).status).toBe(200);
    // Most fuzzed paths are cold pages (a 404 rendered by the site): 10,000 of them take about a
    // minute of one core, more on a busy two-core machine, so the budget is five minutes.
  }, 300_000);

  it("keeps serving the pages it has from grace when the site and WordPress are both down", async () => {
    const paths = ["/products", "/it/prodotti", "/collections", `/products/${published("products")[0]!.id}`];
    const seen = new Map<string, string>();
    const tags = new Set<string>();
    for (const path of paths) {
      const res = await viaEdge(path);
      expect(res.status, path).toBe(200);
      seen.set(path, res.body);
      // The keys the site tags the page with (the edge does not show them).
      const direct = await probe(site.url + path);
      for (const tag of (direct.headers.get("surrogate-key") ?? "").split(" ")) if (tag) tags.add(tag);
    }
    await site.stop();
    await wp.stop();
    // Publishing while the origin is down: a soft purge marks every one of those objects stale.
    const purger = createCdnPurger({ provider: "varnish", apiToken: TOKEN, varnishUrls: [edge.url] })!;
    await purger.purge([...tags], { soft: true });
    // Right away and once the health probe has marked the site down: stale, never an error.
    for (const wait of [0, 5000]) {
      await sleep(wait);
      for (const path of paths) {
        const res = await viaEdge(path);
        expect({ path, status: res.status, cache: res.cache }).toEqual({ path, status: 200, cache: "stale" });
        expect(res.body, path).toBe(seen.get(path));
      }
    }
    // A page the edge never had cannot be made up: 503, not stored.
    const unseen = await viaEdge("/products?page=7&sort=name");
    expect(unseen.status).toBe(503);
    expect(unseen.headers.get("cache-control")).toBe("no-store");
  });
});

// The rules for what the site does not send today, against a stand-in origin that answers what each
// case asks for and counts what reaches it: a stored answer is one origin request however often
// it is asked for; an answer never stored reaches the origin every time.
describe.runIf(ready)("the edge's rules, against an origin that sends what the site does not", () => {
  let origin: http.Server;
  let varnish: RunningVarnish;
  const seen: { url: string; cookie?: string; host?: string }[] = [];
  const answers: Record<string, { status?: number; headers: Record<string, string> }> = {
    // Varnish's health probe (fc_site_health): answered as the site answers it. A 404 here turned
    // the backend sick after three probes (about 6 s), and a slow run's later tests met 503s.
    "/healthz": { headers: { "Cache-Control": "no-store" } },
    "/set-cookie": { headers: { "CDN-Cache-Control": "max-age=300", "Set-Cookie": "session=abc; HttpOnly" } },
    "/private": { headers: { "Cache-Control": "private, max-age=300", "CDN-Cache-Control": "max-age=300" } },
    "/no-store": { headers: { "Cache-Control": "no-store" } },
    "/cdn-no-store": { headers: { "Cache-Control": "public, max-age=300", "CDN-Cache-Control": "no-store" } },
    "/vary-cookie": { headers: { "CDN-Cache-Control": "max-age=300", Vary: "Accept-Encoding, Cookie" } },
    "/error": { status: 500, headers: { "CDN-Cache-Control": "max-age=300" } },
    "/surrogate-only": {
      headers: { "Cache-Control": "public, max-age=0, must-revalidate", "Surrogate-Control": "max-age=300" },
    },
    "/browser-only": { headers: { "Cache-Control": "public, max-age=0, must-revalidate" } },
    "/page": {
      headers: {
        "Cache-Control": "public, max-age=0, must-revalidate",
        "CDN-Cache-Control": "max-age=300, stale-while-revalidate=60, stale-if-error=600",
      },
    },
    // Three seconds fresh, then kept for stale-if-error only (swr 0): the grace comes from the longer.
    "/grace": {
      headers: {
        "Cache-Control": "public, max-age=0, must-revalidate",
        "CDN-Cache-Control": "max-age=3, stale-while-revalidate=0, stale-if-error=600",
      },
    },
    "/no-grace": {
      headers: { "Cache-Control": "public, max-age=0, must-revalidate", "CDN-Cache-Control": "max-age=1" },
    },
  };
  /** Paths the origin answers 503 for from now on (the origin failing). */
  const failing = new Set<string>();
  const count = (path: string) => seen.filter((s) => s.url.split("?")[0] === path).length;

  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      seen.push({ url: req.url ?? "", cookie: req.headers.cookie, host: req.headers.host });
      const path = (req.url ?? "").split("?")[0]!;
      const answer = failing.has(path)
        ? { status: 503, headers: { "Cache-Control": "no-store" } }
        : (answers[path] ?? { status: 404, headers: {} });
      res.writeHead(answer.status ?? 200, { "Content-Type": "text/html; charset=utf-8", ...answer.headers });
      res.end(`<p>${req.url} #${seen.length}</p>`);
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    // No purge token file: this edge must refuse every purge.
    varnish = await startVarnish({ backendPort: (origin.address() as import("node:net").AddressInfo).port });
  });
  afterAll(async () => {
    await varnish?.stop();
    await new Promise((resolve) => origin?.close(resolve));
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await probe(varnish.url + path, { headers });
    return { status: res.status, cache: res.headers.get("x-cache"), body: res.body, headers: res.headers };
  };

  it.each(["/set-cookie", "/private", "/no-store", "/cdn-no-store", "/vary-cookie", "/error", "/browser-only"])(
    "never stores %s",
    async (path) => {
      for (let i = 0; i < 3; i++) expect((await get(path)).cache, path).not.toBe("hit");
      expect(count(path)).toBe(3);
    },
  );

  it("keeps an answer for the CDN header's max-age, from Surrogate-Control when CDN-Cache-Control is absent", async () => {
    for (const path of ["/page", "/surrogate-only"]) {
      const bodies = new Set<string>();
      for (let i = 0; i < 3; i++) bodies.add((await get(path)).body);
      expect(bodies.size, path).toBe(1);
      expect(count(path), path).toBe(1);
    }
  });

  it("expires an answer after the CDN header's max-age and serves it stale while the origin fails, for the grace only", async () => {
    const fresh = await get("/grace");
    const bare = await get("/no-grace");
    expect([fresh.status, bare.status]).toEqual([200, 200]);
    expect((await get("/grace")).cache).toBe("hit");
    await sleep(3500);
    failing.add("/grace");
    failing.add("/no-grace");
    for (let i = 0; i < 3; i++) {
      const stale = await get("/grace");
      expect({ status: stale.status, cache: stale.cache, body: stale.body }).toEqual({
        status: 200,
        cache: "stale",
        body: fresh.body,
      });
      await sleep(100);
    }
    // Asked at least once in the background, and its 503 was not stored over the stale copy.
    expect(count("/grace")).toBeGreaterThanOrEqual(2);
    // Without stale-if-error there is no grace: the origin's error goes through, never stored.
    const gone = await get("/no-grace");
    expect(gone.status).toBe(503);
    expect(gone.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses every purge without a token file, even one that brings its own expected token", async () => {
    await get("/page");
    const attempts: Record<string, string>[] = [
      { Authorization: `Bearer ${TOKEN}`, "xkey-purge": "page" },
      // The VCL's own working header, sent by the client: never believed.
      {
        Authorization: "Bearer client-chosen-token-0123",
        "x-fc-expected": "client-chosen-token-0123",
        "xkey-purge": "page",
      },
    ];
    for (const headers of attempts) {
      const res = await probe(`${varnish.url}/`, { method: "PURGE", headers });
      expect(res.status).toBe(503);
    }
    expect((await get("/page")).cache).toBe("hit");
  });

  it("keys on the URL alone: no cookie reaches the origin, and Host or cookies do not split or poison the object", async () => {
    const first = await get("/page?category=vases&utm_source=a", {
      Cookie: "i18n_redirected=it; _ga=GA1.1",
      Host: "evil.example",
    });
    const second = await get("/page?utm_medium=b&category=vases&gclid=x", { Host: "www.fc.example" });
    expect(second.cache).toBe("hit");
    expect(second.body).toBe(first.body);
    // One origin request for both (the first visitor's URL, as asked), without the cookie.
    const reached = seen.filter((s) => s.url.startsWith("/page?"));
    expect(reached.map((s) => s.url)).toEqual(["/page?category=vases&utm_source=a"]);
    expect(reached[0]!.cookie).toBeUndefined();
  });
});
