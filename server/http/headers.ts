// Response headers: the cache headers
// of docs/interfaces.md "Page responses" for HTML and React Router data: browsers revalidate every time
// (never stale-while-revalidate: after a purge the next view must be new), the CDN keeps the page
// for the policy's fresh time with stale-while-revalidate / stale-if-error; errors are no-store.
// Security headers (and the documents' Content-Security-Policy) are in security-headers.ts.
import type { ServerResponse } from "node:http";

export interface CdnPolicy {
  freshSeconds: number;
  staleSeconds: number;
}

export function pageCacheHeaders(status: number, policy: CdnPolicy, notFoundSeconds = 60): Record<string, string> {
  if (status >= 500 || status === 429) return { "Cache-Control": "no-store" };
  const fresh = status === 404 || status === 410 ? Math.min(notFoundSeconds, policy.freshSeconds) : policy.freshSeconds;
  const cdn = `max-age=${fresh}, stale-while-revalidate=${policy.staleSeconds}, stale-if-error=${policy.staleSeconds}`;
  return {
    "Cache-Control": "public, max-age=0, must-revalidate",
    "CDN-Cache-Control": cdn,
    "Surrogate-Control": cdn,
  };
}

export function setHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
