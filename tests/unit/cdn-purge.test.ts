// The CDN purge adapters (server/cdn) against a fake provider API on a loopback port: the request
// shapes of Fastly and Cloudflare, batching at their limits, merging of concurrent purges, pacing,
// retries on 429/5xx, and errors with codes for what cannot be retried.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CdnConfigError,
  CdnPurgeError,
  createCdnPurger,
  type CdnPurger,
  type CdnPurgerOptions,
} from "../../server/cdn";

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}
type Reply = (seen: Seen, res: http.ServerResponse) => unknown;

let server: http.Server;
let base: string;
let seen: Seen[] = [];
let replies: Reply[] = [];
const ok: Reply = (_seen, res) => {
  res
    .writeHead(200, { "Content-Type": "application/json" })
    .end(JSON.stringify({ status: "ok", success: true, errors: [], result: { id: "x" } }));
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry: Seen = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: performance.now(),
      };
      seen.push(entry);
      void (replies.shift() ?? ok)(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  replies = [];
});

const tags = (n: number, prefix = "products") => Array.from({ length: n }, (_, i) => `${prefix}:${i + 1}`);

function fastly(extra: Partial<CdnPurgerOptions> = {}): CdnPurger {
  return createCdnPurger({
    provider: "fastly",
    apiToken: "fastly-token",
    fastlyServiceId: "SVC123",
    apiUrl: base,
    retryBaseMs: 5,
    ...extra,
  })!;
}
function cloudflare(extra: Partial<CdnPurgerOptions> = {}): CdnPurger {
  return createCdnPurger({
    provider: "cloudflare",
    apiToken: "cf-token",
    cloudflareZoneId: "ZONE9",
    apiUrl: `${base}/client/v4`,
    retryBaseMs: 5,
    requestsPerSecond: 1000,
    ...extra,
  })!;
}

describe("createCdnPurger", () => {
  it("is off for provider none, and names the missing variable when half-configured", () => {
    expect(createCdnPurger({ provider: "none" })).toBeUndefined();
    expect(() => createCdnPurger({ provider: "fastly", fastlyServiceId: "s" })).toThrow(/CDN_API_TOKEN/);
    expect(() => createCdnPurger({ provider: "fastly", apiToken: "t" })).toThrow(CdnConfigError);
    expect(() => createCdnPurger({ provider: "fastly", apiToken: "t" })).toThrow(/CDN_FASTLY_SERVICE_ID/);
    expect(() => createCdnPurger({ provider: "cloudflare", apiToken: "t" })).toThrow(/CDN_CLOUDFLARE_ZONE_ID/);
    expect(() =>
      createCdnPurger({ provider: "fastly", apiToken: "t", fastlyServiceId: "s", requestsPerSecond: 0 }),
    ).toThrow(/CDN_PURGE_RATE/);
  });
});

describe("Varnish (xkey)", () => {
  const varnish = (urls: string[], extra: Partial<CdnPurgerOptions> = {}) =>
    createCdnPurger({
      provider: "varnish",
      apiToken: "edge-purge-token-0123",
      varnishUrls: urls,
      retryBaseMs: 5,
      ...extra,
    })!;

  it("names what is missing", () => {
    expect(() => createCdnPurger({ provider: "varnish", varnishUrls: [base] })).toThrow(/CDN_API_TOKEN/);
    expect(() => createCdnPurger({ provider: "varnish", apiToken: "t" })).toThrow(/CDN_VARNISH_URLS/);
    expect(() => createCdnPurger({ provider: "varnish", apiToken: "t", varnishUrls: [`${base}/some/path`] })).toThrow(
      /CDN_VARNISH_URLS/,
    );
  });

  it("sends PURGE / with the token and the keys to every Varnish: soft for an update, hard otherwise, a ban for everything", async () => {
    // Two addresses (the same fake twice, under two names) stand for two Varnish pods.
    const purger = varnish([base, base.replace("127.0.0.1", "localhost")]);
    await purger.purge(["products:12", "products:list"], { soft: true });
    await purger.purge(["products:13"]);
    await purger.purgeAll();
    expect(
      seen.map((s) => [
        s.method,
        s.path,
        s.headers.host?.split(":")[0],
        s.headers["xkey-softpurge"] ?? s.headers["xkey-purge"] ?? s.headers["x-purge-all"],
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["PURGE", "/", "127.0.0.1", "products:12 products:list"],
        ["PURGE", "/", "localhost", "products:12 products:list"],
        ["PURGE", "/", "127.0.0.1", "products:13"],
        ["PURGE", "/", "localhost", "products:13"],
        ["PURGE", "/", "127.0.0.1", "hard"],
        ["PURGE", "/", "localhost", "hard"],
      ]),
    );
    expect(seen).toHaveLength(6);
    expect(seen.filter((s) => s.headers["xkey-softpurge"])).toHaveLength(2);
    for (const s of seen) expect(s.headers.authorization).toBe("Bearer edge-purge-token-0123");
  });

  it("fails the purge when one Varnish refuses it (the others still get it)", async () => {
    replies = [(_s, res) => res.writeHead(401).end("Unauthorized\n")];
    const failure = await varnish([base, base.replace("127.0.0.1", "localhost")])
      .purge(["products:1"])
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CdnPurgeError);
    expect((failure as CdnPurgeError).code).toBe("unauthorized");
    expect((failure as CdnPurgeError).provider).toBe("varnish");
    expect(seen).toHaveLength(2);
  });
});

