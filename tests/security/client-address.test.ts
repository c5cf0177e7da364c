// Whose request is it? Behind the ingress every request comes from the ingress pod, so the client
// address must be read from X-Forwarded-For — but only as far as TRUST_PROXY says, or any visitor
// could pick their own. Proven on the built site, over HTTP, with this test in the role of the
// proxy (it connects from 127.0.0.1):
// - forged webhooks, from one address or from many, never delay a correctly signed one: the
//   signature is checked first and only failures count, per sender;
// - the forms limit each visitor behind TRUST_PROXY (one visitor over the limit does not stop
//   another), and without TRUST_PROXY a forged X-Forwarded-For does not escape the limit;
// - an IPv6 visitor is keyed by its /64, an IPv4-mapped address by its IPv4 address;
// - with Redis, the limit holds across pods;
// - webhook_requests_total{result} counts each outcome.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/requirements";
import { startSite, type RunningSite } from "../support/site";
import { hasRedisServer, startRedis, type RedisServer } from "../support/redis-server";
import { startFakeNewsletter, type FakeNewsletter } from "../support/fake-newsletter";
import { signWebhook } from "../../server/http/cache-api";
import { RATE_LIMITS } from "../../server/http/rate-limits";
import { figure, metricValue, readMetrics } from "../reliability/support";

const ready = hasBuild();
const withRedis = ready && hasRedisServer();
const SECRET = "client-address-webhook-secret-01";
const TOKEN = "client-address-admin-token-0123";
const FAILURES = RATE_LIMITS.webhookFailures.points;
const FORM_POSTS = RATE_LIMITS.newsletter.points;

const now = () => Math.floor(Date.now() / 1000);
/** A genuine delivery: each call another one (a repeated id is answered 200 duplicate). */
const good = () => JSON.stringify({ delivery: randomUUID(), events: [{ type: "menu", id: 1, action: "update" }] });
const signed = (body: string, ts = now()) => ({
  "X-FC-Timestamp": String(ts),
  "X-FC-Signature": signWebhook(SECRET, ts, body),
});
const forged = (ts = now()) => ({ "X-FC-Timestamp": String(ts), "X-FC-Signature": `sha256=${"0".repeat(64)}` });

