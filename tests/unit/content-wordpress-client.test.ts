// The WordPress client against a small fake origin: what it sends (query, credentials, request id)
// and how it reads what comes back (paging headers, errors as coded values).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWordPressClient,
  encodeParams,
  endpointOf,
  originErrorKind,
  WordPressError,
  type WpRequestObservation,
} from "../../server/content/wordpress-client";

interface Seen {
  url: URL;
  headers: http.IncomingHttpHeaders;
}

let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    seen.push({ url, headers: req.headers });
    const route = url.pathname.replace(/^\/wp-json\//, "");
    switch (route) {
      case "wp/v2/products":
        return json(res, 200, [{ id: 1 }, { id: 2 }], {
          "X-WP-Total": "42",
          "X-WP-TotalPages": "3",
          Link: `<${baseUrl}/wp-json/wp/v2/products?page=1>; rel="prev", <${baseUrl}/wp-json/wp/v2/products?page=3>; rel="next"`,
        });
      case "wp/v2/products/404":
        return json(res, 404, { code: "rest_post_invalid_id", message: "Invalid post ID.", data: { status: 404 } });
      case "wp/v2/products/401":
        return json(res, 401, {
          code: "rest_forbidden",
          message: "Sorry, you are not allowed to do that.",
          data: { status: 401 },
        });
      case "wp/v2/products/403":
        return json(res, 403, {
          code: "rest_forbidden",
          message: "Sorry, you are not allowed to do that.",
          data: { status: 403 },
        });
      case "wp/v2/bad-password":
        return json(res, 401, {
          code: "incorrect_password",
          message: "The provided password is an invalid application password.",
          data: { status: 401 },
        });
      case "wp/v2/not-logged-in":
        return json(res, 401, {
          code: "rest_not_logged_in",
          message: "You are not currently logged in.",
          data: { status: 401 },
        });
      case "wp/v2/no-route":
        return json(res, 404, {
          code: "rest_no_route",
          message: "No route was found matching the URL and request method.",
          data: { status: 404 },
        });
      case "wp/v2/html":
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<!doctype html><html><body>Briefly unavailable for scheduled maintenance.</body></html>");
      case "wp/v2/bad-gateway":
        res.writeHead(502, { "Content-Type": "text/html" });
        return res.end("<html>502 Bad Gateway</html>");
      case "wp/v2/slow":
        setTimeout(() => json(res, 200, { late: true }), 1_000).unref();
        return;
      case "wuxt/v1/menu":
        // Stock wuxt's empty menu: the route returned null, and WordPress sends no body at all.
        res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
        return res.end();
      case "wuxt/v1/slug/home":
        return json(res, 200, { id: 5 });
      default:
        return json(res, 200, { ok: true });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function last(): Seen {
  const s = seen[seen.length - 1];
  if (!s) throw new Error("no request seen");
  return s;
}

async function failure(promise: Promise<unknown>): Promise<WordPressError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WordPressError);
    return error as WordPressError;
  }
  throw new Error("expected a WordPressError");
}

describe("WordPress client: the request", () => {
  it("sends the query parameters of the REST API, arrays joined by commas, undefined left out", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    await client.get("wp/v2/products", {
      page: 2,
      per_page: 24,
      search: "vaso bianco & oro",
      order: "desc",
      orderby: "date",
      include: [3, 1, 2],
      exclude: [9],
      slug: "white-vase",
      status: "publish",
      parent: 0,
      author: 1,
      post: 7,
      password: "s3cret",
      sticky: true,
      _embed: true,
      categories: [4, 5],
      tags: [6],
      product_categories: 12,
      product_colors: [13, 14],
      before: "2024-01-01T00:00:00",
      after: "2023-01-01T00:00:00",
      lang: "it",
      nothing: undefined,
    });
    const { url } = last();
    expect(url.pathname).toBe("/wp-json/wp/v2/products");
    const q = url.searchParams;
    expect(q.get("page")).toBe("2");
    expect(q.get("per_page")).toBe("24");
    expect(q.get("search")).toBe("vaso bianco & oro");
    expect(q.get("include")).toBe("3,1,2");
    expect(q.get("exclude")).toBe("9");
    expect(q.get("categories")).toBe("4,5");
    expect(q.get("product_colors")).toBe("13,14");
    expect(q.get("product_categories")).toBe("12");
    expect(q.get("sticky")).toBe("true");
    expect(q.has("_embed")).toBe(true);
    expect(q.get("before")).toBe("2024-01-01T00:00:00");
    expect(q.get("lang")).toBe("it");
    expect(q.has("nothing")).toBe(false);
    // Commas stay readable in the URL itself.
    expect(url.search).toContain("include=3,1,2");
  });

  it("leaves out _embed=false (WordPress embeds whenever the key is present) and empty arrays", () => {
    expect(encodeParams({ _embed: false, include: [], b: 1, a: "x" })).toBe("a=x&b=1");
  });

  it("sends Basic credentials and the request id", async () => {
    const client = createWordPressClient({ baseUrl, user: "reader", appPassword: "abcd efgh ijkl", timeoutMs: 2000 });
    await client.get("wp/v2/pages", { slug: "about" }, { requestId: "req-123" });
    const { headers } = last();
    expect(headers.authorization).toBe(`Basic ${Buffer.from("reader:abcd efgh ijkl").toString("base64")}`);
    expect(headers["x-request-id"]).toBe("req-123");
    expect(headers.accept).toBe("application/json");
  });

  it("sends no Authorization header without credentials", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    await client.get("wp/v2/pages");
    expect(last().headers.authorization).toBeUndefined();
  });

  it("names the route pattern, never the raw path, as the endpoint", async () => {
    expect(endpointOf("wp/v2/products/123")).toBe("wp/v2/products/:id");
    expect(endpointOf("wuxt/v1/slug/chi-siamo")).toBe("wuxt/v1/slug/:name");
    expect(endpointOf("wuxt/v1/menu")).toBe("wuxt/v1/menu");
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    expect((await client.get("wuxt/v1/slug/home")).endpoint).toBe("wuxt/v1/slug/:name");
  });
});

