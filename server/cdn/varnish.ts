// Varnish with xkey (docker/varnish/default.vcl): a self-hosted edge. A purge is `PURGE /` sent to
// every configured Varnish (CDN_VARNISH_URLS), authenticated with `Authorization: Bearer
// <CDN_API_TOKEN>` (the VCL also allow-lists the sender's address), with the keys in one header:
//   xkey-purge: k1 k2 …      hard: the objects are gone, the next visitor waits for the origin
//   xkey-softpurge: k1 k2 …  soft: the objects expire but stay in grace (stale-while-revalidate /
//                             stale-if-error), so an origin that is down still has them served
//   X-Purge-All: hard        everything (a ban on every object)
// The VCL answers 200 with the number of objects it invalidated, 401/403 to a wrong token or
// address, 400 to a PURGE without a key header; anything but a 2xx is a failed purge.
import type { PurgeTransport } from "./queue";

/** Keys per PURGE call: the key header stays well under Varnish's http_req_hdr_len (the VCL's varnishd is started with 64 KiB). */
export const VARNISH_MAX_KEYS = 200;

export interface VarnishOptions {
  /** One Varnish's base URL (scheme, host, port): `http://varnish-0.varnish:6081`. */
  url: string;
  apiToken: string;
  soft: boolean;
}

export function varnishTransport(options: VarnishOptions): PurgeTransport {
  const url = `${options.url.replace(/\/+$/, "")}/`;
  const auth = { Authorization: `Bearer ${options.apiToken}` };
  return {
    provider: "varnish",
    request(batch) {
      if (batch === "all") return { url, init: { method: "PURGE", headers: { ...auth, "X-Purge-All": "hard" } } };
      return {
        url,
        init: {
          method: "PURGE",
          headers: { ...auth, [options.soft ? "xkey-softpurge" : "xkey-purge"]: batch.join(" ") },
        },
      };
    },
  };
}
