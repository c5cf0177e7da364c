// The React Router request handler (the Vite SSR entry, built into build/server/index.js).
// server/main.ts builds the services once and calls createSiteHandler with them; they reach the
// loaders through the typed router context, so the handler bundle never builds its own.
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import type { RequestHandler } from "express";
import * as build from "virtual:react-router/server-build";
import { siteContext, type SiteContext } from "../app/lib/context";
import { Turns } from "./runtime/turns";

export type SiteServices = Omit<SiteContext, "requestId" | "clientIp" | "renderTurns">;

/**
 * Document renders whose synchronous work may share one task: two, so a render that waits on
 * something (a lazy module on its first use) does not leave the process idle.
 */
const RENDERS_PER_TASK = 2;

export function createSiteHandler(services: SiteServices, mode: "development" | "production"): RequestHandler {
  const renderTurns = new Turns(RENDERS_PER_TASK);
  return createRequestHandler({
    // The build itself, not a function returning it: given a function, React Router derives its
    // route tables again on every request (about a tenth of a render's CPU). Development loads
    // this module afresh per request (server/main.ts), so edits still show.
    build,
    mode,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      const clientIp = req.ip ?? req.socket.remoteAddress ?? "";
      context.set(siteContext, { ...services, requestId: String(res.locals.requestId ?? ""), clientIp, renderTurns });
      return context;
    },
  });
}