describe("Fastly", () => {
  it("purges by Surrogate-Key in batches of 256 with the Fastly-Key header", async () => {
    const all = tags(600);
    await fastly().purge([...all, "products:1", "bad tag", "a,b", ""]);
    expect(seen.map((s) => [s.method, s.path])).toEqual(Array(3).fill(["POST", "/service/SVC123/purge"]));
    const batches = seen.map((s) => String(s.headers["surrogate-key"]).split(" "));
    expect(batches.map((b) => b.length)).toEqual([256, 256, 88]);
    expect(batches.flat().sort()).toEqual([...all].sort());
    for (const s of seen) {
      expect(s.headers["fastly-key"]).toBe("fastly-token");
      expect(s.headers["fastly-soft-purge"]).toBeUndefined();
      expect(s.body).toBe("");
    }
  });

  it("purges everything with purge_all, and softly when asked", async () => {
    await fastly().purgeAll();
    await fastly({ soft: true }).purge(["menu:3"]);
    expect(seen.map((s) => s.path)).toEqual(["/service/SVC123/purge_all", "/service/SVC123/purge"]);
    expect(seen[1]!.headers["fastly-soft-purge"]).toBe("1");
    expect(seen[1]!.headers["surrogate-key"]).toBe("menu:3");
  });

  it("merges purges issued together into one call, without duplicates", async () => {
    const purger = fastly();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => purger.purge([`products:${i}`, "products:list", "products"])),
    );
    expect(seen).toHaveLength(1);
    const keys = String(seen[0]!.headers["surrogate-key"]).split(" ");
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
  });

  it("purges a tag again when it is asked for while its call is in flight", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    replies.push(async (s, res) => {
      await held;
      ok(s, res);
    });
    const purger = fastly();
    const first = purger.purge(["products:12"]);
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    const second = purger.purge(["products:12"]);
    release();
    await Promise.all([first, second]);
    expect(seen.map((s) => s.headers["surrogate-key"])).toEqual(["products:12", "products:12"]);
  });

  it("paces calls under the rate limit", async () => {
    // 20 a second with a burst of 1: call k leaves no earlier than k × 50 ms after the purge began,
    // so it cannot arrive earlier either. Arrival gaps alone would shrink whenever one call spends
    // longer in flight than the next (a loaded machine), so the bound is on each call's arrival.
    const started = performance.now();
    await fastly({ requestsPerSecond: 20, burst: 1, batchSize: 10 }).purge(tags(50));
    expect(seen).toHaveLength(5);
    seen.forEach((call, k) => expect(call.at - started).toBeGreaterThanOrEqual(k * 50 - 1));
  });

  it("retries after 429 (Retry-After) and 5xx, then succeeds", async () => {
    replies.push((_s, res) => res.writeHead(429, { "Retry-After": "0" }).end("slow down"));
    replies.push((_s, res) => res.writeHead(503).end("busy"));
    await fastly().purge(["pages:7"]);
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s.headers["surrogate-key"] === "pages:7")).toBe(true);
  });

  it("rejects with a code and does not retry a refused token", async () => {
    replies.push((_s, res) =>
      res.writeHead(403, { "Content-Type": "application/json" }).end('{"msg":"Token lacks purge_select"}'),
    );
    const error = await fastly()
      .purge(["pages:7"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CdnPurgeError);
    expect((error as CdnPurgeError).code).toBe("unauthorized");
    expect((error as CdnPurgeError).status).toBe(403);
    expect(seen).toHaveLength(1);
  });

  it("gives up after maxAttempts on a provider that stays down, and times out a hanging call", async () => {
    for (let i = 0; i < 5; i++) replies.push((_s, res) => res.writeHead(502).end());
    const down = await fastly({ maxAttempts: 3 })
      .purge(["pages:1"])
      .catch((e: unknown) => e);
    expect((down as CdnPurgeError).code).toBe("unavailable");
    expect(seen).toHaveLength(3);
    seen = [];
    replies = [() => undefined, () => undefined];
    const hung = await fastly({ maxAttempts: 2, timeoutMs: 100 })
      .purge(["pages:2"])
      .catch((e: unknown) => e);
    expect((hung as CdnPurgeError).code).toBe("timeout");
    expect(seen).toHaveLength(2);
    server.closeAllConnections();
  });

  it("keeps a purge and its retries within the budget: fewer tries when they would not fit, none after a Retry-After beyond it", async () => {
    for (let i = 0; i < 20; i++) replies.push((_s, res) => res.writeHead(503).end());
    // Waits of 25–75, 50–150, 100–300, 200–600 ms: the fifth try would start past 300 ms at the earliest.
    const down = await fastly({ maxAttempts: 20, retryBaseMs: 50, budgetMs: 300 })
      .purge(["pages:3"])
      .catch((e: unknown) => e);
    expect((down as CdnPurgeError).code).toBe("unavailable");
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.length).toBeLessThanOrEqual(5);
    seen = [];
    replies = [(_s, res) => res.writeHead(429, { "Retry-After": "60" }).end()];
    const limited = await fastly({ maxAttempts: 4, budgetMs: 2000 })
      .purge(["pages:4"])
      .catch((e: unknown) => e);
    expect((limited as CdnPurgeError).code).toBe("rate_limited");
    expect(seen).toHaveLength(1);
  });
});

