// A fake WordPress for fault injection (never instead of the real one): the demo catalogue's real
// answers, except where a test says otherwise — slow, failing with a WordPress error body, HTML
// instead of JSON, invalid JSON, or down altogether. It numbers the REST requests it serves, so
// tests can assert counts (as nginx and Varnish number theirs).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DemoCatalogue, createDemoResponder } from "../../demo";

export type Fault =
  | { kind: "status"; status: number; code: string; message?: string; /** answered after this long */ ms?: number }
  | { kind: "slow"; ms: number }
  | { kind: "html"; status: number }
  | { kind: "invalid-json" }
  | { kind: "wrong-shape" }
  /** Exactly this answer (a body as stock wuxt or a plugin would send it; "" for none at all). */
  | { kind: "answer"; status: number; body: string; contentType?: string }
  /** A file of `body` served with Range support (206), as a web server serves uploads. */
  | { kind: "file"; body: Buffer; contentType: string }
  /** `bytes` of a longer body (Content-Length says `total`), then the connection reset. */
  | { kind: "reset-mid-body"; bytes: number; total: number; contentType: string }
  /** `bytes` of a longer body, then nothing: the connection stays open, silent. */
  | { kind: "stall-mid-body"; bytes: number; total: number; contentType: string }
  /** A body of `total` bytes sent `chunk` bytes every `everyMs`: an upload over a slow link, which holds its connection as long as it lasts. */
  | { kind: "trickle"; chunk: number; everyMs: number; total: number; contentType: string }
  /** A redirect to `location`. */
  | { kind: "redirect"; status: 301 | 302 | 307; location: string };

/** What the site's readiness probe asks WordPress (server/content/wordpress-health.ts). */
export const READINESS_PROBE_PATH = "/wp-json/wp/v2/users/me";

