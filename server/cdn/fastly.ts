// Fastly: POST {api}/service/{service_id}/purge with the keys in a Surrogate-Key header (up to
// 256 per call) and the token in Fastly-Key; POST {api}/service/{service_id}/purge_all for
// everything. The site tags its pages with the same keys (Surrogate-Key response header).
import type { PurgeTransport } from "./queue";

export const FASTLY_API_URL = "https://api.fastly.com";
/** Keys per batch call, Fastly's documented maximum. */
export const FASTLY_MAX_KEYS = 256;

export interface FastlyOptions {
  apiToken: string;
  serviceId: string;
  apiUrl?: string;
  /** Fastly-Soft-Purge: mark stale instead of evicting (then served per stale-while-revalidate). */
  soft?: boolean;
}

export function fastlyTransport(options: FastlyOptions): PurgeTransport {
  const base = `${(options.apiUrl ?? FASTLY_API_URL).replace(/\/+$/, "")}/service/${encodeURIComponent(options.serviceId)}`;
  const headers = (): Record<string, string> => ({
    "Fastly-Key": options.apiToken,
    Accept: "application/json",
    ...(options.soft ? { "Fastly-Soft-Purge": "1" } : {}),
  });
  return {
    provider: "fastly",
    request(batch) {
      if (batch === "all") return { url: `${base}/purge_all`, init: { method: "POST", headers: headers() } };
      return {
        url: `${base}/purge`,
        init: { method: "POST", headers: { ...headers(), "Surrogate-Key": batch.join(" ") } },
      };
    },
  };
}
