// Previews and shared wishlists cost nothing until proven, on the real built site process against
// a WordPress that counts its requests:
// - a preview link with a made-up signature, or an expired one, is a 403 before anything reads
//   or renders: sixty of them cost WordPress nothing; a genuine link reaches WordPress, and one
//   visitor's genuine previews are limited (429 with Retry-After);
// - a shared wishlist reads its products by id through the cache (the entries product pages use):
//   sixty links of made-up ids cost WordPress nothing, real ids are shown, and one visitor's
//   uncached lists are limited like searches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import type { PostRecord } from "../../demo";
import { previewSignature } from "../../server/http/preview-gate";
import { RATE_LIMITS } from "../../server/http/rate-limits";
import { probe } from "../reliability/support";

const ready = hasBuild();
const SECRET = "previews-and-lists-secret-0123456789";
let wp: FaultyWordPress;
let site: RunningSite;
let visitor = 0;
/** A visitor of their own (TRUST_PROXY=1): each test's requests count against nobody else's limit. */
const newVisitor = () => ({ "X-Forwarded-For": `203.0.113.${++visitor}` });
/** WordPress's content reads so far (the readiness probe left out). */
const reads = () => [...wp.byPath.values()].reduce((a, b) => a + b, 0);
const now = () => Math.floor(Date.now() / 1000);

function previewUrl(
  id: number,
  exp: number,
  sig = previewSignature(SECRET, "products", String(id), String(exp)),
): string {
  return `${site.url}/preview?type=products&id=${id}&exp=${exp}&sig=${sig}`;
}

describe.runIf(ready)("previews and shared wishlists, before they are proven", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    site = await startSite({ WP_URL: wp.url, PURGE_SECRET: SECRET, TRUST_PROXY: "1" });
    // What every page reads (menus, languages, the product index): cached before counting.
    expect((await probe(`${site.url}/wishlist?items=1`)).status).toBe(200);
    expect((await probe(`${site.url}/it/wishlist?items=1`)).status).toBe(200);
  });
  afterAll(async () => {
    await site?.stop();
    await wp?.close();
  });

  it("refuses sixty previews with made-up or expired signatures with 403, without a WordPress read", async () => {
    const before = reads();
    for (let i = 0; i < 60; i++) {
      const forged =
        i % 3 === 0
          ? previewUrl(100 + i, now() + 600, "ab".repeat(32))
          : i % 3 === 1
            ? previewUrl(100 + i, now() - 60)
            : previewUrl(
                100 + i,
                now() + 600,
                previewSignature("not-the-secret", "products", String(100 + i), String(now() + 600)),
              );
      const answer = await probe(forged, { headers: newVisitor() });
      expect(answer.status, forged).toBe(403);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(reads() - before).toBe(0);
    expect(wp.byPath.get("/wp-json/fc-headless/v1/preview/products/100") ?? 0).toBe(0);
  });

  it("lets a genuine preview link reach WordPress, and limits one visitor's previews", async () => {
    const me = newVisitor();
    const genuine = await probe(previewUrl(12, now() + 600), { headers: me });
    // The demo WordPress has no preview route: the item is not found, after asking.
    expect(genuine.status).toBe(404);
    expect(wp.byPath.get("/wp-json/fc-headless/v1/preview/products/12")).toBe(1);
    for (let i = 1; i < RATE_LIMITS.previews.points; i++) await probe(previewUrl(12, now() + 600), { headers: me });
    const limited = await probe(previewUrl(12, now() + 600), { headers: me });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect((await probe(previewUrl(12, now() + 600), { headers: newVisitor() })).status).toBe(404);
  });

  it("reads a shared wishlist's products by id through the cache: made-up ids cost WordPress nothing", async () => {
    const before = reads();
    for (let i = 0; i < 60; i++) {
      const ids = Array.from({ length: 5 }, (_, j) => 900_000 + i * 5 + j).join(",");
      const answer = await probe(`${site.url}/wishlist?items=${ids}`, { headers: newVisitor() });
      expect(answer.status).toBe(200);
    }
    expect(reads() - before).toBe(0);
  });

  it("shows the products of real ids, each read once whatever the combinations", async () => {
    const products = (wp.catalogue.list("products", { lang: "en" }) as PostRecord[])
      .filter((p) => p.status === "publish")
      .slice(0, 6);
    const ids = products.map((p) => p.id);
    const answer = await probe(`${site.url}/wishlist?items=${ids.join(",")}`, { headers: newVisitor() });
    expect(answer.status).toBe(200);
    // The products travel in the page's data (the list itself is drawn once the browser's wishlist is read).
    for (const product of products) expect(answer.body).toContain(product.title);
    const before = reads();
    // Other combinations of the same products: no new WordPress read.
    for (const pair of [
      [0, 1],
      [2, 3],
      [1, 4],
      [5, 0],
      [3, 2, 1],
    ]) {
      expect(
        (await probe(`${site.url}/wishlist?items=${pair.map((i) => ids[i]).join(",")}`, { headers: newVisitor() }))
          .status,
      ).toBe(200);
    }
    expect(reads() - before).toBe(0);
  });

  it("limits one visitor's uncached shared lists, like searches", async () => {
    const me = newVisitor();
    for (let i = 0; i < RATE_LIMITS.savedLists.points; i++)
      expect((await probe(`${site.url}/wishlist?items=${800_000 + i}`, { headers: me })).status).toBe(200);
    const limited = await probe(`${site.url}/wishlist?items=${800_999}`, { headers: me });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    // A list already rendered is answered from the page cache, whoever asks.
    expect((await probe(`${site.url}/wishlist?items=${800_000}`, { headers: me })).status).toBe(200);
  });
});
