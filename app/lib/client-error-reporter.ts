// Uncaught errors and unhandled rejections in the browser reach the operators: each is sent with
// navigator.sendBeacon to POST /api/client-errors (server/http/client-error-reports.ts), at most
// MAX_PER_PAGE per page view, duplicates once, sampled, under 8 KiB, and with no personal data:
// paths without query strings or fragments, no form input, no user agent.

export const CLIENT_ERRORS_ENDPOINT = "/api/client-errors";
export const MAX_PER_PAGE = 5;
export const MAX_BYTES = 8 * 1024;

export interface ClientErrorPayload {
  kind: "error" | "unhandledrejection";
  message: string;
  page: string;
  source?: string;
  line?: number;
  column?: number;
  stack?: string;
  release?: string;
}

/** Keep the path only: query strings and fragments may carry personal data. */
export function stripUrl(value: string, origin: string): string {
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return value.split(/[?#]/)[0] ?? "";
  }
}

function scrubText(text: string, max: number): string {
  return text
    .replace(/(https?:\/\/[^\s?#)]*)[?#][^\s):]*/g, "$1")
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[email]")
    .slice(0, max);
}

/** Noise that says nothing about our code: opaque cross-origin errors, extensions, layout loops. */
export function isNoise(message: string, source: string | undefined, origin: string): boolean {
  if (/^Script error\.?$/.test(message) || /ResizeObserver loop/.test(message)) return true;
  if (source && /^(chrome|moz|safari(-web)?)-extension:/.test(source)) return true;
  if (source && /^https?:/.test(source) && !source.startsWith(origin)) return true;
  return false;
}

export function buildPayload(
  input: {
    kind: ClientErrorPayload["kind"];
    error: unknown;
    message?: string;
    source?: string;
    line?: number;
    column?: number;
  },
  context: { origin: string; pathname: string; release?: string },
): ClientErrorPayload {
  const error = input.error;
  const message =
    input.message ||
    (error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === "string"
        ? error
        : (() => {
            try {
              return JSON.stringify(error) ?? String(error);
            } catch {
              return String(error);
            }
          })());
  const payload: ClientErrorPayload = {
    kind: input.kind,
    message: scrubText(message || "unknown error", 500),
    page: context.pathname,
    release: context.release,
  };
  if (input.source) payload.source = stripUrl(input.source, context.origin);
  if (Number.isInteger(input.line)) payload.line = input.line;
  if (Number.isInteger(input.column)) payload.column = input.column;
  if (error instanceof Error && error.stack) payload.stack = scrubText(error.stack, 4000);
  // Stay under the endpoint's limit whatever the stack holds.
  while (new TextEncoder().encode(JSON.stringify(payload)).length > MAX_BYTES - 256 && payload.stack) {
    payload.stack =
      payload.stack.length > 200 ? payload.stack.slice(0, Math.floor(payload.stack.length / 2)) : undefined;
  }
  return payload;
}

export interface ReporterOptions {
  send: (url: string, body: string) => boolean;
  origin: string;
  pathname: () => string;
  release?: string;
  /** Share of page views that report at all (default 1). */
  sampleRate?: number;
  random?: () => number;
  maxPerPage?: number;
}

export interface ClientErrorReporter {
  report(input: Parameters<typeof buildPayload>[0]): boolean;
  /** A new page view: the per-page budget starts again. */
  newPage(): void;
}

export function createClientErrorReporter(options: ReporterOptions): ClientErrorReporter {
  const random = options.random ?? Math.random;
  const max = options.maxPerPage ?? MAX_PER_PAGE;
  let sampled = random() < (options.sampleRate ?? 1);
  let sent = 0;
  const seen = new Set<string>();
  return {
    report(input) {
      if (!sampled || sent >= max) return false;
      const payload = buildPayload(input, {
        origin: options.origin,
        pathname: options.pathname(),
        release: options.release,
      });
      if (isNoise(payload.message, input.source, options.origin)) return false;
      const key = `${payload.kind}|${payload.message}|${payload.source ?? ""}|${payload.line ?? ""}`;
      if (seen.has(key)) return false;
      seen.add(key);
      sent++;
      try {
        return options.send(CLIENT_ERRORS_ENDPOINT, JSON.stringify(payload));
      } catch {
        return false;
      }
    },
    newPage() {
      sent = 0;
      seen.clear();
      sampled = random() < (options.sampleRate ?? 1);
    },
  };
}

let installed: ClientErrorReporter | undefined;

/** Listens for uncaught errors and unhandled rejections on the page (once). */
export function installClientErrorReporter(release: string): ClientErrorReporter | undefined {
  if (typeof window === "undefined" || installed) return installed;
  if (typeof navigator.sendBeacon !== "function") return undefined;
  const reporter = createClientErrorReporter({
    origin: window.location.origin,
    pathname: () => window.location.pathname,
    release,
    send: (url, body) => navigator.sendBeacon(url, new Blob([body], { type: "application/json" })),
  });
  window.addEventListener("error", (event: ErrorEvent) => {
    // Resource load errors (img, script) arrive here without an ErrorEvent's message.
    if (!(event instanceof ErrorEvent)) return;
    reporter.report({
      kind: "error",
      error: event.error,
      message: event.error instanceof Error ? undefined : event.message,
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  });
  window.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    reporter.report({ kind: "unhandledrejection", error: event.reason });
  });
  installed = reporter;
  return reporter;
}

/** Tell the reporter a new page view began (route change). */
export function noteClientPageView(): void {
  installed?.newPage();
}

/** Report an error the page handled itself but operators should hear about (captcha failures). */
export function reportClientError(error: unknown): void {
  installed?.report({ kind: "error", error });
}
