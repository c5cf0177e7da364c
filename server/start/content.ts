// The site's services, what the loaders reach through the router context (server/app.ts): the
// ContentService over the data cache, the languages WordPress serves, and the integrations.
import type { ContentService } from "../../common/content";
import { APP_VERSION } from "../../common/release";
import type { SiteServices } from "../app";
import type { CacheStack } from "../cache";
import { publicConfig } from "../config";
import { createContentService } from "../content/content-service";
import { siteContent } from "../content/site-content";
import { createSiteLanguages, type SiteLanguages } from "../content/site-languages";
import { answeringContentErrors } from "../http/content-answers";
import type { RateLimits } from "../http/rate-limits";
import { createIntegrations } from "../integrations";
import { MediaIds } from "../media/ids";
import { currentScope } from "../request-scope";
import { Turns } from "../runtime/turns";
import type { WordPressOrigin } from "../wordpress";
import type { Essentials } from "./config";

export interface SiteContent {
  services: SiteServices;
  /** The content as the loaders see it: WordPress's outages as 503, refused languages as 404. */
  content: ContentService;
  languages: SiteLanguages;
  /** The media ids the content has shown, for /media/ and its purges. */
  mediaIds: MediaIds;
  /** What WordPress answered that the site shows a fallback for (readiness lists them). */
  warnings(): string[];
}

export interface ContentParts {
  /** WP_URL, or the bundled demo catalogue's loopback address. */
  wpUrl: string;
  wordpress: WordPressOrigin;
  cache: CacheStack;
  rateLimits: RateLimits;
}

/** The ContentService over the cache, observed: every fallback counted, logged and kept until it recovers. */
function contentService({ config, logger, metrics }: Essentials, parts: ContentParts, mediaIds: MediaIds) {
  const fallbacks = new Map<string, string>();
  const service = createContentService({
    client: parts.wordpress.client,
    sawImage: (id, sourceUrl) => mediaIds.learn(id, sourceUrl),
    cached: parts.cache.cached,
    requestId: () => currentScope()?.requestId,
    config: { wpUrl: parts.wpUrl, wpPublicUrl: config.wpPublicUrl, mediaUrl: config.mediaUrl },
    logger,
    observe: {
      fallback(kind, subject, reason) {
        metrics.contentFallbacks.inc({ kind });
        logger.warn({ reqId: currentScope()?.requestId, path: currentScope()?.path, kind, subject }, reason);
        fallbacks.set(`${kind}:${subject}`, reason);
      },
      recovered: (kind, subject) => void fallbacks.delete(`${kind}:${subject}`),
    },
  });
  return { service, warnings: () => [...fallbacks.values()] };
}

export async function startContent(essentials: Essentials, parts: ContentParts): Promise<SiteContent> {
  const { config, logger } = essentials;
  const mediaIds = new MediaIds();
  const { service, warnings } = contentService(essentials, parts, mediaIds);
  // The languages WordPress serves (or SITE_LANGUAGES): asked before the first page, bounded.
  const languages = createSiteLanguages({ client: parts.wordpress.client, logger, pinned: config.siteLanguages });
  // The credentials are checked at start as well (logged, never fatal: WordPress may come later).
  await Promise.race([
    Promise.all([languages.discover(), parts.wordpress.health.start()]),
    new Promise((resolve) => setTimeout(resolve, 3000).unref()),
  ]);
  // Loaders see WordPress's outages as 503 and refused languages as 404 (the HTTP boundary).
  const content = answeringContentErrors(siteContent(service, { languages, logger }));
  const services: SiteServices = {
    content,
    publicConfig: publicConfig(config, APP_VERSION),
    // Newsletter, contact form and captcha verification; each off when its keys are unset.
    integrations: createIntegrations({ config, wpUrl: parts.wpUrl, logger, rateLimits: parts.rateLimits }),
    logger,
    languages,
    // Document renders whose synchronous work may share one task: two, so a render that waits on
    // something (a lazy module on its first use) does not leave the process idle. One set of turns
    // for the process (development builds the request handler again for every request).
    renderTurns: new Turns(2),
  };
  return { services, content, languages, mediaIds, warnings };
}
