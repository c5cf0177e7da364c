// The demo WordPress over HTTP: /wp-json/… (and ?rest_route=) answered by the REST router with
// WordPress's headers, /wp-content/uploads/… by the image renderer. Usable two ways: its own
// server (startDemoWordPress: the site's demo mode on a loopback port, `npm run demo-wordpress`,
// tests), or a request handler to mount in another server (createDemoWordPressApp).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DemoCatalogue } from "./catalogue";
import { MediaRenderer, type MediaRendererOptions } from "./images";
import { serveUpload } from "./uploads";
import { errors, type RestError } from "./rest/errors";
import { parseQuery, phpJson } from "./rest/php";
import { serve } from "./rest/router";

export interface DemoCredentials {
  user: string;
  password: string;
}

export interface DemoAppOptions {
  /** The WordPress host in links and upload URLs; default: from each request's Host header. */
  publicUrl?: string | (() => string);
  /** Share a renderer (and its caches) between apps; default: a new one. */
  renderer?: MediaRenderer;
  media?: MediaRendererOptions;
  /** When set, Basic auth must match (else 401 as WordPress answers); when not, any is accepted. */
  credentials?: DemoCredentials;
  /** Called once per REST request served (not per upload, nor per internal embed). */
  onRestRequest?: () => void;
}

export interface DemoRequest {
  method: string;
  /** Path and query: "/wp-json/wp/v2/products?per_page=5". */
  url: string;
  headers: Record<string, string | undefined>;
}

export interface DemoResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string | null;
}

const JSON_HEADERS = {
  "Content-Type": "application/json; charset=UTF-8",
  "X-Robots-Tag": "noindex",
  "X-Content-Type-Options": "nosniff",
  "Access-Control-Expose-Headers": "X-WP-Total, X-WP-TotalPages, Link",
  "Access-Control-Allow-Headers": "Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type",
};

/** Answers one request; shared by the HTTP handler and the fetch adapter. */
export function createDemoResponder(
  catalogue: DemoCatalogue,
  options: DemoAppOptions = {},
): (req: DemoRequest) => Promise<DemoResponse> {
  const renderer = options.renderer ?? new MediaRenderer(options.media);
  void renderer.warm();
  const hostOf = (req: DemoRequest) => {
    if (typeof options.publicUrl === "function") return options.publicUrl().replace(/\/+$/, "");
    if (options.publicUrl) return options.publicUrl.replace(/\/+$/, "");
    return `http://${req.headers.host ?? "localhost"}`;
  };

  return async (req) => {
    const url = new URL(req.url, "http://demo.invalid");
    const path = url.pathname;
    if (path.startsWith("/wp-content/uploads/")) {
      return serveUpload(
        catalogue,
        renderer,
        req.method,
        path.slice("/wp-content/uploads/".length),
        req.headers["if-none-match"],
      );
    }
    const restRoute =
      path === "/wp-json" || path.startsWith("/wp-json/")
        ? path.slice("/wp-json".length) || "/"
        : url.searchParams.get("rest_route");
    if (restRoute === null) return siteResponse(path);

    options.onRestRequest?.();
    const publicUrl = hostOf(req);
    const query = parseQuery(url.search);
    delete query.rest_route;
    const auth = authenticate(req.headers.authorization, options.credentials);
    const origin = req.headers.origin;
    const headers: Record<string, string> = { ...JSON_HEADERS };
    if (origin) {
      Object.assign(headers, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": "OPTIONS, GET, POST, PUT, PATCH, DELETE",
        "Access-Control-Allow-Credentials": "true",
        Vary: "Origin",
      });
    }
    if (auth !== false) {
      // WordPress sends no-cache headers to logged-in users.
      headers["Cache-Control"] = "no-cache, must-revalidate, max-age=0, no-store, private";
      headers.Expires = "Wed, 11 Jan 1984 05:00:00 GMT";
    }

    let status: number;
    let body: unknown;
    let resultHeaders: Record<string, string> = {};
    if (auth instanceof Error) {
      status = auth.status;
      body = auth.body;
    } else {
      const site = { catalogue, publicUrl, authenticated: auth };
      const result = serve({
        method: req.method.toUpperCase(),
        route: restRoute.startsWith("/") ? restRoute : `/${restRoute}`,
        query,
        site,
      });
      status = result.status;
      body = result.body;
      resultHeaders = result.headers;
    }
    Object.assign(headers, resultHeaders);
    headers.Link ??= `<${publicUrl}/wp-json/>; rel="https://api.w.org/"`;
    if (query._envelope !== undefined) {
      body = { body, status, headers: resultHeaders };
      status = 200;
    }
    const json = phpJson(body);
    return { status, headers, body: req.method.toUpperCase() === "HEAD" ? null : json };
  };
}

