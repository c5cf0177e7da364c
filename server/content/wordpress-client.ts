// The one way out to WordPress: GET `$baseUrl/wp-json/{route}` with the query parameters of the
// REST API, credentials, the request id and a timeout. Everything that can go wrong comes back as a
// WordPressError with a code, so callers decide on codes (not found, authentication, timeout)
// instead of parsing messages. Dependency-free on purpose (global fetch): it runs in the server,
// in the benchmarks and in tests against fake origins alike.

import { WordPressQueueFullError, type WordPressGate } from "./wordpress-gate";

export type WpParamValue = string | number | boolean | (string | number)[] | undefined;
export type WpParams = Record<string, WpParamValue>;

export interface WpResponse<T> {
  data: T;
  status: number;
  /** `X-WP-Total`: null when WordPress sent none (single items, wuxt routes). */
  total: number | null;
  /** `X-WP-TotalPages`: null when WordPress sent none. */
  totalPages: number | null;
  /** The route pattern (`wp/v2/products/:id`): a bounded label for metrics and logs. */
  endpoint: string;
}

export interface WpRequestOptions {
  /** Sent as `X-Request-Id`, so a WordPress log line can be matched with ours. */
  requestId?: string;
  /** The caller's own abort: the cache's hard timeout, once nobody waits for the answer. */
  signal?: AbortSignal;
}

/** What each origin request did, for the metrics (`wp_origin_requests_total`, `…_duration_seconds`). */
export interface WpRequestObservation {
  endpoint: string;
  /** HTTP status, or 0 when no response came (timeout, network, aborted). */
  status: number;
  /** The error code when the request failed, undefined on success. */
  code?: string;
  durationMs: number;
}

export interface WordPressClientOptions {
  baseUrl: string;
  user?: string;
  appPassword?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Called once per request that reached WordPress, success or failure. Must not throw. */
  observe?: (observation: WpRequestObservation) => void;
  /** Caps the requests in flight (WP_MAX_CONCURRENCY); unset: no cap. */
  gate?: WordPressGate;
}

export interface WordPressClient {
  get<T = unknown>(route: string, params?: WpParams, opts?: WpRequestOptions): Promise<WpResponse<T>>;
}

export interface WordPressErrorInit {
  code: string;
  status: number;
  message: string;
  endpoint: string;
  body?: unknown;
  cause?: unknown;
}

/**
 * Codes that mean WordPress refused our credentials (a wrong or revoked application password, an
 * unknown user, application passwords switched off, a login wall): an outage to alert on, never a
 * missing page.
 */
const AUTHENTICATION_CODES = new Set([
  "incorrect_password",
  "invalid_username",
  "invalid_email",
  "rest_not_logged_in",
  "application_passwords_disabled",
  "application_passwords_disabled_for_user",
]);

/** Whether an answer (status and WordPress code) says our credentials were refused. */
export function isAuthenticationFailure(status: number, code: string | undefined): boolean {
  return (status === 401 || status === 403) && code !== undefined && AUTHENTICATION_CODES.has(code);
}

/**
 * What a failed WordPress request means for a page:
 * - `notFound`: the item does not exist for the public (an answer, cached briefly);
 * - `unreachable`: WordPress is down, slow, overloaded or refusing our credentials — nothing the
 *   site did wrong; a page with nothing cached answers 503 with Retry-After;
 * - `fatal`: WordPress answered something the site cannot use (a 400, an unexpected shape).
 */
export type OriginErrorKind = "notFound" | "unreachable" | "fatal";

export function originErrorKind(error: WordPressError): OriginErrorKind {
  if (error.notFound) return "notFound";
  if (error.status === 0 || error.status >= 500 || error.status === 429 || error.authentication) return "unreachable";
  // A maintenance page or a login wall in front of WordPress answers HTML, not JSON.
  if (error.code === "invalid_json" && error.status !== 200) return "unreachable";
  return "fatal";
}

export class WordPressError extends Error {
  /**
   * WordPress's own `code` when the body had one, else `http_<status>`, `timeout`, `network`,
   * `aborted`, `invalid_json`, `invalid_shape`, or `overloaded` (refused before asking WordPress:
   * the process already had its WP_MAX_CONCURRENCY requests in flight and its queue full).
   */
  readonly code: string;
  /** HTTP status, 0 when there was no response. */
  readonly status: number;
  /** The error body WordPress sent (`{code, message, data}`), surfaced as is; undefined when it had none. */
  readonly body: unknown;
  readonly endpoint: string;
  /**
   * True when the item does not exist for the public: a 404, or 401/403 `rest_forbidden` (a draft,
   * private or trashed item, docs/interfaces.md "Purge semantics"). False for authentication failures and
   * for `rest_no_route` (the route itself is missing: a plugin is off, which must alert, not 404).
   */
  readonly notFound: boolean;

  constructor(init: WordPressErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "WordPressError";
    this.code = init.code;
    this.status = init.status;
    this.body = init.body;
    this.endpoint = init.endpoint;
    this.notFound = isNotFound(init.status, init.code);
  }

  /** Our credentials were refused. */
  get authentication(): boolean {
    return isAuthenticationFailure(this.status, this.code);
  }
}

function isNotFound(status: number, code: string): boolean {
  if (AUTHENTICATION_CODES.has(code)) return false;
  if (status === 404) return code !== "rest_no_route";
  return (status === 401 || status === 403) && code === "rest_forbidden";
}

export function isWordPressError(error: unknown): error is WordPressError {
  return error instanceof WordPressError;
}

/**
 * The route pattern for metrics labels: numeric segments become `:id`, the name of a wuxt slug
 * lookup `:name`, the REST index `/`. Routes come from our own code, so this keeps the label set
 * small and bounded (rest-routes.ts lists them).
 */
