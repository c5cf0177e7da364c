// What a request accepts: the encoding it prefers among ours, and whether it has the page already.
import type { IncomingMessage } from "node:http";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

/**
 * The client has this page already (If-None-Match: the ETag, weakly compared, or `*`): answer 304.
 * Only If-None-Match is handed to `fresh`: a fetch() with If-None-Match also sends
 * Cache-Control: no-cache (the Fetch standard adds it), which `fresh` reads as "not fresh"; but the
 * stored page is the origin's current answer (purges remove what changed), so it validates.
 */
export function matchesEtag(req: IncomingMessage, etag: string): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  return ifNoneMatch !== undefined && fresh({ "if-none-match": ifNoneMatch }, { etag });
}

/** Browsers send a handful of distinct Accept-Encoding values: each is negotiated once. */
const encodingOf = new LRUCache<string, "br" | "gzip" | "identity">({ max: 256 });

/** The encoding the browser prefers among ours (q-values honoured: "br;q=0" refuses brotli). */
export function pickEncoding(req: IncomingMessage): "br" | "gzip" | undefined {
  const accept = req.headers["accept-encoding"];
  if (!accept) return undefined;
  let known = encodingOf.get(accept);
  if (known === undefined) encodingOf.set(accept, (known = negotiateEncoding(accept)));
  return known === "identity" ? undefined : known;
}

function negotiateEncoding(accept: string): "br" | "gzip" | "identity" {
  // negotiator 1.x breaks ties with `preferred` (brotli is smaller); its types predate the option.
  const negotiator = new Negotiator({ headers: { "accept-encoding": accept } }) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  const chosen = negotiator.encoding(["br", "gzip", "identity"], { preferred: ["br", "gzip"] });
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}
