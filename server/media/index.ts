// The media service as the server runs it: the disk cache read back from MEDIA_CACHE_DIR, the
// transforms sized for the container (MEDIA_TRANSFORMS, else its CPU quota) and its memory budget
// (MEDIA_MEMORY_MB), and purges. A purge of `media:<id>` (the webhook's `media` type, on this
// instance or another through the bus) drops that image's originals and renditions: the id's
// upload path is what the site learned of it (MediaIds: the mappers saw it, or an earlier
// lookup), else it is asked of WordPress (`wp/v2/media/<id>`, `sourceUrlOf`), the one place that
// knows it for every instance. The instance that received the purge also purges the upload's key
// (`media-file:…`) at the edge, so copies answered before the id was known go too.
import os from "node:os";
import { ConfigError, type Config } from "../config";
import type { Logger } from "../logger";
import type { PurgeListener } from "../cache";
import type { CdnPurger } from "../cdn";
import { cgroupCpuQuota } from "../runtime/cpus";
import { createMediaService, type MediaService, type MediaServiceOptions } from "./service";
import { MediaStore } from "./store";
import { uploadKey, uploadPathOf, type MediaIds } from "./ids";
import type { OriginGate } from "./originals";

export { MEDIA_BOUNDS, type MediaService } from "./service";
export { MEDIA_RESULTS, type MediaAnswer, type MediaResult, type StreamAnswer } from "./answers";

/** Hot renditions kept in memory in front of the disk (bytes). */
const MEMORY_TIER_BYTES = 32 * 1024 * 1024;

/**
 * Transforms at once: MEDIA_TRANSFORMS, else the container's CPU quota, else at most two (a
 * process with neither does not know how many cores are its own: the node's count is not).
 */
export function transformsAtOnce(configured: number | undefined, quota = cgroupCpuQuota()): number {
  return configured ?? quota ?? Math.min(2, os.availableParallelism());
}

export interface MediaServiceDeps {
  config: Pick<Config, "mediaCache" | "wpTimeoutMs" | "mediaTransforms">;
  uploadsUrl: string;
  /** `source_url` of a WordPress media id (`wp/v2/media/<id>`); undefined when it has none. */
  sourceUrlOf(id: number): Promise<string | undefined>;
  fetchGate: OriginGate;
  logger: Logger;
  observe?: MediaServiceOptions["observe"];
  onPurge(listener: PurgeListener): unknown;
  /** What the site learned of media ids (shared with the content mappers). */
  ids: MediaIds;
  /** The edge's purger (the outbox), when a CDN is configured. */
  cdn?: Pick<CdnPurger, "purge">;
}

export async function startMediaService(deps: MediaServiceDeps): Promise<MediaService> {
  const { config, logger } = deps;
  const store = new MediaStore({
    dir: config.mediaCache.dir,
    maxBytes: config.mediaCache.maxBytes,
    memoryBytes: MEMORY_TIER_BYTES,
    logger,
  });
  try {
    await store.open();
  } catch (error) {
    throw new ConfigError([`MEDIA_CACHE_DIR: ${config.mediaCache.dir} cannot be written: ${(error as Error).message}`]);
  }
  deps.observe?.cacheBytes?.(store.bytes);
  const running = transformsAtOnce(config.mediaTransforms.running);
  logger.info(
    { transforms: running, memoryMb: Math.round(config.mediaTransforms.memoryBytes / 1048576) },
    "media transforms sized",
  );
  const service = createMediaService({
    uploadsUrl: deps.uploadsUrl,
    timeouts: { headersTimeoutMs: config.wpTimeoutMs, idleTimeoutMs: config.wpTimeoutMs },
    logger,
    store,
    fetchGate: deps.fetchGate,
    transforms: { running, memoryBytes: config.mediaTransforms.memoryBytes },
    observe: deps.observe,
  });
  deps.onPurge(purgeListener(deps, service));
  return service;
}

/** Purges of `media:<id>` tags, resolved to their upload and dropped (and purged at the edge by the instance that received them). */
function purgeListener(deps: MediaServiceDeps, service: MediaService): PurgeListener {
  const { ids, cdn, logger } = deps;

  /** The upload an id names: learned, else asked of WordPress (and then learned). */
  async function uploadOf(id: number): Promise<string | undefined> {
    const known = ids.pathOf(id);
    if (known) return known;
    const sourceUrl = await deps.sourceUrlOf(id);
    if (sourceUrl === undefined) return undefined;
    ids.learn(id, sourceUrl);
    return uploadPathOf(sourceUrl);
  }

  async function purgeMedia(id: number, mode: "hard" | "soft", received: boolean): Promise<void> {
    const uploadPath = await uploadOf(id);
    if (!uploadPath) return;
    await service.purge(uploadPath, mode);
    logger.info({ id, path: uploadPath, mode }, "media purged");
    // `media:<id>` itself reaches the edge with the purge's other tags (server/cache/stack.ts).
    if (received && cdn) {
      cdn
        .purge([uploadKey(uploadPath)], { soft: mode === "soft" })
        .catch((error: unknown) => logger.warn({ err: error, id }, "CDN purge of an upload failed"));
    }
  }

  return (event) => {
    // The repeat pass and a full purge leave images alone: uploads never change under one name,
    // and a full drop of the cache while WordPress is down would break every picture.
    if (event.before !== undefined || event.all) return;
    for (const tag of event.tags) {
      const match = /^media:(\d+)$/.exec(tag);
      if (!match) continue;
      purgeMedia(Number(match[1]), event.mode, event.source === "local").catch((error: unknown) =>
        logger.warn(
          { err: error, tag },
          "media purge could not find the image's file; its copies age out of the cache",
        ),
      );
    }
  };
}
