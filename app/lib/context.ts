// The typed router context through which server services reach loaders.
// The services are built once in server/main.ts and handed in by server/app.ts's getLoadContext;
// loaders read them with `context.get(siteContext)`. Their shapes are common/'s: the app imports
// nothing from server/.
import { createContext } from "react-router";
import type { Logger } from "pino";
import type { ContentService } from "../../common/content";
import type { PublicConfig } from "../../common/public-config";
import type { FormServices, RenderTurns, ServedLanguages } from "../../common/site-services";

export interface SiteContext {
  content: ContentService;
  publicConfig: PublicConfig;
  /** The log of this request: the process's logger with the request's id (`reqId`). */
  requestLog(): Logger;
  /** Newsletter and contact form (server/integrations), with the flags of which are on. */
  integrations: FormServices;
  /** The languages served: those WordPress serves (or SITE_LANGUAGES), a runtime fact. */
  languages: ServedLanguages;
  /** The process's pino logger: every server-side log line goes through it (never console.*). */
  logger: Logger;
  /** The visitor's IP (express `req.ip`): the key of the forms' rate limits. */
  clientIp: string;
  /** Turns of the process's document renders (entry.server.tsx takes one per render). */
  renderTurns: RenderTurns;
}

export const siteContext = createContext<SiteContext>();
