// The media service as the server runs it: the disk cache read back from MEDIA_CACHE_DIR, the
// transform queue sized for the pod, the metrics, and purges. A purge of `media:<id>` (the
// webhook's `media` type, on this instance or another through the bus) drops that image's
// originals and renditions: the id's upload path is what the site learned of it (MediaIds: the
// mappers saw it, or an earlier lookup), else it is asked of WordPress (`wp/v2/media/<id>`), the
// one place that knows it for every instance. The instance that received the purge also purges
// the upload's key (`media-file:…`) at the edge, so copies answered before the id was known go too.
import os from "node:os";
import { ConfigError, type Config } from "../config";
import type { Logger } from "../logger";
import type { Metrics } from "../http/metrics";
import type { PurgeListener } from "../cache";
import type { WordPressClient } from "../content/wordpress-client";
import { createMediaService } from "../http/media";
import { MediaStore } from "./store";
import { TransformQueue } from "./renditions";
import { uploadKey, uploadPathOf, type MediaIds } from "./ids";
import type { CdnPurger } from "../cdn";

/** Hot renditions kept in memory in front of the disk (bytes). */
const MEMORY_TIER_BYTES = 32 * 1024 * 1024;
/** Transforms waiting for a turn before further ones are refused (503). */
const TRANSFORMS_WAITING = 32;

/** Transforms at once: one per core the process may use (2 in the chart's pod, at least 1). */
export function transformsAtOnce(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

export interface MediaServiceDeps {
  config: Pick<Config, "mediaCache" | "wpTimeoutMs">;
  uploadsUrl: string;
  client: WordPressClient;
  logger: Logger;
  metrics: Pick<Metrics, "mediaRequests" | "mediaTransformDuration" | "mediaCacheBytes">;
  onPurge(listener: PurgeListener): unknown;
  /** What the site learned of media ids (shared with the content mappers). */
  ids: MediaIds;
  /** The edge's purger (the outbox), when a CDN is configured. */
  cdn?: Pick<CdnPurger, "purge">;
}

export async function startMediaService(deps: MediaServiceDeps) {
  const { config, client, logger, metrics, ids, cdn } = deps;
  const store = new MediaStore({ dir: config.mediaCache.dir, maxBytes: config.mediaCache.maxBytes, memoryBytes: MEMORY_TIER_BYTES, logger });
  try {
    await store.open();
  } catch (error) {
    throw new ConfigError([`MEDIA_CACHE_DIR: ${config.mediaCache.dir} cannot be written: ${(error as Error).message}`]);
  }
  metrics.mediaCacheBytes.set(store.bytes);
  const service = createMediaService({
    uploadsUrl: deps.uploadsUrl,
    timeouts: { headersTimeoutMs: config.wpTimeoutMs, idleTimeoutMs: config.wpTimeoutMs },
    logger,
    store,
    idOf: (uploadPath) => ids.idOf(uploadPath),
    queue: new TransformQueue(transformsAtOnce(), TRANSFORMS_WAITING),
    observe: {
      request: (result) => metrics.mediaRequests.inc({ result }),
      transform: (format, seconds) => metrics.mediaTransformDuration.observe({ format }, seconds),
      cacheBytes: (bytes) => metrics.mediaCacheBytes.set(bytes),
    },
  });

  /** The upload an id names: learned, else asked of WordPress (and then learned). */
  async function uploadOf(id: number): Promise<string | undefined> {
    const known = ids.pathOf(id);
    if (known) return known;
    const answer = await client.get<{ source_url?: unknown }>(`wp/v2/media/${id}`, { _fields: "source_url" });
    if (typeof answer.data.source_url !== "string") return undefined;
    ids.learn(id, answer.data.source_url);
    return uploadPathOf(answer.data.source_url);
  }

  async function purgeMedia(id: number, mode: "hard" | "soft", received: boolean): Promise<void> {
    const uploadPath = await uploadOf(id);
    if (!uploadPath) return;
    await service.purge(uploadPath, mode);
    logger.info({ id, path: uploadPath, mode }, "media purged");
    // `media:<id>` itself reaches the edge with the purge's other tags (server/cache/stack.ts).
    if (received && cdn) {
      cdn.purge([uploadKey(uploadPath)], { soft: mode === "soft" }).catch((error: unknown) => logger.warn({ err: error, id }, "CDN purge of an upload failed"));
    }
  }

  deps.onPurge((event) => {
    // The repeat pass and a full purge leave images alone: uploads never change under one name,
    // and a full drop of the cache while WordPress is down would break every picture.
    if (event.before !== undefined || event.all) return;
    for (const tag of event.tags) {
      const match = /^media:(\d+)$/.exec(tag);
      if (!match) continue;
      purgeMedia(Number(match[1]), event.mode, event.source === "local").catch((error: unknown) => logger.warn({ err: error, tag }, "media purge could not find the image's file; its copies age out of the cache"));
    }
  });
  return service.handler;
}
