// One request's scope: its id (the only place it is kept: the log's `reqId`, X-Request-Id to
// WordPress, the router context's request log), and what a page learns while it renders: the tags
// of every piece of content it read (Surrogate-Key, page-cache purge), the shortest cache policy
// among them, and the time spent waiting for WordPress (Server-Timing). Made when the request
// begins (server/http/site.ts, `res.locals.scope`), carried by AsyncLocalStorage while it renders
// so loaders never pass it.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestScope {
  tags: Set<string>;
  /** Fresh seconds of the shortest-lived content on the page. */
  freshSeconds: number | undefined;
  originMs: number;
  /** Sent to WordPress as X-Request-Id. */
  requestId: string | undefined;
  /** The page's path, for log lines written while it renders. */
  path?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function newScope(requestId?: string, path?: string): RequestScope {
  return { tags: new Set(), freshSeconds: undefined, originMs: 0, requestId, path };
}

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/** Note content a page was rendered from. */
export function noteContent(tags: readonly string[], freshSeconds?: number): void {
  const scope = storage.getStore();
  if (!scope) return;
  for (const tag of tags) scope.tags.add(tag);
  if (freshSeconds !== undefined) scope.freshSeconds = Math.min(scope.freshSeconds ?? Infinity, freshSeconds);
}

export function noteOrigin(ms: number): void {
  const scope = storage.getStore();
  if (scope) scope.originMs += ms;
}
