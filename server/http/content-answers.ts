// The HTTP boundary of the content layer: the ContentService as loaders see it, with its domain
// errors turned into the answers React Router renders through the error boundary, in the
// visitor's language: ContentUnavailable → 503 (no-store, with Retry-After: pipeline/page-headers.ts),
// ContentNotFound → 404. Everything else propagates unchanged.
import { data } from "react-router";
import type { ContentService } from "../../common/content";
import { isContentNotFound, isContentUnavailable, translatingErrors } from "../content/outage";

export function answeringContentErrors(content: ContentService): ContentService {
  return translatingErrors(content, (error) => {
    if (isContentUnavailable(error)) throw data({ unavailable: true }, { status: 503 });
    if (isContentNotFound(error)) throw data(null, { status: 404, statusText: "Not Found" });
  });
}
