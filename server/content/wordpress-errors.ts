// WordPress's errors as the cache sees them (server/cache/origin-errors.ts): not found (a 404, an
// unpublished item) is an answer; unreachable (down, slow, overloaded, credentials refused) is
// transient; the rest is fatal. The cache remembers a not-found answer as data and throws an equal
// WordPressError to each caller.
import type { NotFoundAnswer, OriginErrors } from "../cache/origin-errors";
import { isWordPressError, originErrorKind, WordPressError } from "./wordpress-client";

export const wordpressOriginErrors: OriginErrors = {
  classify(error) {
    if (!isWordPressError(error)) return "fatal";
    const kind = originErrorKind(error);
    return kind === "unreachable" ? "transient" : kind;
  },
  remember(error) {
    const e = error as WordPressError;
    const answer: Record<string, unknown> = {
      code: e.code,
      status: e.status,
      message: e.message,
      endpoint: e.endpoint,
    };
    if (e.body !== undefined) answer.body = e.body;
    return answer;
  },
  revive(answer: NotFoundAnswer) {
    const { code, status, message, endpoint, body } = answer as {
      code: string;
      status: number;
      message: string;
      endpoint: string;
      body?: unknown;
    };
    return new WordPressError({ code, status, message, endpoint, body });
  },
  timedOut(message) {
    return new WordPressError({ code: "timeout", status: 0, endpoint: "cache", message });
  },
};
