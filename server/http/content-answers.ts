// The HTTP boundary of the content layer: the ContentService as loaders see it, with its domain
// errors turned into the answers React Router renders through the error boundary, in the
// visitor's language: ContentUnavailable → 503 (no-store, with Retry-After: pipeline/page-headers.ts),
// ContentNotFound → 404. Everything else propagates unchanged.
import { data } from "react-router";
import type { ContentService } from "../../common/content";
import { isContentNotFound, isContentUnavailable } from "../content/outage";

export function answeringContentErrors(content: ContentService): ContentService {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(content) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        if (isContentUnavailable(error)) throw data({ unavailable: true }, { status: 503 });
        if (isContentNotFound(error)) throw data(null, { status: 404, statusText: "Not Found" });
        throw error;
      }
    };
  }
  return wrapped as unknown as ContentService;
}
