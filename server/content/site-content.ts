// The ContentService as the site serves it: WordPress's outages and refused languages become
// domain results (outage.ts), each logged with the request it broke, and a language WordPress
// does not serve is never asked for translations.
import type { Logger } from "pino";
import type { ContentService } from "../../common/content";
import { DEFAULT_LANG, LANGS } from "../../common/locale";
import { routeIdOf } from "../../common/route-table";
import { currentScope } from "../request-scope";
import { withOutages } from "./outage";
import type { SiteLanguages } from "./site-languages";
import type { WordPressError } from "./wordpress-client";

/** The fields of a log line about a page WordPress could not serve. */
function originFailure(error: WordPressError) {
  const scope = currentScope();
  return {
    reqId: scope?.requestId,
    path: scope?.path,
    routeId: scope?.path ? routeIdOf(scope.path) : undefined,
    endpoint: error.endpoint,
    status: error.status,
    code: error.code,
    cause: error.message,
  };
}

export function siteContent(
  service: ContentService,
  options: { languages: SiteLanguages; logger: Pick<Logger, "warn" | "error"> },
): ContentService {
  const { languages, logger } = options;
  const answering = withOutages(service, {
    onOutage: (error) => logger.warn(originFailure(error), "WordPress unreachable and nothing cached: answering 503"),
    onUnusable: (error) =>
      logger.error(originFailure(error), "WordPress's answer could not be read and nothing cached: answering 503"),
    onLanguageRefused(error) {
      for (const lang of LANGS) if (lang !== DEFAULT_LANG) languages.refuse(lang, error.message);
    },
  });
  // A language WordPress does not serve has no translations to ask it for (the alternates of
  // every page would otherwise send it one refused request per key and filter).
  return {
    ...answering,
    translate: (kind, key, from, to) =>
      languages.isServed(from) && languages.isServed(to)
        ? answering.translate(kind, key, from, to)
        : Promise.resolve(null),
  };
}