export interface FaultyWordPress {
  url: string;
  catalogue: DemoCatalogue;
  /** REST requests served (faulty ones included). */
  readonly requests: number;
  /**
   * Requests per REST path (no query), for "exactly one origin call" assertions. The site's
   * readiness probe (`READINESS_PROBE_PATH`, every 10 s per instance) is left out of this and
   * `byUrl`: they count the reads of content.
   */
  readonly byPath: Map<string, number>;
  /** Requests per REST URL (path and query): one distinct question to WordPress each. */
  readonly byUrl: Map<string, number>;
  /** REST requests under way now, and the most under way at once since the start (or `resetInflight`). */
  readonly inflight: number;
  readonly maxInflight: number;
  /** Counts from now on only requests whose URL matches `match` (all by default); the maximum starts again. */
  resetInflight(match?: RegExp): void;
  /** A fault for REST paths matching `match`, replacing any other; undefined clears them all. */
  setFault(match: RegExp | undefined, fault?: Fault): void;
  /** One more fault beside those set (the first that matches a request wins). */
  addFault(match: RegExp, fault: Fault): void;
  /** Upload answers whose connection closed before their body was sent (the site let go of them). */
  readonly uploadsCut: number;
  /** Requests for uploads (`/wp-content/uploads/…`) per path, under way now, and the most at once since the start. */
  readonly uploads: { readonly byPath: Map<string, number>; readonly inflight: number; readonly maxInflight: number };
  /** Stop accepting connections (and cut existing ones) until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultyWordPress(catalogue = new DemoCatalogue()): Promise<FaultyWordPress> {
  let url = "";
  const respond = createDemoResponder(catalogue, { publicUrl: () => url });
  let faults: { match: RegExp; fault: Fault }[] = [];
  let requests = 0;
  let inflight = 0;
  let maxInflight = 0;
  let inflightMatch = /./;
  let generation = 0; // a reset starts counting afresh: requests counted before it are not subtracted after
  let uploadsCut = 0;
  const uploads = { byPath: new Map<string, number>(), inflight: 0, maxInflight: 0 };
  const byPath = new Map<string, number>();
  const byUrl = new Map<string, number>();
  let server: Server;
  let port = 0;

  const handler = async (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (path.startsWith("/wp-json/")) {
      if (inflightMatch.test(req.url ?? "")) {
        const counted = generation;
        inflight += 1;
        maxInflight = Math.max(maxInflight, inflight);
        res.once("close", () => {
          if (counted === generation) inflight -= 1;
        });
      }
      requests += 1;
      if (path !== READINESS_PROBE_PATH) {
        byPath.set(path, (byPath.get(path) ?? 0) + 1);
        byUrl.set(req.url!, (byUrl.get(req.url!) ?? 0) + 1);
      }
    }
    if (path.startsWith("/wp-content/uploads/")) {
      uploads.byPath.set(path, (uploads.byPath.get(path) ?? 0) + 1);
      uploads.inflight += 1;
      uploads.maxInflight = Math.max(uploads.maxInflight, uploads.inflight);
      res.once("close", () => (uploads.inflight -= 1));
    }
    const active = faults.find((f) => f.match.test(req.url ?? ""))?.fault;
    if ((active?.kind === "slow" || active?.kind === "status") && active.ms)
      await new Promise((r) => setTimeout(r, active.ms));
    if (active?.kind === "status") {
      res.writeHead(active.status, { "Content-Type": "application/json; charset=UTF-8" });
      return res.end(
        JSON.stringify({
          code: active.code,
          message: active.message ?? "There has been a critical error on this website.",
          data: { status: active.status },
        }),
      );
    }
    if (active?.kind === "html") {
      res.writeHead(active.status, { "Content-Type": "text/html; charset=UTF-8" });
      return res.end("<!DOCTYPE html><html><body><h1>Error establishing a database connection</h1></body></html>");
    }
    if (active?.kind === "answer") {
      res.writeHead(active.status, { "Content-Type": active.contentType ?? "application/json; charset=UTF-8" });
      return res.end(active.body);
    }
    if (
      active?.kind === "file" ||
      active?.kind === "reset-mid-body" ||
      active?.kind === "stall-mid-body" ||
      active?.kind === "trickle"
    ) {
      res.once("close", () => {
        if (!res.writableFinished) uploadsCut += 1;
      });
    }
    if (active?.kind === "file") return serveFile(req, res, active.body, active.contentType);
    if (active?.kind === "reset-mid-body" || active?.kind === "stall-mid-body") {
      res.writeHead(200, { "Content-Type": active.contentType, "Content-Length": String(active.total) });
      res.write(Buffer.alloc(active.bytes, 7));
      if (active.kind === "reset-mid-body") setTimeout(() => res.socket?.resetAndDestroy(), 50);
      return;
    }
    if (active?.kind === "trickle") return trickle(res, active);
    if (active?.kind === "redirect") {
      res.writeHead(active.status, { Location: active.location });
      return res.end();
    }
    if (active?.kind === "invalid-json") {
      res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
      return res.end('{"id": 1, "title": {"rendered": "trunc');
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(", ") : value;
    const answer = await respond({ method: req.method ?? "GET", url: req.url ?? "/", headers });
    if (active?.kind === "wrong-shape" && answer.status === 200) {
      res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
      return res.end(
        JSON.stringify(
          Array.isArray(JSON.parse(String(answer.body)))
            ? [{ id: "not-a-number", title: 42 }]
            : { id: "x", title: null },
        ),
      );
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((req, res) => void handler(req, res));
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as AddressInfo).port;
        url = `http://127.0.0.1:${port}`;
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();

  return {
    get url() {
      return url;
    },
    catalogue,
    get requests() {
      return requests;
    },
    byPath,
    byUrl,
    get inflight() {
      return inflight;
    },
    get maxInflight() {
      return maxInflight;
    },
    resetInflight(match = /./) {
      inflightMatch = match;
      generation += 1;
      inflight = 0;
      maxInflight = 0;
    },
    get uploadsCut() {
      return uploadsCut;
    },
    uploads,
    setFault(match, f) {
      faults = match && f ? [{ match, fault: f }] : [];
    },
    addFault(match, f) {
      faults.push({ match, fault: f });
    },
    stop: shut,
    start: listen,
    close: shut,
  };
}

/** `fault.total` bytes, `fault.chunk` at a time every `fault.everyMs`, until done or the connection closes. */
function trickle(
  res: import("node:http").ServerResponse,
  fault: { chunk: number; everyMs: number; total: number; contentType: string },
): void {
  res.writeHead(200, { "Content-Type": fault.contentType, "Content-Length": String(fault.total) });
  let sent = 0;
  const timer = setInterval(() => {
    const size = Math.min(fault.chunk, fault.total - sent);
    res.write(Buffer.alloc(size, 5));
    sent += size;
    if (sent >= fault.total) {
      clearInterval(timer);
      res.end();
    }
  }, fault.everyMs);
  res.once("close", () => clearInterval(timer));
}

/** A static file with single-range support, written with backpressure (a slow reader slows it). */
function serveFile(
  req: import("node:http").IncomingMessage,
  res: import("node:http").ServerResponse,
  body: Buffer,
  contentType: string,
): void {
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
  let start = 0;
  let end = body.length - 1;
  if (range) {
    start = Number(range[1]);
    end = range[2] ? Math.min(Number(range[2]), end) : end;
    if (start > end) {
      res.writeHead(416, { "Content-Range": `bytes */${body.length}` });
      return void res.end();
    }
    res.writeHead(206, {
      "Content-Type": contentType,
      "Content-Length": String(end - start + 1),
      "Content-Range": `bytes ${start}-${end}/${body.length}`,
      "Accept-Ranges": "bytes",
    });
  } else {
    res.writeHead(200, {
      "Content-Type": contentType,
      "Content-Length": String(body.length),
      "Accept-Ranges": "bytes",
    });
  }
  let at = start;
  const write = () => {
    while (at <= end) {
      const next = Math.min(end + 1, at + 64 * 1024);
      const ok = res.write(body.subarray(at, next));
      at = next;
      if (!ok) return void res.once("drain", write);
    }
    res.end();
  };
  res.once("close", () => res.off("drain", write));
  write();
}
