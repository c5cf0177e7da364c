// WordPress as this process reaches it: the client of the site's reads, behind the concurrency
// gate (at most WP_MAX_CONCURRENCY requests at once; past its queue a read is refused at once, and
// a stale copy is served or the page answers 503 with Retry-After), and WordPress's state for
// /readyz, from every answer and from a probe every WP_PROBE_INTERVAL_MS (10 s) that also checks the credentials
// (users/me) when they are set. The probe has a client of its own: it reaches WordPress when the
// gate is full, and its answers are not page reads. Fetches of uploads (image originals) have a
// gate of their own (MEDIA_BOUNDS.fetches): they never take a turn from the content reads, and a
// flood of uploads that are not there never reaches WordPress unbounded either.
import type { Config } from "./config";
import type { Logger } from "./logger";
import type { Metrics } from "./http/metrics";
import { noteOrigin } from "./request-scope";
import { createWordPressClient, type WordPressClient } from "./content/wordpress-client";
import { createWordPressGate, queueBoundFor, type WordPressGate } from "./content/wordpress-gate";
import { createWordPressHealth, type WordPressHealth, type WordPressState } from "./content/wordpress-health";
import { MEDIA_BOUNDS } from "./media";

export interface WordPressOrigin {
  client: WordPressClient;
  health: WordPressHealth;
  /** The turns of upload fetches (image originals), apart from the content reads'. */
  uploadsGate: WordPressGate;
  /** `source_url` of a media id (a purge of `media:<id>` the site never saw). */
  mediaSourceUrl(id: number): Promise<string | undefined>;
}

export function connectWordPress(options: {
  config: Pick<Config, "wpAuth" | "wpTimeoutMs" | "wpProbeIntervalMs" | "wpMaxConcurrency">;
  /** WP_URL, or the bundled demo catalogue's loopback address. */
  wpUrl: string;
  logger: Logger;
  metrics: Metrics;
  /** WordPress's state after every change (the site's state flags). */
  onState(state: WordPressState): void;
}): WordPressOrigin {
  const { config, wpUrl, metrics } = options;
  const credentials = { user: config.wpAuth?.user, appPassword: config.wpAuth?.appPassword };
  const health = createWordPressHealth({
    probeClient: createWordPressClient({
      baseUrl: wpUrl,
      ...credentials,
      timeoutMs: Math.min(config.wpTimeoutMs, 5000),
    }),
    credentialsSent: config.wpAuth !== undefined,
    logger: options.logger,
    onChange: options.onState,
    onAuthFailure: () => metrics.authFailures.inc(),
    intervalMs: config.wpProbeIntervalMs,
  });
  const gate = createWordPressGate({
    maxInflight: config.wpMaxConcurrency,
    maxQueued: queueBoundFor(config.wpMaxConcurrency),
    observe: { inflight: (count) => metrics.originInflight.set(count), rejected: () => metrics.originRejections.inc() },
  });
  const client = createWordPressClient({
    baseUrl: wpUrl,
    ...credentials,
    timeoutMs: config.wpTimeoutMs,
    gate,
    observe(o) {
      metrics.originRequests.inc({ rest_route: o.endpoint, status: String(o.status) });
      metrics.originDuration.observe({ rest_route: o.endpoint }, o.durationMs / 1000);
      // Pages already cached keep being served; readiness, the log and the metric tell the operator.
      health.noteAnswer(o.status, o.code);
      noteOrigin(o.durationMs);
    },
  });
  const uploadsGate = createWordPressGate({
    maxInflight: MEDIA_BOUNDS.fetches.inflight,
    maxQueued: MEDIA_BOUNDS.fetches.waiting,
  });
  const mediaSourceUrl = async (id: number) => {
    const answer = await client.get<{ source_url?: unknown }>(`wp/v2/media/${id}`, { _fields: "source_url" });
    return typeof answer.data.source_url === "string" ? answer.data.source_url : undefined;
  };
  return { client, health, uploadsGate, mediaSourceUrl };
}