/** Credentials check as WordPress's application passwords do it. */
function authenticate(header: string | undefined, expected: DemoCredentials | undefined): boolean | RestError {
  if (!header?.toLowerCase().startsWith("basic ")) return false;
  if (!expected) return true;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const user = colon === -1 ? decoded : decoded.slice(0, colon);
  const password = colon === -1 ? "" : decoded.slice(colon + 1);
  if (user !== expected.user) return errors.invalidUsername();
  // Application passwords are shown with spaces; WordPress ignores them.
  if (password.replace(/\s/g, "") !== expected.password.replace(/\s/g, "")) return errors.incorrectAppPassword();
  return true;
}

function siteResponse(path: string): DemoResponse {
  const html = (status: number, text: string): DemoResponse => ({
    status,
    headers: { "Content-Type": "text/html; charset=UTF-8", Link: '</wp-json/>; rel="https://api.w.org/"' },
    body: `<!doctype html><html lang="en"><meta charset="utf-8"><title>FC – demo WordPress</title><p>${text}</p></html>\n`,
  });
  if (path === "/")
    return html(
      200,
      'The demo catalogue of FC, served as a headless WordPress: see <a href="/wp-json/">/wp-json/</a>.',
    );
  return html(404, "This page could not be found.");
}

/** A Node request handler (also usable as Express middleware) for the demo WordPress. */
export function createDemoWordPressApp(
  catalogue: DemoCatalogue,
  options: DemoAppOptions = {},
): (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void {
  const respond = createDemoResponder(catalogue, options);
  return (req, res, next) => {
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    respond({ method: req.method ?? "GET", url: req.url ?? "/", headers })
      .then((response) => {
        res.writeHead(response.status, response.headers);
        res.end(response.body ?? undefined);
      })
      .catch((error: unknown) => {
        if (next) return next(error);
        res.writeHead(500, { "Content-Type": "application/json; charset=UTF-8" });
        res.end(
          phpJson({
            code: "internal_server_error",
            message: "There has been a critical error on this website.",
            data: { status: 500 },
          }),
        );
      });
  };
}

export interface DemoWordPressOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** DEMO_SCALE: 40 × scale products per language. Ignored when `catalogue` is given. */
  scale?: number;
  /** The host WordPress believes it is on (links, upload URLs); default: the server's own URL. */
  publicUrl?: string;
  catalogue?: DemoCatalogue;
  media?: MediaRendererOptions;
  credentials?: DemoCredentials;
}

export interface DemoWordPress {
  url: string;
  port: number;
  catalogue: DemoCatalogue;
  /** REST requests served so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export async function startDemoWordPress(options: DemoWordPressOptions = {}): Promise<DemoWordPress> {
  const catalogue = options.catalogue ?? new DemoCatalogue({ scale: options.scale ?? 1 });
  const host = options.host ?? "127.0.0.1";
  let requests = 0;
  let url = "";
  const handler = createDemoWordPressApp(catalogue, {
    publicUrl: () => options.publicUrl ?? url,
    media: options.media,
    credentials: options.credentials,
    onRestRequest: () => {
      requests += 1;
    },
  });
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    catalogue,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
