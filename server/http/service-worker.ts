// GET /sw.js: the service worker (built by vite.config.ts into build/client/sw.js), always
// revalidated (`Cache-Control: no-cache`), so a new deployment's worker is found on the next
// visit; the generic static handler would let browsers and CDNs keep it for an hour.
import path from "node:path";
import { existsSync } from "node:fs";
import type { RequestHandler } from "express";

export const SERVICE_WORKER_PATH = "/sw.js";

export function serviceWorkerHandler(clientDir: string | undefined): RequestHandler {
  const file = clientDir ? path.join(clientDir, "sw.js") : undefined;
  return (req, res, next) => {
    if (
      req.path !== SERVICE_WORKER_PATH ||
      (req.method !== "GET" && req.method !== "HEAD") ||
      !file ||
      !existsSync(file)
    )
      return next();
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    res.sendFile(file, { cacheControl: false, lastModified: true, etag: true }, (error) => {
      if (error) next(error);
    });
  };
}