export function endpointOf(route: string): string {
  if (route === "") return "/";
  const parts = route.split("/");
  return parts
    .map((part, i) => {
      if (/^\d+$/.test(part)) return ":id";
      if (i === 3 && parts[0] === "wuxt" && parts[2] === "slug") return ":name";
      return part;
    })
    .join("/");
}

/**
 * The query string: keys sorted (the same request is the same URL, for logs and any HTTP cache in
 * between), arrays joined by commas as WordPress expects, undefined and empty arrays left out.
 * `_embed=false` is left out too: WordPress embeds whenever the key is present at all.
 */
export function encodeParams(params: WpParams = {}): string {
  const parts: string[] = [];
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === "_embed" && value === false) continue;
    const text = Array.isArray(value) ? value.map(String).join(",") : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text).replace(/%2C/gi, ",")}`);
  }
  return parts.join("&");
}

function headerNumber(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The body as JSON; `parsed` false when it is not JSON (what that means depends on the status). */
function readJson(ok: boolean, text: string): { data: unknown; parsed: boolean } {
  // WordPress sends no body at all for a route that returned null (stock wuxt's empty menu).
  if (ok && text.trim() === "") return { data: null, parsed: true };
  try {
    return { data: JSON.parse(text) as unknown, parsed: true };
  } catch {
    return { data: null, parsed: false };
  }
}

/** WordPress's own code and message in the body of an answer it refused (else the status text). */
function refusal(
  data: unknown,
  statusText: string,
): { body: object | undefined; wpCode: string | undefined; wpMessage: string } {
  const body = data && typeof data === "object" ? data : undefined;
  const wpCode =
    body && typeof (body as { code?: unknown }).code === "string" ? (body as { code: string }).code : undefined;
  const wpMessage =
    body && typeof (body as { message?: unknown }).message === "string"
      ? (body as { message: string }).message
      : statusText;
  return { body, wpCode, wpMessage };
}

function normaliseRoute(route: string): string {
  const trimmed = route.replace(/^\/+|\/+$/g, "");
  if (trimmed.includes("?") || trimmed.includes("#")) {
    throw new TypeError(`WordPress route must not carry a query: ${route}`);
  }
  return trimmed;
}

export function createWordPressClient(options: WordPressClientOptions): WordPressClient {
  const base = `${options.baseUrl.replace(/\/+$/, "")}/wp-json`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const authorization =
    options.user && options.appPassword
      ? `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString("base64")}`
      : undefined;

  async function get<T>(route: string, params?: WpParams, opts: WpRequestOptions = {}): Promise<WpResponse<T>> {
    const path = normaliseRoute(route);
    const endpoint = endpointOf(path);
    const query = encodeParams(params);
    const url = `${base}/${path.split("/").map(encodeURIComponent).join("/")}${query ? `?${query}` : ""}`;

    const headers: Record<string, string> = { Accept: "application/json" };
    if (authorization) headers.Authorization = authorization;
    if (opts.requestId) headers["X-Request-Id"] = opts.requestId;

    // One signal for both our timeout and the caller's abort; the timeout covers the body too.
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    const started = performance.now();
    let status = 0;

    const fail = (init: Omit<WordPressErrorInit, "endpoint" | "status">): never => {
      const error = new WordPressError({ ...init, status, endpoint });
      options.observe?.({ endpoint, status, code: error.code, durationMs: performance.now() - started });
      throw error;
    };
    const failTransport = (cause: unknown): never => {
      if (timeout.aborted) {
        return fail({
          code: "timeout",
          message: `WordPress ${endpoint} did not answer within ${options.timeoutMs} ms`,
          cause,
        });
      }
      if (opts.signal?.aborted)
        return fail({ code: "aborted", message: `WordPress ${endpoint} request aborted`, cause });
      return fail({
        code: "network",
        message: `WordPress ${endpoint} unreachable: ${(cause as Error)?.message ?? cause}`,
        cause,
      });
    };

    let response: Response;
    let text: string;
    const exchange = async () => {
      const answer = await doFetch(url, { method: "GET", headers, signal, redirect: "follow" });
      status = answer.status;
      return { answer, body: await answer.text() };
    };
    try {
      // The time waiting for a turn counts against the timeout: the caller's deadline holds.
      ({ answer: response, body: text } = await (options.gate ? options.gate.run(exchange, signal) : exchange()));
    } catch (cause) {
      // Refused without asking WordPress: no observation (WordPress's state is not known from it).
      if (cause instanceof WordPressQueueFullError)
        throw new WordPressError({ code: "overloaded", status: 0, message: cause.message, endpoint, cause });
      return failTransport(cause);
    }

    const { data, parsed } = readJson(response.ok, text);
    if (!response.ok) {
      const { body, wpCode, wpMessage } = refusal(parsed ? data : undefined, response.statusText);
      return fail({
        code: wpCode ?? `http_${status}`,
        message: `WordPress ${endpoint} answered ${status}${wpCode ? ` ${wpCode}` : ""}: ${wpMessage}`,
        body,
      });
    }
    if (!parsed) {
      // A PHP notice before the JSON, a maintenance page, a login wall: never a usable answer.
      return fail({
        code: "invalid_json",
        message: `WordPress ${endpoint} answered ${status} with ${response.headers.get("content-type") ?? "no content type"}, not JSON`,
      });
    }

    options.observe?.({ endpoint, status, durationMs: performance.now() - started });
    return {
      data: data as T,
      status,
      total: headerNumber(response.headers.get("x-wp-total")),
      totalPages: headerNumber(response.headers.get("x-wp-totalpages")),
      endpoint,
    };
  }

  return { get };
}
