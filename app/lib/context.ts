// The typed router context through which server services reach loaders (ARCHITECTURE.md).
// The services are built once in server/main.ts and handed in by server/app.ts's getLoadContext;
// loaders read them with `context.get(siteContext)`. Only types cross from server/ into app/.
import { createContext } from "react-router";
import type { ContentService } from "../../server/content/types";
import type { PublicConfig } from "../../server/config";
import type { Integrations } from "../../server/integrations";
import type { Logger } from "../../server/logger";
import type { SiteLanguages } from "../../server/content/site-languages";
import type { Turns } from "../../server/runtime/turns";

export interface SiteContext {
  content: ContentService;
  publicConfig: PublicConfig;
  requestId: string;
  /** Newsletter, contact form, captcha verification (server/integrations). */
  integrations: Integrations;
  /** The languages served: those WordPress serves (or SITE_LANGUAGES), a runtime fact. */
  languages: SiteLanguages;
  /** The process's pino logger: every server-side log line goes through it (never console.*). */
  logger: Logger;
  /** The visitor's IP (express `req.ip`): the key of the forms' rate limits. */
  clientIp: string;
  /** Turns of the process's document renders (entry.server.tsx takes one per render). */
  renderTurns: Turns;
}

export const siteContext = createContext<SiteContext>();
