// How the cache tells the origin's errors apart, without knowing the origin: whoever owns the
// fetch (the ContentService, for WordPress: server/content/wordpress-errors.ts) hands the stack a
// classifier. `notFound` errors are answers, remembered briefly as plain data (they may go to
// Redis) and thrown again, fresh, to each caller; `transient` ones (down, slow) and `fatal` ones
// are never cached, and a stale copy is served instead when there is one.

export type OriginErrorKind = "notFound" | "transient" | "fatal";

/** What is kept of a not-found answer: plain JSON data, enough to throw an equal error again. */
export type NotFoundAnswer = Readonly<Record<string, unknown>>;

export interface OriginErrors {
  classify(error: unknown): OriginErrorKind;
  /** A `notFound` error as data. */
  remember(error: unknown): NotFoundAnswer;
  /** A fresh error for each caller from what was remembered (stacks and mutations stay per request). */
  revive(answer: NotFoundAnswer): Error;
  /** The error of a fetch that outlived the cache's hard timeout (classified `transient`). */
  timedOut(message: string): Error;
}