describe("Cloudflare", () => {
  it("purges by tags in batches of 100 with a Bearer token and a JSON body", async () => {
    const all = tags(250, "collections");
    await cloudflare().purge(all);
    expect(seen.map((s) => [s.method, s.path])).toEqual(Array(3).fill(["POST", "/client/v4/zones/ZONE9/purge_cache"]));
    const bodies = seen.map((s) => JSON.parse(s.body) as { tags: string[] });
    expect(bodies.map((b) => b.tags.length)).toEqual([100, 100, 50]);
    expect(bodies.flatMap((b) => b.tags).sort()).toEqual([...all].sort());
    for (const s of seen) {
      expect(s.headers.authorization).toBe("Bearer cf-token");
      expect(s.headers["content-type"]).toBe("application/json");
    }
  });

  it("purges everything with purge_everything", async () => {
    await cloudflare().purgeAll();
    expect(JSON.parse(seen[0]!.body)).toEqual({ purge_everything: true });
  });

  it("treats a 200 with success: false as a failure", async () => {
    replies.push((_s, res) =>
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ success: false, errors: [{ code: 1134, message: "Purge by tag is not allowed" }] })),
    );
    const error = await cloudflare()
      .purge(["products:1"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CdnPurgeError);
    expect((error as CdnPurgeError).code).toBe("failed");
    expect((error as CdnPurgeError).message).toContain("1134");
  });

  it("keeps the default pace under the plan's limit", async () => {
    // Defaults: 4 calls a second after a burst of 20; 2 100-tag calls go out at once.
    const started = performance.now();
    await createCdnPurger({
      provider: "cloudflare",
      apiToken: "t",
      cloudflareZoneId: "Z",
      apiUrl: `${base}/client/v4`,
    })!.purge(tags(200));
    expect(seen).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
