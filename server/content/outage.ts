// What a page answers when WordPress cannot be asked: unreachable, timing out, overloaded or
// refusing our credentials, with nothing cached to fall back on (the cache serves what it has
// first). That is no fault of the site: the page answers 503 with Retry-After (no-store, like
// every 5xx: server/http/site.ts), rendered by the error boundary in the visitor's language, and
// stays apart from the 500s that mean a bug of ours. A WordPress 404 is still a 404 and any other
// error still propagates.
import { data } from "react-router";
import type { ContentService } from "./types";
import { isWordPressError, originErrorKind, type WordPressError } from "./wordpress-client";

/** How long a visitor (or crawler) is asked to wait: about the time WordPress takes to restart. */
export const RETRY_AFTER_SECONDS = 30;

/** The answer a loader throws when WordPress is unreachable: 503 (server/http/site.ts adds Retry-After). */
export function unavailableAnswer() {
  return data({ unavailable: true }, { status: 503 });
}

/**
 * The ContentService as loaders see it: each method's "WordPress unreachable" error becomes the
 * 503 answer, after `onOutage` has noted it (a log line, readiness).
 */
export function answeringOutages(content: ContentService, onOutage: (error: WordPressError) => void): ContentService {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(content) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        if (isWordPressError(error) && originErrorKind(error) === "unreachable") {
          onOutage(error);
          throw unavailableAnswer();
        }
        throw error;
      }
    };
  }
  return wrapped as unknown as ContentService;
}
