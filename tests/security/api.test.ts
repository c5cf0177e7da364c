// The signed webhook and the SRE purge API against hostile callers — what tests/e2e/cache.test.ts
// does not already cover (missing, wrong and 301 s old signatures, malformed or oversized event
// lists, a purge-API burst): replays, timestamps from the future or in odd formats, signatures in
// other forms, compressed bodies (a gzip bomb), other methods, tokens in other places, disabled
// endpoints, a burst on the webhook with spoofed X-Forwarded-For, and the compare being timing-safe.
//
// Replay decision: an identical signed delivery inside the 300 s window is ACCEPTED, idempotently.
// A purge only makes cached content revalidate (update) or drop (delete); repeating one cannot
// change what a page shows, only cost a revalidation, and the rate limit bounds that. The plugin
// signs every retry afresh, but a retried delivery that did arrive must not fail. Outside the
// window, or with any byte of body or timestamp changed, it is refused (401).
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { startFaultyWordPress, type FaultyWordPress } from "../support/faulty-wordpress";
import { signWebhook } from "../../server/http/cache-api";
import { figure, percentile, probe } from "../reliability/support";
import type { PostRecord } from "../../demo";

const ready = hasBuild();
const SECRET = "security-webhook-secret-0123456";
const TOKEN = "security-admin-token-0123456789";
let wp: FaultyWordPress;
let site: RunningSite;
let bare: RunningSite;

const now = () => Math.floor(Date.now() / 1000);