function webhook(site: RunningSite, headers: Record<string, string>, body = good()) {
  return fetch(`${site.url}/api/cache/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  });
}

/** A genuine delivery, signed (at `ts`), with these headers. */
function signedWebhook(site: RunningSite, headers: Record<string, string>, ts = now()) {
  const body = good();
  return webhook(site, { ...headers, ...signed(body, ts) }, body);
}

function subscribe(site: RunningSite, email: string, forwardedFor?: string) {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    "Sec-Fetch-Site": "same-origin",
  };
  if (forwardedFor) headers["X-Forwarded-For"] = forwardedFor;
  return fetch(`${site.url}/newsletter`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ email, consent: "1" }),
  });
}

describe.runIf(ready)("the client address and the rate limits", () => {
  let newsletter: FakeNewsletter;
  let direct: RunningSite;
  let proxied: RunningSite;
  const env = () => ({
    PURGE_SECRET: SECRET,
    ADMIN_TOKEN: TOKEN,
    NEWSLETTER_API_URL: newsletter.apiUrl,
    NEWSLETTER_API_KEY: "newsletter-key-client-address",
    NEWSLETTER_LIST_ID: "L1",
    LOG_LEVEL: "warn",
  });

  beforeAll(async () => {
    newsletter = await startFakeNewsletter({ apiKey: "newsletter-key-client-address", listId: "L1" });
    [direct, proxied] = await Promise.all([startSite(env()), startSite({ ...env(), TRUST_PROXY: "1" })]);
  });
  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop()]);
    await newsletter?.close();
  });

  it("lets a signed webhook through after a flood of forged ones, each with another X-Forwarded-For (no TRUST_PROXY)", async () => {
    const flood = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        webhook(direct, { "X-Forwarded-For": `203.0.113.${i % 250}`, ...forged() }),
      ),
    );
    const limited = flood.filter((r) => r.status === 429).length;
    figure("forged_webhooks_sent", flood.length);
    figure("forged_webhooks_limited", limited);
    // Without TRUST_PROXY the header is ignored: all 150 are one sender's failures.
    expect(flood.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(limited).toBe(flood.length - FAILURES);
    const retryAfter = Number(flood.find((r) => r.status === 429)!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.webhookFailures.windowSeconds);
    // The same connection's address, the same X-Forwarded-For: a valid signature is never limited.
    const genuine = await signedWebhook(direct, { "X-Forwarded-For": "203.0.113.1" });
    expect(genuine.status).toBe(202);

    const text = await readMetrics(direct.metricsUrl);
    expect(metricValue(text, "webhook_requests_total", { result: "accepted" })).toBe(1);
    expect(metricValue(text, "webhook_requests_total", { result: "bad_signature" })).toBe(FAILURES);
    expect(metricValue(text, "webhook_requests_total", { result: "rate_limited" })).toBe(limited);
    for (const result of ["stale", "malformed", "too_large"])
      expect(metricValue(text, "webhook_requests_total", { result }), result).toBe(0);
  });

  it("counts a forger's failures against the forger only, behind TRUST_PROXY", async () => {
    for (let i = 0; i < FAILURES + 5; i++)
      await webhook(proxied, { "X-Forwarded-For": "203.0.113.7", ...forged() }).then((r) => r.body?.cancel());
    expect((await webhook(proxied, { "X-Forwarded-For": "203.0.113.7", ...forged() })).status).toBe(429);
    // Another sender's forgery is its own first failure, and WordPress's delivery passes.
    expect((await webhook(proxied, { "X-Forwarded-For": "198.51.100.10", ...forged() })).status).toBe(401);
    expect((await signedWebhook(proxied, { "X-Forwarded-For": "198.51.100.9" })).status).toBe(202);
    // Even from the forger's own address (a shared NAT), a valid signature is never limited.
    expect((await signedWebhook(proxied, { "X-Forwarded-For": "203.0.113.7" })).status).toBe(202);
    // Signed, but five minutes and more old: a replay or a wrong clock, counted apart.
    const old = now() - 301;
    expect((await signedWebhook(proxied, { "X-Forwarded-For": "198.51.100.9" }, old)).status).toBe(401);
    const text = await readMetrics(proxied.metricsUrl);
    expect(metricValue(text, "webhook_requests_total", { result: "stale" })).toBe(1);
    expect(metricValue(text, "webhook_requests_total", { result: "accepted" })).toBe(2);
  });

  it("counts wrong purge-API tokens against their sender only; the right token is never limited", async () => {
    const purge = (forwardedFor: string, token: string) =>
      fetch(`${proxied.internalUrl}/api/cache/purge`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${token}`,
          "X-Forwarded-For": forwardedFor,
        },
        body: '{"all": true}',
      });
    const answers: number[] = [];
    for (let i = 0; i < RATE_LIMITS.purgeFailures.points + 2; i++)
      answers.push((await purge("203.0.113.50", "wrong-token-0123456789")).status);
    expect(answers.slice(0, RATE_LIMITS.purgeFailures.points).every((s) => s === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect((await purge("203.0.113.50", TOKEN)).status).toBe(200);
    expect((await purge("203.0.113.51", "wrong-token-0123456789")).status).toBe(401);
  });

  it("limits the forms per visitor behind TRUST_PROXY: one visitor over the limit does not stop another", async () => {
    for (let i = 0; i < FORM_POSTS; i++)
      expect((await subscribe(proxied, `a${i}@example.com`, "192.0.2.10")).status).toBe(200);
    const over = await subscribe(proxied, "a-more@example.com", "192.0.2.10");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await subscribe(proxied, "b0@example.com", "192.0.2.20")).status).toBe(200);
    // The proxy appends the address it saw: only the last hop counts (TRUST_PROXY=1), so a visitor
    // who sends a header of their own still is who the proxy says.
    expect((await subscribe(proxied, "a-spoof@example.com", "198.51.100.99, 192.0.2.10")).status).toBe(429);
  });

  it("keys an IPv6 visitor by its /64: new addresses inside it do not leave the limit, another /64 is another visitor", async () => {
    // One subscriber's /64 holds 2^64 addresses: counted per address, each post could come from a new one.
    for (let i = 0; i < FORM_POSTS; i++)
      expect((await subscribe(proxied, `v6-${i}@example.com`, `2001:db8:17:42::${(i + 1).toString(16)}`)).status).toBe(
        200,
      );
    expect((await subscribe(proxied, "v6-more@example.com", "2001:db8:17:42:ffff:1:2:3")).status).toBe(429);
    expect((await subscribe(proxied, "v6-same@example.com", "2001:0db8:0017:0042:0000:0000:0000:0099")).status).toBe(
      429,
    );
    expect((await subscribe(proxied, "v6-other@example.com", "2001:db8:17:43::1")).status).toBe(200);
    // An IPv4 address written as IPv6 is that IPv4 visitor.
    for (let i = 0; i < FORM_POSTS; i++)
      expect((await subscribe(proxied, `v4-${i}@example.com`, "192.0.2.77")).status).toBe(200);
    expect((await subscribe(proxied, "v4-mapped@example.com", "::ffff:192.0.2.77")).status).toBe(429);
  });

  it("trusts the proxy for the client address only: its X-Forwarded-Host and -Proto never shape a page", async () => {
    const headers = {
      "X-Forwarded-For": "192.0.2.40",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
    };
    for (const path of ["/products", "/it/prodotti", "/sitemap-en.xml", "/robots.txt"]) {
      const res = await fetch(`${proxied.url}${path}`, { headers });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain("evil.example");
    }
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a visitor cannot leave the limit by forging it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < FORM_POSTS + 1; i++)
      statuses.push((await subscribe(direct, `c${i}@example.com`, `192.0.2.${100 + i}`)).status);
    expect(statuses.slice(0, FORM_POSTS).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe.runIf(withRedis)("a rate limit across pods sharing Redis", () => {
  let redis: RedisServer;
  let newsletter: FakeNewsletter;
  let pods: RunningSite[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    newsletter = await startFakeNewsletter({ apiKey: "newsletter-key-pods", listId: "L2" });
    const env = {
      REDIS_URL: redis.url,
      PURGE_SECRET: SECRET,
      TRUST_PROXY: "127.0.0.1/32",
      NEWSLETTER_API_URL: newsletter.apiUrl,
      NEWSLETTER_API_KEY: "newsletter-key-pods",
      NEWSLETTER_LIST_ID: "L2",
      LOG_LEVEL: "warn",
    };
    pods = await Promise.all([startSite(env), startSite(env)]);
  });
  afterAll(async () => {
    await Promise.all(pods.map((p) => p.stop()));
    await newsletter?.close();
    await redis?.stop();
  });

  it("holds a visitor's form limit whichever pod the balancer picks", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < FORM_POSTS + 1; i++)
      statuses.push((await subscribe(pods[i % 2]!, `d${i}@example.com`, "192.0.2.30")).status);
    expect(statuses.slice(0, FORM_POSTS).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await subscribe(pods[1]!, "e@example.com", "192.0.2.31")).status).toBe(200);
  });

  it("holds a forger's failures across pods, and lets the signed webhook through on both", async () => {
    for (let i = 0; i < FAILURES; i++)
      await webhook(pods[i % 2]!, { "X-Forwarded-For": "203.0.113.77", ...forged() }).then((r) => r.body?.cancel());
    expect((await webhook(pods[0]!, { "X-Forwarded-For": "203.0.113.77", ...forged() })).status).toBe(429);
    expect((await webhook(pods[1]!, { "X-Forwarded-For": "203.0.113.77", ...forged() })).status).toBe(429);
    for (const pod of pods) expect((await signedWebhook(pod, { "X-Forwarded-For": "203.0.113.77" })).status).toBe(202);
  });
});
