// /media/{path}: WordPress uploads streamed through the site (when MEDIA_URL is unset), with
// long-lived cache headers: upload file names never change content in WordPress.
import { Readable } from "node:stream";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";

const SAFE_PATH = /^\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:webp|jpe?g|png|gif|avif|svg|pdf|mp4)$/i;
const PASS_HEADERS = ["content-type", "content-length", "last-modified", "etag"];

export function mediaProxy(uploadsUrl: string, logger: Logger): RequestHandler {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return res.status(405).setHeader("Allow", "GET, HEAD").end();
    if (!SAFE_PATH.test(req.path) || req.path.includes("..")) return res.status(404).type("text/plain").send("This page could not be found\n");
    try {
      const upstream = await fetch(uploadsUrl + req.path, { method: req.method, signal: AbortSignal.timeout(15_000) });
      if (!upstream.ok || !upstream.body) {
        res.status(upstream.status === 404 ? 404 : 502).setHeader("Cache-Control", upstream.status === 404 ? "public, max-age=60" : "no-store");
        return res.type("text/plain").send(upstream.status === 404 ? "This page could not be found\n" : "Media unavailable\n");
      }
      for (const name of PASS_HEADERS) {
        const value = upstream.headers.get(name);
        if (value) res.setHeader(name, value);
      }
      if (String(res.getHeader("content-type")).includes("svg")) res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      if (req.method === "HEAD") return res.end();
      Readable.fromWeb(upstream.body as import("node:stream/web").ReadableStream).pipe(res);
    } catch (error) {
      logger.warn({ err: error, path: req.path }, "media fetch failed");
      if (!res.headersSent) res.status(502).setHeader("Cache-Control", "no-store").type("text/plain").send("Media unavailable\n");
    }
  };
}