/** POSTs to the site: the SRE purge API on its internal port, everything else on the public one. */
function post(path: string, body: string | Buffer, headers: Record<string, string> = {}, target = site) {
  const base = path.startsWith("/api/cache/purge") ? target.internalUrl : target.url;
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

function signed(body: string, ts = now(), signature = signWebhook(SECRET, ts, body)) {
  return { "X-FC-Timestamp": String(ts), "X-FC-Signature": signature };
}

describe.runIf(ready)("the webhook and the purge API under attack", () => {
  beforeAll(async () => {
    wp = await startFaultyWordPress();
    [site, bare] = await Promise.all([
      startSite({ WP_URL: wp.url, PURGE_SECRET: SECRET, ADMIN_TOKEN: TOKEN }),
      startSite({ WP_URL: wp.url }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([site?.stop(), bare?.stop()]);
    await wp?.close();
  });

  it("purges a signed delivery once: a replay inside the window, or a retry signed afresh, answers 200 duplicate and purges nothing; refuses any altered copy", async () => {
    const product = (wp.catalogue.list("products", { lang: "en" }) as PostRecord[])[0]!;
    const counter = async (series: string) =>
      Number(
        (await (await fetch(site.metricsUrl)).text()).match(
          new RegExp(`^${series.replace(/[{}]/g, "\\$&")} (\\d+)`, "m"),
        )?.[1],
      );
    const [duplicatesBefore, purgesBefore] = [
      await counter('webhook_requests_total{result="duplicate"}'),
      await counter('wp_cache_purges_total{source="webhook"}'),
    ];
    const delivery = randomUUID();
    const body = JSON.stringify({ delivery, events: [{ type: "products", id: product.id, action: "update" }] });
    const headers = signed(body);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await post("/api/cache/webhook", body, headers));
    // The plugin's retry: the same delivery id, signed at a later second.
    answers.push(await post("/api/cache/webhook", body, signed(body, now() + 2)));
    figure("webhook_replay_statuses", answers.map((r) => r.status).join(" "));
    expect(answers.map((r) => r.status)).toEqual([202, 200, 200, 200]);
    expect(await answers[0]!.json()).toEqual({ purged: expect.any(Number) });
    for (const r of answers.slice(1)) expect(await r.json()).toEqual({ purged: 0, duplicate: true });
    expect(await counter('webhook_requests_total{result="duplicate"}')).toBe(duplicatesBefore + 3);
    expect(await counter('wp_cache_purges_total{source="webhook"}')).toBe(purgesBefore + 1);
    // The content is what it was: a replay changes nothing a visitor sees.
    const page = await probe(`${site.url}/products/${product.id}`);
    expect(page.status).toBe(200);

    // Same signature, another body (a different id, or a delete instead of an update).
    const other = JSON.stringify({ delivery, events: [{ type: "products", id: product.id, action: "delete" }] });
    expect((await post("/api/cache/webhook", other, headers)).status).toBe(401);
    expect((await post("/api/cache/webhook", body + " ", headers)).status).toBe(401);
    // Same signature, another timestamp.
    expect(
      (
        await post("/api/cache/webhook", body, {
          ...headers,
          "X-FC-Timestamp": String(Number(headers["X-FC-Timestamp"]) + 1),
        })
      ).status,
    ).toBe(401);
  });

  it("refuses timestamps from the future and in any other form than unix seconds", async () => {
    const body = JSON.stringify({ delivery: randomUUID(), events: [{ type: "menu", id: 2, action: "update" }] });
    expect((await post("/api/cache/webhook", body, signed(body, now() + 301))).status).toBe(401);
    expect((await post("/api/cache/webhook", body, signed(body, now() + 299))).status).toBe(202);
    for (const ts of [
      "-1",
      "1e9",
      `${now()}.5`,
      `+${now()}`,
      ` ${now()}`,
      `0x${now().toString(16)}`,
      "9".repeat(40),
      "",
      "null",
    ]) {
      const sig = `sha256=${(await import("node:crypto")).createHmac("sha256", SECRET).update(`${ts}.`).update(body).digest("hex")}`;
      const res = await post("/api/cache/webhook", body, { "X-FC-Timestamp": ts, "X-FC-Signature": sig });
      expect(res.status, `timestamp ${JSON.stringify(ts)}`).toBe(401);
    }
    // Milliseconds instead of seconds: far from now.
    expect((await post("/api/cache/webhook", body, signed(body, Date.now()))).status).toBe(401);
  });

  it("refuses signatures in other forms", async () => {
    const body = JSON.stringify({ delivery: randomUUID(), events: [{ type: "pages", id: 1, action: "update" }] });
    const ts = now();
    const good = signWebhook(SECRET, ts, body);
    const hex = good.slice("sha256=".length);
    const variants = {
      "no prefix": hex,
      "sha1 prefix": `sha1=${hex}`,
      "upper-case prefix": `SHA256=${hex}`,
      truncated: good.slice(0, -2),
      extended: `${good}00`,
      "two values": `${good}, ${good}`,
      base64: `sha256=${Buffer.from(hex, "hex").toString("base64")}`,
      "of the body without the timestamp": `sha256=${(await import("node:crypto")).createHmac("sha256", SECRET).update(body).digest("hex")}`,
      "with an empty secret": signWebhook("", ts, body),
      empty: "",
    };
    for (const [name, signature] of Object.entries(variants)) {
      const res = await post("/api/cache/webhook", body, { "X-FC-Timestamp": String(ts), "X-FC-Signature": signature });
      expect(res.status, name).toBe(401);
      expect(res.headers.get("cache-control"), name).toBe("no-store");
    }
  });

  it("bounds compressed bodies: a gzip bomb is 413, an unknown encoding a 4xx, never a 5xx", async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)); // 8 MiB of spaces in ~8 KiB
    figure("webhook_gzip_bomb_bytes", bomb.length);
    const ts = now();
    const res = await post("/api/cache/webhook", bomb, { "Content-Encoding": "gzip", ...signed("x", ts) });
    expect(res.status).toBe(413);
    const admin = await post("/api/cache/purge", bomb, {
      "Content-Encoding": "gzip",
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(admin.status).toBe(413);
    const odd = await post("/api/cache/webhook", "abc", { "Content-Encoding": "compress", ...signed("abc") });
    expect(odd.status).toBeGreaterThanOrEqual(400);
    expect(odd.status).toBeLessThan(500);
    const liar = await post("/api/cache/webhook", "not gzip at all", {
      "Content-Encoding": "gzip",
      ...signed("not gzip at all"),
    });
    expect(liar.status).toBeGreaterThanOrEqual(400);
    expect(liar.status).toBeLessThan(500);
    expect((await probe(`${site.url}/healthz`)).status).toBe(200);
  });

  it("protects the purge API: the token only as a bearer header, exactly", async () => {
    const body = JSON.stringify({ tags: ["products:list"] });
    const refused: Record<string, RequestInit & { path?: string }> = {
      "lower-case scheme": { headers: { Authorization: `bearer ${TOKEN}` } },
      "basic auth": { headers: { Authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString("base64")}` } },
      "two spaces": { headers: { Authorization: `Bearer  ${TOKEN}` } },
      "a prefix of the token": { headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}` } },
      "the token and more": { headers: { Authorization: `Bearer ${TOKEN}x` } },
      "token in the query": { path: `/api/cache/purge?token=${TOKEN}&access_token=${TOKEN}` },
      "token in a cookie": { headers: { Cookie: `token=${TOKEN}` } },
      "the webhook secret": { headers: { Authorization: `Bearer ${SECRET}` } },
    };
    for (const [name, init] of Object.entries(refused)) {
      const res = await fetch(`${site.internalUrl}${init.path ?? "/api/cache/purge"}`, {
        method: "POST",
        body,
        headers: init.headers,
      });
      expect(res.status, name).toBe(401);
      expect(res.headers.get("www-authenticate"), name).toMatch(/^Bearer/);
    }
    const strict = await post("/api/cache/purge", JSON.stringify({ all: true, extra: 1 }), {
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(strict.status).toBe(400);
    const tooMany = await post(
      "/api/cache/purge",
      JSON.stringify({ tags: Array.from({ length: 1001 }, (_, i) => `products:${i}`) }),
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(tooMany.status).toBe(400);
    const oddTags = await post("/api/cache/purge", JSON.stringify({ tags: ["products:1 OR 1=1", "../x", "*"] }), {
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(oddTags.status).toBe(400);
    const protoPollution = await post(
      "/api/cache/purge",
      '{"__proto__": {"all": true}, "tags": ["products:1"], "constructor": {"prototype": {"x": 1}}}',
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(protoPollution.status).toBe(400);
  });

  it("answers other methods with 405 and Allow: POST, never with a purge", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      for (const path of ["/api/cache/webhook", "/api/cache/purge"]) {
        const res = await fetch((path === "/api/cache/purge" ? site.internalUrl : site.url) + path, {
          method,
          headers: { Authorization: `Bearer ${TOKEN}` },
        });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe("POST");
      }
    }
  });

  it("keeps both endpoints shut (503) when their secrets are not configured", async () => {
    const body = JSON.stringify({ delivery: randomUUID(), events: [{ type: "all", id: 0, action: "delete" }] });
    expect((await post("/api/cache/webhook", body, signed(body), bare)).status).toBe(503);
    // Not even an empty secret signs for it.
    expect(
      (await post("/api/cache/webhook", body, signed(body, now(), signWebhook("", now(), body)), bare)).status,
    ).toBe(503);
    expect(
      (await post("/api/cache/purge", JSON.stringify({ all: true }), { Authorization: "Bearer " }, bare)).status,
    ).toBe(503);
    expect(
      (await post("/api/cache/purge", JSON.stringify({ all: true }), { Authorization: "Bearer undefined" }, bare))
        .status,
    ).toBe(503);
  });

  it("compares signatures and tokens in constant time", async () => {
    // By construction: both comparisons go through crypto.timingSafeEqual, never === or startsWith.
    const source = ["api-guards", "webhook", "purge-api", "cache-api"]
      .map((name) => readFileSync(`server/http/${name}.ts`, "utf8"))
      .join("\n");
    expect(source).toMatch(/timingSafeEqual\(/);
    expect(source).toMatch(/safeEqual\(signature, signWebhook\(/);
    expect(source).toMatch(/safeEqual\(auth\.slice\(7\), adminToken\)/);
    expect(source).not.toMatch(/signature\s*[!=]==|adminToken\s*[!=]==|[!=]==\s*(options\.)?adminToken/);
    // Measured: a token right but for its last character against one wrong from the first. Over
    // HTTP this is noise (a figure, not an assertion), and it must not show a gap.
    const time = async (token: string) => {
      const t0 = process.hrtime.bigint();
      await post("/api/cache/purge", "{}", { Authorization: `Bearer ${token}` });
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    const nearly = `${TOKEN.slice(0, -1)}!`;
    const far = `!${TOKEN.slice(1)}`;
    const near: number[] = [];
    const away: number[] = [];
    // 20 + 20: under the 60 wrong tokens a sender may try per minute (server/http/rate-limits.ts).
    for (let i = 0; i < 20; i++) {
      near.push(await time(nearly));
      away.push(await time(far));
    }
    figure("purge_token_compare_median_ms_last_char_wrong", percentile(near, 50).toFixed(3));
    figure("purge_token_compare_median_ms_first_char_wrong", percentile(away, 50).toFixed(3));
  });

  it("limits a burst of forged webhooks, whatever X-Forwarded-For says, yet never a signed one; pages stay up", async () => {
    // Runs last: it spends this client's failures of the minute.
    const body = "{}";
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        post("/api/cache/webhook", body, {
          "X-Forwarded-For": `203.0.113.${i % 250}`,
          "X-Real-IP": `198.51.100.${i % 250}`,
          ...signed(body, now(), `sha256=${"ab".repeat(32)}`),
        }),
      ),
    );
    const limited = answers.filter((r) => r.status === 429);
    figure("webhook_burst_requests", answers.length);
    figure("webhook_burst_limited", limited.length);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 429 || r.status === 401)).toBe(true);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Fixed: the next correctly signed delivery answered 429 — anyone could block purges.
    const signedGood = JSON.stringify({ delivery: randomUUID(), events: [{ type: "menu", id: 1, action: "update" }] });
    expect((await post("/api/cache/webhook", signedGood, signed(signedGood))).status).toBe(202);
    expect((await probe(`${site.url}/about`)).status).toBe(200);
  });
});
