// What a page answers when WordPress cannot be asked: unreachable, timing out, overloaded or
// refusing our credentials, with nothing cached to fall back on (the cache serves what it has
// first). That is no fault of the site: the page answers 503 with Retry-After (no-store, like
// every 5xx: server/http/site.ts), rendered by the error boundary in the visitor's language, and
// stays apart from the 500s that mean a bug of ours. An answer WordPress sent that the site cannot
// read (HTML in place of JSON, another shape) with nothing cached is a 503 too, logged at error: it
// needs a person, but it is WordPress's content, not a bug of the site. A WordPress 404 is still a
// 404 and any other error still propagates. A language WordPress refuses answers 404, like any language it lacks.
import { data } from "react-router";
import type { ContentService } from "../../common/content";
import { isWordPressError, originErrorKind, type WordPressError } from "./wordpress-client";

/** How long a visitor (or crawler) is asked to wait: about the time WordPress takes to restart. */
export const RETRY_AFTER_SECONDS = 30;

/** The answer a loader throws when WordPress is unreachable: 503 (server/http/site.ts adds Retry-After). */
export function unavailableAnswer() {
  return data({ unavailable: true }, { status: 503 });
}

/** WordPress refused the `lang` parameter (400 rest_invalid_param naming it): it does not serve that language. */
export function isLanguageRefused(error: WordPressError): boolean {
  const params = (error.body as { data?: { params?: unknown } } | undefined)?.data?.params;
  return error.status === 400 && error.code === "rest_invalid_param" && typeof params === "object" && params !== null && "lang" in params;
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
  /** WordPress unreachable: noted (a log line, readiness) before the 503. */
  onOutage(error: WordPressError): void;
  /** WordPress's answer could not be read (isUnusableAnswer): noted at error level before the 503. */
  onUnusable(error: WordPressError): void;
  /** WordPress refused a language: the site stops serving it (server/content/site-languages.ts) before the 404. */
  onLanguageRefused(error: WordPressError): void;
}

/**
 * The ContentService as loaders see it: each method's "WordPress unreachable" error becomes the
 * 503 answer, and a language WordPress refuses becomes a 404 (a missing language is never a 500).
 */
export function answeringOutages(content: ContentService, handlers: OutageHandlers): ContentService {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(content) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        if (isWordPressError(error) && originErrorKind(error) === "unreachable") {
          handlers.onOutage(error);
          throw unavailableAnswer();
        }
        if (isWordPressError(error) && isUnusableAnswer(error)) {
          handlers.onUnusable(error);
          throw unavailableAnswer();
        }
        if (isWordPressError(error) && isLanguageRefused(error)) {
          handlers.onLanguageRefused(error);
          throw data(null, { status: 404, statusText: "Not Found" });
        }
        throw error;
      }
    };
  }
  return wrapped as unknown as ContentService;
}
