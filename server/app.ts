// The React Router request handler (the Vite SSR entry, built into build/server/index.js).
// server/main.ts builds the services once and calls createSiteHandler with them; they reach the
// loaders through the typed router context, so the handler bundle never builds its own.
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import type { RequestHandler } from "express";
import * as build from "virtual:react-router/server-build";
import { siteContext, type SiteContext } from "../app/lib/context";

export type SiteServices = Omit<SiteContext, "requestLog" | "clientIp">;

export function createSiteHandler(services: SiteServices, mode: "development" | "production"): RequestHandler {
  return createRequestHandler({
    // The build itself, not a function returning it: given a function, React Router derives its
    // route tables again on every request (about a tenth of a render's CPU). Development loads
    // this module afresh per request (server/page-source.ts), so edits still show.
    build,
    mode,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      const clientIp = req.ip ?? req.socket.remoteAddress ?? "";
      const reqId = res.locals.scope?.requestId;
      context.set(siteContext, { ...services, requestLog: () => services.logger.child({ reqId }), clientIp });
      return context;
    },
  });
}
