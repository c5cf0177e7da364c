// The demo's REST request and response, between the HTTP layer and the route handlers. Handlers
// return a result or throw a RestError; the router adds envelopes, embeds and `_fields`.
import type { Query } from "./php";
import type { Site } from "./shapes";

export interface RestRequest {
  method: string;
  /** The route without the /wp-json prefix: "/wp/v2/products/12". */
  route: string;
  query: Query;
  site: Site;
  /** Set when the router embeds a linked resource (context=embed). */
  embedded?: boolean;
}

export interface RestResult {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export function ok(body: unknown, headers: Record<string, string> = {}): RestResult {
  return { status: 200, body, headers };
}
