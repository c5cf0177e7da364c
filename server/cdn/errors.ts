// The CDN adapters' error: a code an operator can act on, the provider and the HTTP status.
export type CdnPurgeErrorCode =
  /** 401/403: the token is wrong, revoked, or lacks the purge permission. */
  | "unauthorized"
  /** Another 4xx: the request was refused (unknown service or zone, malformed tags). */
  | "rejected"
  /** 429 after the retries. */
  | "rate_limited"
  /** 5xx after the retries. */
  | "unavailable"
  | "timeout"
  | "network"
  /** A 2xx whose body reports failure (Cloudflare's `success: false`). */
  | "failed";

const RETRYABLE: ReadonlySet<CdnPurgeErrorCode> = new Set(["rate_limited", "unavailable", "timeout", "network"]);

export class CdnPurgeError extends Error {
  readonly code: CdnPurgeErrorCode;
  readonly provider: string;
  readonly status: number;

  constructor(code: CdnPurgeErrorCode, message: string, details: { provider: string; status: number }) {
    super(message);
    this.name = "CdnPurgeError";
    this.code = code;
    this.provider = details.provider;
    this.status = details.status;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}
