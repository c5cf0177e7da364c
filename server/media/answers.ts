// What the media service answers, in its own words (server/http/media.ts makes HTTP of them):
// bytes or a file to send, a refusal (remembered: missing, too large, unreadable), WordPress
// unavailable with nothing cached, or too busy right now. `lifetime` says how long the edge may
// keep an answer: a year for the rendition asked for, briefly for a stand-in served under pressure.
import type http from "node:http";
import type { Refusal } from "./refusals";

export const MEDIA_RESULTS = ["hit", "miss", "stale", "refused", "error"] as const;
/** hit: from the cache (or a remembered refusal); miss: fetched from WordPress; stale: a purged copy served while WordPress failed. */
export type MediaResult = (typeof MEDIA_RESULTS)[number];

export type Lifetime = "year" | "short";

export type MediaAnswer =
  | { kind: "bytes"; body: Buffer; type: string; variesByAccept: boolean; lifetime: Lifetime; result: MediaResult }
  /** An original on the disk, pinned until `release` (after it was sent). */
  | { kind: "file"; file: string; size: number; type: string; result: MediaResult; release(): void }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "unavailable" }
  | { kind: "busy"; retryAfterSeconds: number };

export type StreamAnswer =
  /** The upstream's answer (200, 206 or 416), its body unread; `release` gives back the stream's slot. */
  | { kind: "stream"; upstream: http.IncomingMessage; release(): void }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "unavailable" }
  | { kind: "busy"; retryAfterSeconds: number };
