// Cloudflare: POST {api}/zones/{zone_id}/purge_cache with {"tags": [...]} (up to 100 tags a call
// on every plan today; it was 30 before 2025) and a Bearer API token with the Cache Purge
// permission; {"purge_everything": true} for everything. The site tags its pages in the Cache-Tag
// response header. A 200 answer can still say `"success": false`.
import { CdnPurgeError } from "./errors";
import type { PurgeTransport } from "./queue";

export const CLOUDFLARE_API_URL = "https://api.cloudflare.com/client/v4";
/** Tags per purge_cache call (Cloudflare's "max operations per request"). */
export const CLOUDFLARE_MAX_TAGS = 100;

export interface CloudflareOptions {
  apiToken: string;
  zoneId: string;
  apiUrl?: string;
}

export function cloudflareTransport(options: CloudflareOptions): PurgeTransport {
  const url = `${(options.apiUrl ?? CLOUDFLARE_API_URL).replace(/\/+$/, "")}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`;
  const init = (body: unknown): RequestInit => ({
    method: "POST",
    headers: {
      Authorization: `Bearer ${options.apiToken}`,
      "Content-Type": "application/json",
      Accept: "application/json",
    },
    body: JSON.stringify(body),
  });
  return {
    provider: "cloudflare",
    request(batch) {
      return { url, init: init(batch === "all" ? { purge_everything: true } : { tags: batch }) };
    },
    async accept(response) {
      const body = (await response.json().catch(() => undefined)) as
        { success?: unknown; errors?: { code?: unknown; message?: unknown }[] } | undefined;
      if (body?.success === true) return;
      const reason =
        body?.errors?.map((e) => `${String(e.code)} ${String(e.message)}`).join("; ") ||
        "no success flag in the answer";
      throw new CdnPurgeError("failed", `cloudflare purge_cache did not succeed: ${reason}`, {
        provider: "cloudflare",
        status: response.status,
      });
    },
  };
}
