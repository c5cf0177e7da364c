// The languages the site serves: those WordPress serves, a runtime fact. English (no prefix) is
// always served; Italian only while WordPress has it. Without Polylang, WordPress has one language
// and the fc-headless plugin refuses `lang=it` (400 rest_invalid_param): every Italian page would
// fail. So the site asks WordPress once at start (and again while it could not tell):
// - the fc-headless plugin publishes its languages in the REST index (`fc_headless.languages`);
// - without the plugin, a probe: Italian pages asked with `lang=it` must come back in Italian.
// SITE_LANGUAGES pins the list instead (WordPress is then not asked at start). A language
// WordPress starts refusing at run time (a `lang` answered 400) is dropped until a discovery,
// every minute, finds it served again — pinned or not.
// Consumers take the list as input: routes of a language not served answer 404, and hreflang,
// x-default, the switcher, the redirect at / and the sitemap index never point at it.
import type { Logger } from "pino";
import { DEFAULT_LANG, LANGS, type Lang } from "../../common/locale";
import type { ServedLanguages } from "../../common/site-services";
import { askWordPress } from "./wordpress-languages";
import type { WordPressClient } from "./wordpress-client";

/** How often a site that could not ask WordPress (or was refused a language) asks again. */
const REDISCOVER_MS = 60_000;

export interface SiteLanguagesState {
  served: Lang[];
  /** Where the list comes from. */
  source: "SITE_LANGUAGES" | "wordpress" | "probe" | "default";
  /** Languages dropped because WordPress refused them at run time, with WordPress's message. */
  refused: Partial<Record<Lang, string>>;
}

export interface SiteLanguages extends ServedLanguages {
  /**
   * Ask WordPress which languages it serves. Pinned: only whether the languages it refused are
   * served again (nothing to ask while none is refused). Never throws.
   */
  discover(): Promise<void>;
  /** WordPress refused a language at run time: stop serving it until discovery finds it again. */
  refuse(lang: Lang, reason: string): void;
  state(): SiteLanguagesState;
  /** Called whenever the list changes (pages cached with the old hreflang must go). */
  onChange(listener: (served: readonly Lang[]) => void): void;
  close(): void;
}

export function createSiteLanguages(options: {
  client: WordPressClient;
  logger: Pick<Logger, "info" | "warn">;
  /** SITE_LANGUAGES; undefined: discovered from WordPress. */
  pinned?: Lang[];
}): SiteLanguages {
  const { client, logger, pinned } = options;
  let found: Lang[] = pinned ?? [...LANGS];
  let source: SiteLanguagesState["source"] = pinned ? "SITE_LANGUAGES" : "default";
  const refused: Partial<Record<Lang, string>> = {};
  const listeners: ((served: readonly Lang[]) => void)[] = [];
  let served: readonly Lang[] = found;
  let timer: NodeJS.Timeout | undefined;

  const update = () => {
    const next = found.filter((l) => l === DEFAULT_LANG || !refused[l]);
    if (next.join() === served.join()) return;
    served = next;
    logger.info({ languages: next }, "languages served");
    for (const listener of listeners) listener(next);
  };

  const retryLater = () => {
    if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void discover();
      }, REDISCOVER_MS);
      timer.unref();
    }
  };

  async function discover(): Promise<void> {
    if (pinned && Object.keys(refused).length === 0) return;
    try {
      const answer = await askWordPress(client);
      if (!pinned) {
        found = answer.languages;
        source = answer.source;
      }
      // A refused language comes back once WordPress serves it again (pinned: the pin stays the list).
      for (const lang of answer.languages) delete refused[lang];
      update();
      if (Object.keys(refused).length) retryLater();
    } catch (error) {
      logger.warn(
        { err: (error as Error).message },
        "could not ask WordPress which languages it serves; trying again in a minute",
      );
      retryLater();
    }
  }

  return {
    served: () => served,
    isServed: (lang) => served.includes(lang),
    discover,
    refuse(lang, reason) {
      if (lang === DEFAULT_LANG || refused[lang]) return;
      refused[lang] = reason;
      logger.warn({ lang, reason }, "WordPress refuses a language: its pages answer 404 until it serves it again");
      update();
      retryLater();
    },
    state: () => ({ served: [...served], source, refused: { ...refused } }),
    onChange: (listener) => void listeners.push(listener),
    close: () => clearTimeout(timer),
  };
}
