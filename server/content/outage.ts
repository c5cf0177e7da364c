// What the content layer answers when WordPress cannot be asked: unreachable, timing out,
// overloaded or refusing our credentials, with nothing cached to fall back on (the cache serves
// what it has first). That is no fault of the site: the content is unavailable for a while
// (ContentUnavailable, with a hint of when to ask again), apart from the errors that mean a bug of
// ours. An answer WordPress sent that the site cannot read (HTML in place of JSON, another shape)
// with nothing cached is unavailable content too, logged at error: it needs a person, but it is
// WordPress's content, not a bug of the site. A language WordPress refuses is content not found,
// like any language it lacks. Any other error propagates. These are domain results: the HTTP
// boundary (server/http/content-answers.ts) turns them into 503 and 404 answers.
import type { ContentService } from "../../common/content";
import { isWordPressError, originErrorKind, type WordPressError } from "./wordpress-client";

/** How long a visitor (or crawler) is asked to wait: about the time WordPress takes to restart. */
export const RETRY_AFTER_SECONDS = 30;

/** WordPress cannot give the content now and nothing is cached: ask again in `retryAfterSeconds`. */
export class ContentUnavailable extends Error {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor(readonly origin: WordPressError) {
    super(`content unavailable: ${origin.message}`, { cause: origin });
    this.name = "ContentUnavailable";
  }
}

/** The content asked for does not exist: here, in a language WordPress does not serve. */
export class ContentNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContentNotFound";
  }
}

// By name, not instanceof: the HTTP boundary may run from another bundle (build/server) than the
// content layer (build/node), each with its own copy of these classes.
export const isContentUnavailable = (error: unknown): error is ContentUnavailable =>
  error instanceof Error && error.name === "ContentUnavailable";
export const isContentNotFound = (error: unknown): error is ContentNotFound =>
  error instanceof Error && error.name === "ContentNotFound";

/** WordPress refused the `lang` parameter (400 rest_invalid_param naming it): it does not serve that language. */
export function isLanguageRefused(error: WordPressError): boolean {
  const params = (error.body as { data?: { params?: unknown } } | undefined)?.data?.params;
  return (
    error.status === 400 &&
    error.code === "rest_invalid_param" &&
    typeof params === "object" &&
    params !== null &&
    "lang" in params
  );
}

/**
 * WordPress answered 200 with something the site cannot read: HTML or a PHP notice where JSON was
 * due, or a field of another shape than the content model's. A difference between WordPress
 * installations (a plugin, an editor's odd content), never the site's own fault: not a 500.
 */
export function isUnusableAnswer(error: WordPressError): boolean {
  return error.code === "invalid_shape" || (error.code === "invalid_json" && error.status === 200);
}

export interface OutageHandlers {
  /** WordPress unreachable: noted (a log line, readiness) before ContentUnavailable. */
  onOutage(error: WordPressError): void;
  /** WordPress's answer could not be read (isUnusableAnswer): noted at error level before ContentUnavailable. */
  onUnusable(error: WordPressError): void;
  /** WordPress refused a language: the site stops serving it (server/content/site-languages.ts) before ContentNotFound. */
  onLanguageRefused(error: WordPressError): void;
}

/**
 * `content` with every method's failure passed through `translate` first, which throws the error
 * its caller should see instead, or returns to let the original propagate unchanged.
 */
export function translatingErrors(content: ContentService, translate: (error: unknown) => void): ContentService {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(content) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        translate(error);
        throw error;
      }
    };
  }
  return wrapped as unknown as ContentService;
}

export function withOutages(content: ContentService, handlers: OutageHandlers): ContentService {
  return translatingErrors(content, (error) => {
    if (isWordPressError(error) && originErrorKind(error) === "unreachable") {
      handlers.onOutage(error);
      throw new ContentUnavailable(error);
    }
    if (isWordPressError(error) && isUnusableAnswer(error)) {
      handlers.onUnusable(error);
      throw new ContentUnavailable(error);
    }
    if (isWordPressError(error) && isLanguageRefused(error)) {
      handlers.onLanguageRefused(error);
      throw new ContentNotFound(error.message);
    }
  });
}
