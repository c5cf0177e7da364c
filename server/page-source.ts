// Where the pages come from: in development Vite in middleware mode, loading server/app.ts afresh
// for every request (edits show at once); otherwise the built React Router handler in build/server,
// and the static files of build/client.
import path from "node:path";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import type { SiteServices } from "./app";
import { APP_VERSION } from "../common/release";

/** The project folder: where package.json is, whether this runs from server/ (tsx) or build/node/. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

export interface Pages {
  /** The React Router handler. */
  pages: RequestHandler;
  /** Middleware that runs before the site's own (Vite's, in development). */
  before: RequestHandler[];
  /** The built static files; none in development. */
  clientDir: string | undefined;
  /**
   * The build's identity: its version, the names of its hashed assets and its server bundle. Pages rendered by
   * another build link assets this one may not have: shared pages are keyed by it.
   */
  build: string;
}

/** The version, the names of the hashed assets and the server bundle's bytes (what renders the pages), hashed. */
export function buildIdentity(clientDir: string, version: string, serverBundle?: string): string {
  const assets = existsSync(path.join(clientDir, "assets")) ? readdirSync(path.join(clientDir, "assets")).sort() : [];
  const hash = createHash("sha256").update(assets.join("\n"));
  if (serverBundle && existsSync(serverBundle)) hash.update("\n").update(readFileSync(serverBundle));
  return `${version}+${hash.digest("hex").slice(0, 16)}`;
}

export async function loadPages(services: SiteServices, dev: boolean, root = projectRoot()): Promise<Pages> {
  if (dev) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    const pages: RequestHandler = async (req, res, next) => {
      try {
        const mod = (await server.ssrLoadModule("./server/app.ts")) as typeof import("./app");
        return mod.createSiteHandler(services, "development")(req, res, next);
      } catch (error) {
        if (error instanceof Error) server.ssrFixStacktrace(error);
        next(error);
      }
    };
    return { pages, before: [server.middlewares], clientDir: undefined, build: "development" };
  }
  const serverBundle = path.join(root, "build/server/index.js");
  const build = (await import(pathToFileURL(serverBundle).href)) as typeof import("./app");
  const clientDir = path.join(root, "build/client");
  return {
    pages: build.createSiteHandler(services, "production"),
    before: [],
    clientDir,
    build: buildIdentity(clientDir, APP_VERSION, serverBundle),
  };
}