describe("WordPress client: the answer", () => {
  it("reads the paging headers", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    const res = await client.get<{ id: number }[]>("wp/v2/products", { page: 2 });
    expect(res.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(res.status).toBe(200);
    expect(res.total).toBe(42);
    expect(res.totalPages).toBe(3);
    expect(res.endpoint).toBe("wp/v2/products");
  });

  it("has null paging for answers without the headers", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    const res = await client.get("wuxt/v1/front-page");
    expect(res.total).toBeNull();
    expect(res.totalPages).toBeNull();
  });

  it("turns a 404 into a not-found error carrying WordPress's code and body", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    const error = await failure(client.get("wp/v2/products/404"));
    expect(error.code).toBe("rest_post_invalid_id");
    expect(error.status).toBe(404);
    expect(error.notFound).toBe(true);
    expect(error.endpoint).toBe("wp/v2/products/:id");
    expect(error.body).toMatchObject({ code: "rest_post_invalid_id", message: "Invalid post ID." });
  });

  it("counts 401/403 rest_forbidden (an unpublished item) as not found", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    for (const route of ["wp/v2/products/401", "wp/v2/products/403"]) {
      const error = await failure(client.get(route));
      expect(error.code).toBe("rest_forbidden");
      expect(error.notFound).toBe(true);
    }
  });

  it("keeps authentication failures as errors, not as missing items", async () => {
    const client = createWordPressClient({ baseUrl, user: "reader", appPassword: "wrong", timeoutMs: 2000 });
    const bad = await failure(client.get("wp/v2/bad-password"));
    expect(bad.code).toBe("incorrect_password");
    expect(bad.status).toBe(401);
    expect(bad.notFound).toBe(false);
    expect(bad.authentication).toBe(true);
    const anonymous = await failure(client.get("wp/v2/not-logged-in"));
    expect(anonymous.notFound).toBe(false);
    expect(anonymous.authentication).toBe(true);
  });

  it("reads an answer with no body at all (stock wuxt's empty menu) as null", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    expect((await client.get("wuxt/v1/menu", { location: "footer" })).data).toBeNull();
  });

  it("tells an outage (down, slow, overloaded, credentials refused) from a missing item and from an answer it cannot use", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 300 });
    expect(originErrorKind(await failure(client.get("wp/v2/products/404")))).toBe("notFound");
    expect(originErrorKind(await failure(client.get("wp/v2/bad-gateway")))).toBe("unreachable");
    expect(originErrorKind(await failure(client.get("wp/v2/slow")))).toBe("unreachable");
    expect(originErrorKind(await failure(client.get("wp/v2/bad-password")))).toBe("unreachable");
    expect(originErrorKind(await failure(client.get("wp/v2/html")))).toBe("fatal");
    expect(originErrorKind(await failure(client.get("wp/v2/no-route")))).toBe("fatal");
  });

  it("does not take a missing route (a plugin switched off) for a missing item", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    const error = await failure(client.get("wp/v2/no-route"));
    expect(error.code).toBe("rest_no_route");
    expect(error.notFound).toBe(false);
  });

  it("answers HTML where JSON was expected with invalid_json", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    const error = await failure(client.get("wp/v2/html"));
    expect(error.code).toBe("invalid_json");
    expect(error.status).toBe(200);
    expect(error.notFound).toBe(false);
  });

  it("codes an error status without a WordPress body http_<status>", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000 });
    const error = await failure(client.get("wp/v2/bad-gateway"));
    expect(error.code).toBe("http_502");
    expect(error.status).toBe(502);
    expect(error.body).toBeUndefined();
  });

  it("gives up after the timeout with a timeout error", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 100 });
    const started = Date.now();
    const error = await failure(client.get("wp/v2/slow"));
    expect(error.code).toBe("timeout");
    expect(error.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("tells the caller's own abort apart from the timeout", async () => {
    const client = createWordPressClient({ baseUrl, timeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(client.get("wp/v2/slow", {}, { signal: controller.signal }));
    expect(error.code).toBe("aborted");
  });

  it("codes an unreachable host network", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = createWordPressClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
    const error = await failure(client.get("wp/v2/products"));
    expect(error.code).toBe("network");
  });

  it("reports every request to the observer, with its pattern and status", async () => {
    const observations: WpRequestObservation[] = [];
    const client = createWordPressClient({ baseUrl, timeoutMs: 2000, observe: (o) => observations.push(o) });
    await client.get("wp/v2/products");
    await failure(client.get("wp/v2/products/404"));
    expect(observations.map(({ endpoint, status, code }) => ({ endpoint, status, code }))).toEqual([
      { endpoint: "wp/v2/products", status: 200, code: undefined },
      { endpoint: "wp/v2/products/:id", status: 404, code: "rest_post_invalid_id" },
    ]);
  });

  it("uses the fetch it is given", async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response("[]", { status: 200, headers: { "X-WP-Total": "0", "X-WP-TotalPages": "0" } });
    };
    const client = createWordPressClient({ baseUrl: "https://wp.example/", timeoutMs: 1000, fetch: fakeFetch });
    const res = await client.get("/wp/v2/media/", { include: [1, 2] });
    expect(calls).toEqual(["https://wp.example/wp-json/wp/v2/media?include=1,2"]);
    expect(res.total).toBe(0);
  });
});
